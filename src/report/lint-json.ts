import type { LintFinding, LintFindingJson, Severity } from "../lint/types.js";
import { formatLintFinding } from "./lint-messages.js";
import { toPrettyJson } from "../util/fs.js";

/** The `kind` of a lint report file. */
export const LINT_REPORT_KIND = "toolscore.mcp-lint-report";
/** The lint report format version. */
export const LINT_REPORT_VERSION = "1";

/** Findings counted by severity. */
export type LintCounts = Record<Severity, number>;

/** The JSON lint report (`mcp lint --json`): an API, versioned by `report_version`. */
export interface LintReport {
  kind: typeof LINT_REPORT_KIND;
  report_version: typeof LINT_REPORT_VERSION;
  /** The serverInfo the server sent (name, version, …). */
  server: Record<string, unknown>;
  /** How many tools were linted. */
  tools: number;
  /** True when there is no error finding (the command exits 0). */
  ok: boolean;
  counts: LintCounts;
  /** The findings, each with its sentence, its fix and its `args` (`{}` when it has none). */
  findings: LintReportFinding[];
}

/** A finding as the lint report holds it: the item it is about after the tool, `args` always. */
export type LintReportFinding = Omit<LintFindingJson, "args" | "item"> &
  Pick<LintFindingJson, "item"> & { args: Record<string, unknown> };

/** Counts findings by severity. */
export function countFindings(findings: readonly LintFinding[]): LintCounts {
  const counts: LintCounts = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}

/** The lint report of a server's findings (already sorted by `lintTools`). */
export function buildLintReport(
  server: Record<string, unknown>,
  toolCount: number,
  findings: readonly LintFinding[],
): LintReport {
  const counts = countFindings(findings);
  return {
    kind: LINT_REPORT_KIND,
    report_version: LINT_REPORT_VERSION,
    server,
    tools: toolCount,
    ok: counts.error === 0,
    counts,
    findings: findings.map((f) => ({
      rule: f.rule,
      severity: f.severity,
      tool: f.tool,
      ...(f.item ? { item: f.item } : {}),
      path: f.path,
      ...formatLintFinding(f),
      args: f.args ?? {},
    })),
  };
}

/** The report as file text: two-space JSON with a trailing newline. */
export function renderLintJson(report: LintReport): string {
  return toPrettyJson(report);
}
