import type { Lock } from "../pin/lock.js";
import { readLock } from "../pin/lock-file.js";
import { digestLongTexts } from "../pin/lock-digest.js";
import { PIN_FAIL_ON, type PinFailOn, type PinReport } from "../pin/verify.js";
import { pinnedClientCapabilities } from "../pin/verify-profiles.js";
import type { LockSetReport } from "../pin/verify-set.js";
import { lockSetMessage } from "../report/lockset.js";
import { pinMessage, renderPinReport } from "../report/pin.js";
import { renderPinMarkdown } from "../report/pin-markdown.js";
import { itemName } from "../report/surface-label.js";
import type { Style } from "../report/style.js";
import { isToolscoreError, ToolscoreError } from "../util/errors.js";
import { escapeLine } from "../util/unicode.js";
import { choice, pathArg } from "./args.js";
import type { Annotation } from "./ci.js";
import type { CliContext } from "./context.js";

/** `--pin LOCK` and its `--fail-on`, shared by `mcp lint` and `mcp test`. */
export const PIN_CHECK_OPTIONS = {
  pin: { type: "string" },
  "fail-on": { type: "string" },
} as const;

/** Help lines for the options above. */
export const PIN_CHECK_HELP = `  --pin LOCK                    also check the server against LOCK, as mcp verify-pin does;
                                its failure fails the command
  --fail-on MODE                with --pin: drift (default), capability or never
`;

/**
 * Reads a lock named on the command line to check a server against; a missing one says how to make
 * it. Its own hashes are checked now and its texts too long to diff are kept as digests
 * ({@link digestLongTexts}), so that a lock of a 50 MB description is not held while the server's
 * answer is read.
 */
export function readLockArg(shown: string, ctx: CliContext): Lock {
  const path = pathArg(shown, ctx);
  try {
    return digestLongTexts(readLock(path));
  } catch (e) {
    if (isToolscoreError(e, "FILE_NOT_FOUND")) {
      throw new ToolscoreError(
        "FILE_NOT_FOUND",
        `no such lock: ${shown} (write one with toolscore mcp pin SERVER, or name it with --lock FILE)`,
        { path },
      );
    }
    throw e;
  }
}

/** A pin check requested with `--pin`: the lock and the mode, read before the server is started. */
export interface PinCheck {
  lock: Lock;
  failOn: PinFailOn;
  /** The `--client-capabilities` value the server must be started with: the lock's. */
  clientCapabilities: string;
}

/**
 * The client capabilities a check against `lock` starts the server with: the ones the lock was
 * pinned with, so that the server shows the surface that was pinned. Asking for another set is a
 * usage error, the same for `mcp verify-pin` and `--pin` on `mcp lint` and `mcp test`.
 */
export function lockClientCapabilities(lock: Lock, asked: string | undefined): string {
  return pinnedClientCapabilities(lock, asked?.split(",")).join(",");
}

/**
 * Reads `--pin` and `--fail-on`. Returns undefined without `--pin`; `--fail-on` alone is a usage
 * error, and so are client capabilities other than the lock's (see {@link lockClientCapabilities}).
 */
export function preparePinCheck(
  values: Record<string, unknown>,
  ctx: CliContext,
  command: string,
): PinCheck | undefined {
  const pin = values.pin as string | undefined;
  if (pin === undefined) {
    if (values["fail-on"] !== undefined) {
      throw new ToolscoreError("USAGE", `--fail-on goes with --pin LOCK (see: toolscore ${command} --help)`);
    }
    return undefined;
  }
  const failOn = choice("--fail-on", values["fail-on"] as string | undefined, PIN_FAIL_ON, "drift");
  const lock = readLockArg(pin, ctx);
  const clientCapabilities = lockClientCapabilities(
    lock,
    values["client-capabilities"] as string | undefined,
  );
  return { lock, failOn, clientCapabilities };
}

/** The console text of the check, with a blank line before it. */
export function renderPinCheck(report: PinReport, style: Style): string {
  return `\n${renderPinReport(report, style)}`;
}

/**
 * For `--ci`: the Markdown and the annotations: an error for each failing finding, a warning
 * (marked as reported only) for each error finding the chosen `--fail-on` does not fail on.
 */
export function pinCheckCi(report: PinReport): { markdown: string; annotations: Annotation[] } {
  return {
    markdown: renderPinMarkdown(report),
    annotations: report.findings
      .filter((f) => f.failing || f.severity === "error")
      .map((f) => ({
        level: f.failing ? ("error" as const) : ("warning" as const),
        title: `${f.rule}${f.tool !== null ? ` ${escapeLine(f.tool)}` : f.item ? ` ${escapeLine(itemName(f.item))}` : ""}${f.failing ? "" : ` (reported only under --fail-on ${report.failOn})`}`,
        message: escapeLine(pinMessage(f)),
      })),
  };
}

/**
 * The `--ci` output of a lock-set check: each checked server's job summary under its name, and
 * annotations for failing set findings, servers that could not be checked and their pin findings.
 */
export function lockSetCi(report: LockSetReport): { markdown: string; annotations: Annotation[] } {
  const markdown: string[] = [];
  const annotations: Annotation[] = [];
  for (const s of report.servers) {
    const name = escapeLine(s.name);
    for (const f of s.findings.filter((x) => x.failing))
      annotations.push({
        level: "error",
        title: `${f.rule} ${name}`,
        message: escapeLine(lockSetMessage(f)),
      });
    if (s.error !== null)
      annotations.push({ level: "error", title: `could not check ${name}`, message: escapeLine(s.error) });
    if (s.report) {
      const ci = pinCheckCi(s.report);
      markdown.push(`### ${name}\n\n${ci.markdown}`);
      annotations.push(...ci.annotations.map((a) => ({ ...a, title: `${name}: ${a.title}` })));
    }
  }
  return { markdown: markdown.join("\n"), annotations };
}
