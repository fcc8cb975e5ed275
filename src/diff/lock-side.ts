// A lock as a side of a diff, made small: its texts too long to diff are kept as digests (see
// pin/lock-digest.ts), so that comparing a lock of a 50 MB description with the server does not
// hold the text twice. What the diff reads of a whole text beside its size and hash is lint's
// findings on its tool: those are found before the text is let go, and kept here.
import { lintTools } from "../lint/index.js";
import type { LintFinding } from "../lint/types.js";
import type { RawTool } from "../mcp/types.js";
import { digestLongTexts } from "../pin/lock-digest.js";
import type { Lock } from "../pin/lock.js";

// Each digested tool definition's lint findings, found on the whole definition.
const linted = new WeakMap<object, LintFinding[]>();

/** The lint findings of a tool whose texts are digests, found on it whole; undefined for any other tool. */
export function lintedWhole(tool: RawTool): LintFinding[] | undefined {
  return linted.get(tool);
}

/**
 * The lock side of a diff with its long tool texts as digests, each such tool linted first; the
 * lock itself when it has none. A lock whose tools repeat a name or have one that is not a string
 * is kept whole: lint labels such tools by their place in the list, which a tool linted alone has
 * not. Prompts, resource templates and resources are kept whole (their lint runs on the whole
 * list), and so are schemas (the diff reads their parameters).
 */
export function digestLockSide(lock: Lock): Lock {
  const names = lock.tools.map((t) => t.definition.name);
  if (names.some((n) => typeof n !== "string") || new Set(names).size !== names.length) return lock;
  return digestLongTexts(lock, {
    check: false,
    surface: false,
    objects: false,
    onDigest: (whole, digested) => linted.set(digested, lintTools([whole as RawTool])),
  });
}
