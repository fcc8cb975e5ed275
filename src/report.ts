// `toolscore/report`: the renderers, `result → string`, that the CLI and the GitHub Action use
// for console text, JSON, Markdown and SARIF. Pure: they touch no disk and no process.
// test/unit/exports.test.ts pins the list.

// The pin check
export { renderPinReport } from "./report/pin.js";
export { renderPinJson, pinReportJson } from "./report/pin-json.js";
export { renderPinMarkdown } from "./report/pin-markdown.js";

// Lint
export { buildLintReport, renderLintJson } from "./report/lint-json.js";
export type { LintReport, LintCounts } from "./report/lint-json.js";
export { renderLintConsole } from "./report/lint.js";
export { renderLintMarkdown } from "./report/lint-markdown.js";
export { formatLintFinding, lintFindingJson } from "./report/lint-messages.js";

// Diff
export { renderDiff } from "./report/diff.js";
export { diffJson } from "./report/diff-json.js";
export { formatBreaking } from "./report/breaking.js";
export type { DiffRenderOptions } from "./report/diff.js";
export { renderDiffMarkdown } from "./report/diff-markdown.js";

// Scorecard
export { renderScorecard, renderScorecardJson, renderScorecardComparison } from "./report/scorecard.js";
export { renderScorecardMarkdown } from "./report/scorecard-md.js";
export { formatCallDetail } from "./report/call-detail.js";

// Lock sets and the scan of a machine's client configs
export { renderLockSetReport, renderLockSetJson } from "./report/lockset.js";
export { renderScan, renderScanJson } from "./report/scan.js";

// SARIF 2.1.0 for code scanning
export { buildSarif, renderSarif, SARIF_SCHEMA } from "./report/sarif.js";
export type {
  SarifLog,
  SarifRun,
  SarifResult,
  SarifRule,
  SarifRuleInfo,
  SarifFinding,
  SarifInput,
  SarifLevel,
} from "./report/sarif.js";
export { lintSarif, pinSarif, diffSarif } from "./report/sarif-reports.js";
export type { SarifArtifact } from "./report/sarif-reports.js";
