import type { EffectFinding } from "../pin/effects.js";
import type { PinFinding, PinReport } from "../pin/verify.js";
import { escapeLine } from "../util/unicode.js";
import { renderFieldDiff } from "./field-diff.js";
import { PLAIN, type Style } from "./style.js";
import { itemLabel } from "./surface-label.js";

const q = (s: string) => `'${s}'`;

function sourcesOf(effects: readonly EffectFinding[]): string {
  const all = effects.flatMap((c) => c.sources);
  return all.length ? ` (${[...new Set(all)].join("; ")})` : "";
}

function names(effects: readonly EffectFinding[]): string {
  const list = effects.map((c) => c.capability);
  return list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)!}`;
}

const item = (f: PinFinding) => (f.item ? itemLabel(f.item) : "");

/**
 * The sentence a person reads for a finding, not yet escaped: it names the tool and why (for a
 * capability finding, the sources).
 */
export function pinMessage(f: PinFinding): string {
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
    case "pin-prompt-added":
    case "pin-resource-added":
      return `new ${item(f)} is not in the lock`;
    case "pin-prompt-removed":
    case "pin-resource-removed":
      return `${item(f)} is in the lock but the server no longer has it`;
    case "pin-prompt-changed":
    case "pin-resource-changed":
      return `${item(f)} changed: ${f.fields.join(", ")}`;
    case "pin-instructions-changed":
      if (f.before === null) return "the server now sends instructions; the lock has none";
      if (f.after === null) return "the server no longer sends the instructions in the lock";
      return "the server instructions changed";
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
 * The console report: a `Pin check` header, a line per finding (severity, message, rule id), a
 * unified diff per changed field under a changed tool, and the verdict line. Every string from the
 * server is escaped, so invisible characters show as `\u200b`. Plain text unless a colour style is given.
 */
export function renderPinReport(report: PinReport, style: Style = PLAIN): string {
  const lines = [style.bold("Pin check")];
  if (report.findings.length === 0)
    lines.push(`  ${report.lockedTools} tool${report.lockedTools === 1 ? "" : "s"} match the lock`);
  for (const f of report.findings) {
    const label = f.severity === "error" ? style.red("ERROR") : style.cyan("INFO ");
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
  const verdict = pinVerdict(report);
  lines.push(report.ok ? style.green(verdict) : style.red(verdict));
  return lines.join("\n") + "\n";
}
