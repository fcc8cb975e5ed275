import type { SurfaceKind } from "../mcp/surface.js";
import type { EffectFinding } from "../pin/effects.js";
import { packageLabel, type LockedPackage } from "../pin/package.js";
import { coversProfile } from "../pin/profiles.js";
import type { PinFinding, PinReport } from "../pin/verify.js";
import { escapeLine } from "../util/unicode.js";
import { renderFieldDiff } from "./field-diff.js";
import { PLAIN, type Style } from "./style.js";
import { itemLabel } from "./surface-label.js";

const q = (s: string) => `'${s}'`;

const packageText = (p: LockedPackage) =>
  `${packageLabel(p)}${p.integrity ? ` (${p.integrity.length > 24 ? `${p.integrity.slice(0, 21)}...` : p.integrity})` : ""}`;

function sourcesOf(effects: readonly EffectFinding[]): string {
  const all = effects.flatMap((c) => c.sources);
  return all.length ? ` (${[...new Set(all)].join("; ")})` : "";
}

function names(effects: readonly EffectFinding[]): string {
  const list = effects.map((c) => c.capability);
  return list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)!}`;
}

const capsText = (caps: readonly string[]) => (caps.length ? caps.join(", ") : "no capabilities");

const KIND_PLURAL: Record<SurfaceKind, string> = {
  prompt: "prompts",
  resource_template: "resource templates",
  resource: "resources",
};

const item = (f: PinFinding) => (f.item ? itemLabel(f.item) : "");

/**
 * The sentence a person reads for a finding, not yet escaped: it names the tool and why (for a
 * capability finding, the sources).
 */
export function pinMessage(f: PinFinding): string {
  const said = ruleMessage(f);
  return f.profiles ? `${said} (for clients that declare ${f.profiles.map(capsText).join("; ")})` : said;
}

function ruleMessage(f: PinFinding): string {
  const tool = q(f.tool ?? "");
  switch (f.rule) {
    case "pin-lock-modified": {
      const what = (f.problems ?? []).map((p) =>
        p.item ? `${itemLabel(p.item)} ${p.what}` : p.tool === null ? p.what : `${q(p.tool)} ${p.what}`,
      );
      return `the lock does not match its own hashes (${what.join(", ")}): it was edited by hand`;
    }
    case "pin-tool-duplicated":
      return f.where === "lock"
        ? `the lock holds ${f.count ?? 2} tools named ${tool}: pin the server again once it lists the name once`
        : `the server lists ${f.count ?? 2} tools named ${tool}: clients disagree on which one they use, so the lock cannot vouch for it`;
    case "pin-capability-added":
      return f.newTool
        ? `new tool ${tool} can ${names(f.capabilities)}${sourcesOf(f.capabilities)}`
        : `${tool} can now ${names(f.capabilities)}${sourcesOf(f.capabilities)}`;
    case "pin-tool-added":
      return `new tool ${tool} (${f.capabilities.map((c) => c.capability).join(", ")}) is not in the lock`;
    case "pin-tool-removed":
      return `${tool} is in the lock but the server no longer has it`;
    case "pin-tool-changed":
      return `${tool} changed: ${f.fields.join(", ")}`;
    case "pin-tool-excluded":
      return `${tool} is left out by the lock (excluded_tools): not checked, and never served by the guard`;
    case "pin-prompt-added":
    case "pin-resource-added":
      return `new ${item(f)} is not in the lock`;
    case "pin-prompt-removed":
    case "pin-resource-removed":
      return `${item(f)} is in the lock but the server no longer has it`;
    case "pin-prompt-changed":
    case "pin-resource-changed":
      return `${item(f)} changed: ${f.fields.join(", ")}`;
    case "pin-list-failed":
      return `the server's ${KIND_PLURAL[f.list.kind]} could not be listed (JSON-RPC error ${f.list.code}), so they were not checked`;
    case "pin-list-unavailable":
      return `the server's ${KIND_PLURAL[f.list.kind]} could not be listed (JSON-RPC error ${f.list.code}), as when the lock was made: they are not checked`;
    case "pin-instructions-changed":
      if (f.before === null) return "the server now sends instructions; the lock has none";
      if (f.after === null) return "the server no longer sends the instructions in the lock";
      return "the server instructions changed";
    case "pin-package-changed":
      return f.found
        ? `the launch runs ${packageText(f.found)}, and the lock records ${packageText(f.locked)}`
        : `the package the launch runs could not be resolved (${f.reason ?? "unknown"}), so it could not be checked against ${packageText(f.locked)}`;
    case "pin-package-unchecked":
      return `the package the launch runs is not checked: ${f.reason}`;
    case "pin-server-changed":
      return `the server changed: ${f.before ?? ""} -> ${f.after ?? ""}`;
    case "pin-protocol-changed":
      return `the protocol changed: ${f.before ?? ""} -> ${f.after ?? ""}`;
  }
}

/** The message of a finding, escaped for display on one line. */
export function pinMessageForDisplay(f: PinFinding): string {
  return escapeLine(pinMessage(f));
}

/** The verdict line: `Pin check: FAIL (3 failing of 3 finding(s), --fail-on drift)`. */
export function pinVerdict(report: PinReport): string {
  return `Pin check: ${report.ok ? "OK" : "FAIL"} (${report.failing} failing of ${report.total} finding(s), --fail-on ${report.failOn})`;
}

/**
 * The label of a finding by what it does to the check: `ERROR` fails it under the chosen
 * `--fail-on`, `WARN ` is an error finding reported only (as SARIF's `warning`), `INFO ` never fails.
 */
export function pinLabel(f: { severity: string; failing: boolean }, style: Style): string {
  if (f.failing) return style.red("ERROR");
  return f.severity === "error" ? style.yellow("WARN ") : style.cyan("INFO ");
}

/** The line under findings some of which `--fail-on` reports only, or null. */
export function reportedOnlyLine(
  failOn: string,
  findings: ReadonlyArray<{ severity: string; failing: boolean }>,
): string | null {
  const only = findings.filter((f) => !f.failing && f.severity === "error").length;
  if (only === 0) return null;
  const fails =
    failOn === "never"
      ? "fails on nothing"
      : failOn === "capability"
        ? "fails on capability and lock findings only"
        : "fails on these";
  return `  WARN: ${only} finding${only === 1 ? "" : "s"} reported only: --fail-on ${failOn} ${fails}`;
}

/**
 * The line that names client capabilities as a possible cause, or null: the check declared
 * capabilities the lock has no profile of, and found something. The server may offer some items
 * only to clients that declare them, so the lock is made again with every profile recorded.
 */
export function profileLine(report: PinReport): string | null {
  const p = report.profile;
  if (!p || report.findings.length === 0) return null;
  const other = p.checked.filter((c) => !coversProfile(p.recorded, c));
  if (!other.length) return null;
  const pinned = p.recorded.map(capsText).join("; ");
  return `the lock was pinned for clients that declare ${pinned}, and this check declared ${other.map(capsText).join("; ")}: a difference may come only from what the client declares (a server may offer some tools only to clients with roots, sampling or elicitation). Pin again without --client-capabilities to record every profile: toolscore mcp pin SERVER`;
}

/**
 * The console report: a `Pin check` header, a line per finding (ERROR when it fails the check, WARN
 * when it is reported only under the chosen `--fail-on`, INFO; then the message and rule id), a
 * unified diff per changed field under a changed tool, and the verdict line. Every string from the
 * server is escaped, so invisible characters show as `\u200b`. Plain text unless a colour style is given.
 */
export function renderPinReport(report: PinReport, style: Style = PLAIN): string {
  const lines = [style.bold("Pin check")];
  if (report.findings.length === 0)
    lines.push(`  ${report.lockedTools} tool${report.lockedTools === 1 ? "" : "s"} match the lock`);
  for (const f of report.findings) {
    const label = pinLabel(f, style);
    lines.push(`  ${label}  ${pinMessageForDisplay(f)} ${style.dim(`(${f.rule})`)}`);
    for (const d of f.diffs) {
      for (const l of renderFieldDiff(d, "         ")) {
        const body = l.trimStart();
        const colored =
          body.startsWith("+++") || body.startsWith("---")
            ? style.bold(l)
            : body.startsWith("+")
              ? style.green(l)
              : body.startsWith("-")
                ? style.red(l)
                : body.startsWith("@@")
                  ? style.cyan(l)
                  : l;
        lines.push(colored);
      }
    }
  }
  const only = reportedOnlyLine(report.failOn, report.findings);
  if (only) lines.push(style.dim(only));
  const cause = profileLine(report);
  if (cause) lines.push(`  NOTE: ${cause}`);
  const verdict = pinVerdict(report);
  lines.push(report.ok ? style.green(verdict) : style.red(verdict));
  return lines.join("\n") + "\n";
}
