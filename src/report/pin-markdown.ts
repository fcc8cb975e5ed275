import type { PinReport } from "../pin/verify.js";
import { renderFieldDiff } from "./field-diff.js";
import { pinMessage, pinVerdict, profileLine } from "./pin.js";
import { htmlText, mdText } from "./markdown.js";
import { itemName } from "./surface-label.js";

// The tool or item a finding is about, or nothing for the server and the lock.
const subject = (f: PinReport["findings"][number]) => f.tool ?? (f.item ? itemName(f.item) : "");

/** The Markdown form of a pin check, for the GitHub job summary (`--ci`). */
export function renderPinMarkdown(report: PinReport): string {
  const out = [`### ${report.ok ? "✅" : "❌"} ${pinVerdict(report)}`, ""];
  if (report.findings.length === 0) {
    out.push(`${report.lockedTools} tool(s) match the lock.`);
    return out.join("\n") + "\n";
  }
  out.push("| severity | rule | tool | finding | fails |", "| --- | --- | --- | --- | --- |");
  for (const f of report.findings) {
    out.push(
      `| ${f.severity} | \`${f.rule}\` | ${mdText(subject(f))} | ${mdText(pinMessage(f))} | ${f.failing ? "yes" : "no"} |`,
    );
  }
  const cause = profileLine(report);
  if (cause) out.push("", `> ${mdText(cause)}`);
  const changed = report.findings.filter((f) => f.diffs.length);
  for (const f of changed) {
    out.push(
      "",
      `<details><summary>${htmlText(subject(f))}: ${f.fields.join(", ")}</summary>`,
      "",
      "```diff",
    );
    // Fences are made of backticks; a line of them from a server is broken up so it cannot close ours.
    for (const d of f.diffs) for (const l of renderFieldDiff(d)) out.push(l.replace(/```/g, "` ``"));
    out.push("```", "", "</details>");
  }
  return out.join("\n") + "\n";
}
