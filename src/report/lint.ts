import type { LintFinding, Severity } from "../lint/types.js";
import { formatLintFinding } from "./lint-messages.js";
import { escapeLine } from "../util/unicode.js";
import { countFindings, type LintCounts } from "./lint-json.js";
import type { Style } from "./style.js";
import { subjectOf } from "./surface-label.js";
import { shortPath } from "../lint/walk.js";
import { maxOf, minOf } from "../util/order.js";

const SEVERITIES: readonly Severity[] = ["error", "warning", "info"];
const HEADINGS: Record<Severity, string> = { error: "Errors", warning: "Warnings", info: "Info" };

// Everything here may carry server text: one line each, every hidden character escaped.

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** `1 error, 3 warnings, 0 info`. */
export function countsLine(counts: LintCounts): string {
  return `${plural(counts.error, "error")}, ${plural(counts.warning, "warning")}, ${counts.info} info`;
}

// Rules whose findings on several tools are summed up in one console line.
const SUMMARIZED = ["definition-large"];

/** `24 tools, 640–1,466 tokens (get_x, list_y, …)`. */
function summaryOf(findings: readonly LintFinding[]): string {
  const tokens = findings.map((f) => Number(f.args?.tokens)).filter(Number.isFinite);
  const n = (x: number) => x.toLocaleString("en-US");
  const range = tokens.length ? `, ${n(minOf(tokens))}–${n(maxOf(tokens))} estimated tokens` : "";
  const names = findings.map((f) => escapeLine(f.tool ?? "(server)"));
  const shown = names.length > 6 ? [...names.slice(0, 5), "…"] : names;
  return `${plural(findings.length, "tool")}${range} (${shown.join(", ")}; details in --json)`;
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
    // A rule that fires on many tools with the same advice is one summary line here; the JSON
    // report keeps every finding.
    const summarized = new Set(SUMMARIZED.filter((r) => group.filter((f) => f.rule === r).length > 1));
    for (const rule of summarized) {
      const these = group.filter((f) => f.rule === rule);
      out.push(`  ${paint[severity](rule)}  ${summaryOf(these)}`);
      out.push(`    ${style.dim("fix:")} ${escapeLine(formatLintFinding(these[0]!).fix)}`);
    }
    for (const f of group.filter((x) => !summarized.has(x.rule))) {
      // A path is shown once: a nested one not here when the message starts with it (shortened if long).
      const { message, fix } = formatLintFinding(f);
      const path = escapeLine(shortPath(f.path));
      const named = path.includes(".") && escapeLine(message).startsWith(`${path} `);
      const shown = f.path && !named;
      const where = [escapeLine(subjectOf(f)), ...(shown ? [style.dim(path)] : [])];
      out.push(`  ${paint[severity](f.rule)}  ${where.join("  ")}`);
      out.push(`    ${escapeLine(message)}`);
      out.push(`    ${style.dim("fix:")} ${escapeLine(fix)}`);
    }
  }
  if (findings.length === 0) out.push("", style.green("No findings."));
  const summary = lintSummaryLine(findings, toolCount);
  out.push("", findings.some((f) => f.severity === "error") ? style.red(summary) : style.green(summary));
  return out.join("\n") + "\n";
}
