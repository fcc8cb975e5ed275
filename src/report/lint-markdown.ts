import type { LintFinding } from "../lint/types.js";
import { escapeForDisplay } from "../util/unicode.js";
import { lintSummaryLine, serverTitle } from "./lint.js";

// Server text in Markdown: escaped for display, then inert as Markdown (no broken tables, no HTML).
const md = (s: string) =>
  escapeForDisplay(s, { multiline: false }).replace(/[\\`*_{}[\]<>()#+!|~]/g, (c) => `\\${c}`);

/** The lint report as Markdown, for a GitHub job summary: the verdict and a table of findings. */
export function renderLintMarkdown(
  server: Record<string, unknown>,
  toolCount: number,
  findings: readonly LintFinding[],
): string {
  const failed = findings.some((f) => f.severity === "error");
  const out = [
    `## MCP lint: ${md(serverTitle(server))}`,
    "",
    `**${failed ? "FAIL" : "OK"}**: ${lintSummaryLine(findings, toolCount)}`,
    "",
  ];
  if (findings.length > 0) {
    out.push("| severity | rule | tool | path | message | fix |", "| --- | --- | --- | --- | --- | --- |");
    for (const f of findings) {
      const tool = f.tool === null ? "(server)" : md(f.tool);
      const path = f.path ? md(f.path) : "";
      out.push(`| ${f.severity} | \`${f.rule}\` | ${tool} | ${path} | ${md(f.message)} | ${md(f.fix)} |`);
    }
    out.push("");
  }
  return out.join("\n");
}
