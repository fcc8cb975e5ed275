import type { LintFinding } from "../lint/types.js";
import { formatLintFinding, lintMessage } from "./lint-messages.js";
import { lintSummaryLine, serverTitle } from "./lint.js";
import { mdText } from "./markdown.js";
import { subjectOf } from "./surface-label.js";
import { shortPath } from "../lint/walk.js";

/** The lint report as Markdown, for a GitHub job summary: the verdict and a table of findings. */
export function renderLintMarkdown(
  server: Record<string, unknown>,
  toolCount: number,
  findings: readonly LintFinding[],
): string {
  const failed = findings.some((f) => f.severity === "error");
  const out = [
    `## MCP lint: ${mdText(serverTitle(server))}`,
    "",
    `**${failed ? "FAIL" : "OK"}**: ${lintSummaryLine(findings, toolCount)}`,
    "",
  ];
  if (findings.length > 0) {
    out.push("| severity | rule | tool | path | message | fix |", "| --- | --- | --- | --- | --- | --- |");
    for (const f of findings) {
      const tool = mdText(subjectOf(f));
      // A long path shortened for people; the JSON report keeps it whole.
      const path = f.path ? mdText(shortPath(f.path)) : "";
      out.push(
        `| ${f.severity} | \`${f.rule}\` | ${tool} | ${path} | ${mdText(lintMessage(f))} | ${mdText(formatLintFinding(f).fix)} |`,
      );
    }
    out.push("");
  }
  return out.join("\n");
}
