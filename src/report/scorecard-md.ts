import type { Scorecard } from "../score/types.js";
import { escapeForDisplay } from "../util/unicode.js";
import { ratesLine, serverLabel } from "./scorecard.js";

// Table cells: hidden characters escaped, and the characters that would break the table or the
// page (| ` < >) neutralised.
const cell = (s: string) =>
  escapeForDisplay(s, { multiline: false })
    .replace(/\|/g, "\\|")
    .replace(/`/g, "'")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");

/** The Markdown scorecard (`--report md`, and the job summary with `--ci`). */
export function renderScorecardMarkdown(card: Scorecard): string {
  const out: string[] = [`## MCP scorecard: ${cell(serverLabel(card))}`, ""];
  const coverage = `called ${card.coverage.called} of ${card.coverage.total} tools`;
  out.push(
    card.grade === null
      ? `**Not graded**: ${cell(card.not_graded_reason ?? "")} (${coverage})`
      : `**Grade ${card.grade}** (score ${card.score!.toFixed(2)}), ${coverage}`,
    "",
    ratesLine(card),
    "",
  );
  if (card.tools.length) {
    out.push(
      "| tool | valid input | edge cases | avg latency (ms) | tokens | note |",
      "| --- | --- | --- | --- | --- | --- |",
    );
    for (const t of card.tools) {
      const skipped = t.skipped_reason !== null;
      out.push(
        `| ${cell(t.name)} | ${skipped ? "-" : `${t.happy.passed}/${t.happy.total}`} | ${skipped ? "-" : `${t.edge.passed}/${t.edge.total}`} | ${t.avg_latency_ms ?? "-"} | ${t.tokens} | ${skipped ? `skipped: ${cell(t.skipped_reason!)}` : ""} |`,
      );
    }
    out.push("");
  }
  if (card.probes.length) {
    out.push(
      "### Effect probes",
      "",
      "| probe | tool | confidence | result | reason |",
      "| --- | --- | --- | --- | --- |",
    );
    for (const p of card.probes)
      out.push(`| ${p.id} | ${cell(p.tool)} | ${p.confidence} | ${p.status} | ${cell(p.reason)} |`);
    out.push("");
  }
  if (card.fixes.length) {
    out.push("### Issues to fix", "");
    card.fixes.forEach((f, i) => {
      out.push(
        `${i + 1}. **${f.severity}** ${f.tool === null ? "" : `\`${cell(f.tool)}\`: `}${cell(f.issue)} (${f.source})${f.fix ? `  \n   Fix: ${cell(f.fix)}` : ""}`,
      );
    });
    out.push("");
  }
  const failed = card.calls.filter((c) => !c.ok);
  if (failed.length) {
    out.push("### Failed calls", "", "| tool | case | outcome | detail |", "| --- | --- | --- | --- |");
    for (const c of failed) out.push(`| ${cell(c.tool)} | ${c.case} | ${c.outcome} | ${cell(c.detail)} |`);
    out.push("");
  }
  return out.join("\n");
}
