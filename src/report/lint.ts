import type { LintFinding, Severity } from "../lint/types.js";
import { escapeLine } from "../util/unicode.js";
import { countFindings, type LintCounts } from "./lint-json.js";
import type { Style } from "./style.js";
import { subjectOf } from "./surface-label.js";

const SEVERITIES: readonly Severity[] = ["error", "warning", "info"];
const HEADINGS: Record<Severity, string> = { error: "Errors", warning: "Warnings", info: "Info" };

// Everything here may carry server text: one line each, every hidden character escaped.

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** `1 error, 3 warnings, 0 info`. */
export function countsLine(counts: LintCounts): string {
  return `${plural(counts.error, "error")}, ${plural(counts.warning, "warning")}, ${counts.info} info`;
}

/** The name and version of a server, for headings. */
export function serverTitle(server: Record<string, unknown>): string {
  const name = typeof server.name === "string" ? server.name : "(unnamed server)";
  const version = typeof server.version === "string" ? ` ${server.version}` : "";
  return escapeLine(name + version);
}

/** The one-line verdict: counts, tools, and whether lint fails. */
export function lintSummaryLine(findings: readonly LintFinding[], toolCount: number): string {
  const counts = countFindings(findings);
  const verdict = counts.error > 0 ? "fails (error findings)" : "passes";
  return `lint ${verdict}: ${countsLine(counts)} in ${plural(toolCount, "tool")}`;
}

/**
 * The console lint report: findings grouped by severity (errors first), each with its rule id,
 * tool, path, message and fix, then a summary line.
 */
export function renderLintConsole(
  server: Record<string, unknown>,
  toolCount: number,
  findings: readonly LintFinding[],
  style: Style,
): string {
  const out: string[] = [style.bold(`${serverTitle(server)}: lint of ${plural(toolCount, "tool")}`)];
  const paint: Record<Severity, (s: string) => string> = {
    error: style.red,
    warning: style.yellow,
    info: style.cyan,
  };
  for (const severity of SEVERITIES) {
    const group = findings.filter((f) => f.severity === severity);
    if (group.length === 0) continue;
    out.push("", paint[severity](style.bold(`${HEADINGS[severity]} (${group.length})`)));
    for (const f of group) {
      const where = [escapeLine(subjectOf(f)), ...(f.path ? [style.dim(escapeLine(f.path))] : [])];
      out.push(`  ${paint[severity](f.rule)}  ${where.join("  ")}`);
      out.push(`    ${escapeLine(f.message)}`);
      out.push(`    ${style.dim("fix:")} ${escapeLine(f.fix)}`);
    }
  }
  if (findings.length === 0) out.push("", style.green("No findings."));
  const summary = lintSummaryLine(findings, toolCount);
  out.push("", findings.some((f) => f.severity === "error") ? style.red(summary) : style.green(summary));
  return out.join("\n") + "\n";
}
