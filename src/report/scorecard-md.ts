import type { Scorecard } from "../score/types.js";
import { fewCalls, incompleteLine, notCountedLine, ratesLine, serverLabel } from "./scorecard.js";
import { mdText } from "./markdown.js";
import { formatFix } from "./fix-messages.js";
import { formatCallDetail } from "./call-detail.js";
import { probeReason } from "./probe-messages.js";
import { notGradedSentence, skipReason } from "./scorecard-words.js";

/** The Markdown scorecard (`--report md`, and the job summary with `--ci`). */
export function renderScorecardMarkdown(card: Scorecard): string {
  const out: string[] = [`## MCP scorecard: ${mdText(serverLabel(card))}`, ""];
  const coverage = `called ${card.coverage.called} of ${card.coverage.total} tools`;
  out.push(
    card.grade === null
      ? `**Not graded**: ${mdText(card.not_graded === null ? "" : notGradedSentence(card.not_graded))} (${coverage})`
      : `**Grade ${card.grade}** (score ${card.score!.toFixed(2)}${fewCalls(card)}), ${coverage}`,
    "",
    ...[incompleteLine(card)].filter((l): l is string => l !== null).map((l) => `**${mdText(l)}**\n`),
    ratesLine(card),
    "",
    ...[notCountedLine(card)].filter((l): l is string => l !== null).map((l) => `${mdText(l)}\n`),
  );
  if (card.tools.length) {
    out.push(
      "| tool | valid input | edge cases | avg latency (ms) | tokens | note |",
      "| --- | --- | --- | --- | --- | --- |",
    );
    for (const t of card.tools) {
      const skipped = t.skipped !== null;
      out.push(
        `| ${mdText(t.name)} | ${skipped ? "-" : `${t.happy.passed}/${t.happy.total}`} | ${skipped ? "-" : `${t.edge.passed}/${t.edge.total}`} | ${t.avg_latency_ms ?? "-"} | ${t.tokens} | ${skipped ? `skipped: ${mdText(skipReason(t.skipped!))}` : ""} |`,
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
      out.push(`| ${p.id} | ${mdText(p.tool)} | ${p.confidence} | ${p.status} | ${mdText(probeReason(p))} |`);
    out.push("");
  }
  if (card.fixes.length) {
    out.push("### Issues to fix", "");
    card.fixes.forEach((f, i) => {
      const { issue, fix } = formatFix(f);
      out.push(
        `${i + 1}. **${f.severity}** ${f.tool === null ? "" : `${mdText(f.tool)}: `}${mdText(issue)} (${f.source})${fix ? `  \n   Fix: ${mdText(fix)}` : ""}`,
      );
    });
    out.push("");
  }
  const failed = card.calls.filter((c) => !c.ok);
  if (failed.length) {
    out.push(
      "### Failed or not counted calls",
      "",
      "| tool | case | outcome | class | counted | detail |",
      "| --- | --- | --- | --- | --- | --- |",
    );
    for (const c of failed)
      out.push(
        `| ${mdText(c.tool)} | ${c.case} | ${c.outcome} | ${c.class} | ${c.counted ? "yes" : "no"} | ${mdText(formatCallDetail(c.facts))} |`,
      );
    out.push("");
  }
  return out.join("\n");
}
