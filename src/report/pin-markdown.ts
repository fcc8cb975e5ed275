import type { PinReport } from "../pin/verify.js";
import { escapeForDisplay } from "../util/unicode.js";
import { renderFieldDiff } from "./field-diff.js";
import { pinMessage, pinVerdict } from "./pin.js";

// Text from a server must not break out of a table cell or start Markdown of its own.
const cell = (s: string) =>
  escapeForDisplay(s, { multiline: false })
    .replace(/\\/g, "\\\\")
    .replace(/[|`*_<>[\]]/g, (c) => `\\${c}`);

// Inside an HTML element Markdown escapes are not read: HTML entities are.
const html = (s: string) =>
  escapeForDisplay(s, { multiline: false }).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The Markdown form of a pin check, for the GitHub job summary (`--ci`). */
export function renderPinMarkdown(report: PinReport): string {
  const out = [`### ${report.ok ? "✅" : "❌"} ${pinVerdict(report)}`, ""];
  if (report.findings.length === 0) {
    out.push(`${report.currentTools} tool(s) match the lock.`);
    return out.join("\n") + "\n";
  }
  out.push("| severity | rule | tool | finding | fails |", "| --- | --- | --- | --- | --- |");
  for (const f of report.findings) {
    out.push(
      `| ${f.severity} | \`${f.rule}\` | ${f.tool === null ? "" : cell(f.tool)} | ${cell(pinMessage(f))} | ${f.failing ? "yes" : "no"} |`,
    );
  }
  const changed = report.findings.filter((f) => f.diffs.length);
  for (const f of changed) {
    out.push("", `<details><summary>${html(f.tool ?? "")}: ${f.fields.join(", ")}</summary>`, "", "```diff");
    // Fences are made of backticks; a line of them from a server is broken up so it cannot close ours.
    for (const d of f.diffs) out.push(...renderFieldDiff(d).map((l) => l.replace(/```/g, "` ``")));
    out.push("```", "", "</details>");
  }
  return out.join("\n") + "\n";
}
