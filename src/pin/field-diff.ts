// The field diff of a lock against a server, and of two servers: data only (hunks of raw lines).
// Escaping for people is the report layer's business; JSON carries these lines exactly.
import { structuredPatch } from "diff";
import { sha256Hex } from "./canonical.js";
import { stableJson } from "../util/json.js";
import { limitBytes, limits } from "../util/limits.js";

/**
 * A unified diff of one field of a tool, as data: header names and hunks of raw lines, each
 * prefixed by ` `, `-` or `+`. The lines are exactly what the server sent; renderers for people
 * escape them (`renderFieldDiff` in the report layer), JSON keeps them as they are.
 */
export interface FieldDiff {
  field: string;
  /** `--- ` header name, e.g. `description (lock)`. */
  from: string;
  /** `+++ ` header name, e.g. `description`. */
  to: string;
  hunks: Array<{ header: string; lines: string[] }>;
  /**
   * Set, with no hunks, when the two sides are past a text-diff limit (`diff-kb`, `diff-lines`,
   * `diff-edits`): a line-by-line diff would cost time quadratic in the text, so only the sizes
   * and hashes of the two sides are given.
   */
  tooLarge?: { limit: "diff-kb" | "diff-lines" | "diff-edits"; from: TextSummary; to: TextSummary };
}

/** Line count and SHA-256 (of the UTF-8 text) of one side of a diff too large to show. */
export interface TextSummary {
  lines: number;
  sha256: string;
}

function lineCount(text: string): number {
  if (text === "") return 0;
  let n = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

const summary = (text: string): TextSummary => ({ lines: lineCount(text), sha256: sha256Hex(text) });

/**
 * How a field is shown for diffing: descriptions and other strings as text, everything else
 * (schemas, annotations) as indented JSON with sorted keys. An absent field is empty.
 */
export function fieldText(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  return stableJson(value);
}

function range(start: number, count: number): string {
  // GNU diff convention: a count of 1 is left out; an empty range starts one line before.
  if (count === 1) return String(start);
  return `${count === 0 ? Math.max(0, start - 1) : start},${count}`;
}

/**
 * The unified diff between two values of a field (three lines of context), lines kept raw.
 * Returns undefined when the two show the same.
 */
export function diffField(
  field: string,
  before: unknown,
  after: unknown,
  labels = { from: " (lock)", to: "" },
): FieldDiff | undefined {
  const a = fieldText(before);
  const b = fieldText(after);
  if (a === b) return undefined;
  const head = { field, from: `${field}${labels.from}`, to: `${field}${labels.to}` };
  const tooLarge = (limit: "diff-kb" | "diff-lines" | "diff-edits"): FieldDiff => ({
    ...head,
    hunks: [],
    tooLarge: { limit, from: summary(a), to: summary(b) },
  });
  const maxChars = limitBytes("diff-kb");
  if (a.length > maxChars || b.length > maxChars) return tooLarge("diff-kb");
  const maxLines = limits()["diff-lines"];
  if (lineCount(a) > maxLines || lineCount(b) > maxLines) return tooLarge("diff-lines");
  // Myers' diff takes time in the product of the text's length and the edit distance: bounded
  // by the edit distance, it gives up (undefined) instead of running for minutes.
  const patch = structuredPatch("a", "b", a === "" ? "" : a + "\n", b === "" ? "" : b + "\n", "", "", {
    context: 3,
    maxEditLength: limits()["diff-edits"],
  });
  if (!patch) return tooLarge("diff-edits");
  return {
    ...head,
    hunks: patch.hunks.map((h) => ({
      header: `@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@`,
      lines: h.lines.filter((l) => !l.startsWith("\\")),
    })),
  };
}
