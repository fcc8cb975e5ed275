// The public API of toolscore. Every export is an API decision; test/unit/exports.test.ts pins the list.

// Connection layer and snapshots
export { MCPClient, MCPStdioClient } from "./mcp/client.js";
export type { ConnectOptions, StdioConnectOptions, HttpConnectOptions } from "./mcp/client.js";
export { MCPHttpClient } from "./mcp/http.js";
export { connectTarget } from "./mcp/connect.js";
export { resolveTarget } from "./mcp/target.js";
export type { ServerTarget, TargetOptions } from "./mcp/target.js";
export { readConfigEntry } from "./mcp/config.js";
export type { ConfigEntry } from "./mcp/config.js";
export { ServerSnapshot, SNAPSHOT_KIND, SNAPSHOT_VERSION } from "./mcp/snapshot.js";
export type { RawTool, CallOutcome, CallTool } from "./mcp/types.js";
export type { ClientCapabilityName, InitializeInfo } from "./mcp/session.js";
export { listSurface, SURFACE_KINDS } from "./mcp/surface.js";
export type {
  RawSurfaceItem,
  SurfaceKind,
  SurfaceKindInfo,
  SurfaceRef,
  SurfaceLists,
  RequestMethod,
  SurfaceOutcome,
} from "./mcp/surface.js";

// Errors and the version
export { ToolscoreError, isToolscoreError } from "./util/errors.js";
export type { ErrorCode } from "./util/errors.js";
export { VERSION, LATEST_PROTOCOL_VERSION } from "./meta.js";

// Pinning: effects (the lock's "capabilities"), the lock, verification
export { deriveEffects, parseEffectOverrides, EFFECTS, DANGEROUS_EFFECTS } from "./pin/effects.js";
export type { Effect, EffectFinding, EffectOverrides } from "./pin/effects.js";
export { canonicalJson, hashJson } from "./pin/canonical.js";
export {
  buildLock,
  parseLock,
  serializeLock,
  snapshotFromLock,
  LOCK_KIND,
  LOCK_VERSION,
  PINNED_FIELDS,
} from "./pin/lock.js";
export type { Lock, LockedTool, LockProblem, PinnedField, BuildLockOptions } from "./pin/lock.js";
export { writeLock, readLock } from "./pin/lock-file.js";
export { SURFACE_PINNED_FIELDS } from "./pin/surface-lock.js";
export type {
  LockSurface,
  LockedPrompt,
  LockedResourceTemplate,
  LockedResource,
  LockedSurfaceItem,
} from "./pin/surface-lock.js";
export { SURFACE_PIN_RULES } from "./pin/verify-surface.js";
export type { SurfacePinRule } from "./pin/verify-surface.js";
export { checkPin, PIN_RULES, PIN_SEVERITY, PIN_FAIL_ON } from "./pin/verify.js";
export type { PinReport, PinFinding, PinRule, PinFailOn, VerifyPinOptions } from "./pin/verify.js";
export { renderPinReport } from "./report/pin.js";
export { renderPinJson, pinReportJson } from "./report/pin-json.js";
export { renderPinMarkdown } from "./report/pin-markdown.js";

// The guard: the lock enforced at run time, between a client and a server
export { createGuard, GuardTransport } from "./guard/transport.js";
export type { GuardOptions } from "./guard/transport.js";
export { GUARD_ERRORS } from "./guard/refusal.js";
export { DRIFT_MODES } from "./guard/core.js";
export type { DriftMode } from "./guard/core.js";
export type { GuardEvent, GuardEventName, GuardLog } from "./guard/events.js";

// Lint
export { lintTools, lintServer, LINT_RULES, LINT_RULE_BY_ID } from "./lint/index.js";
export type { LintFinding, Severity as LintSeverity, LintRule, LintRuleId } from "./lint/index.js";
export {
  buildLintReport,
  renderLintJson,
  LINT_REPORT_KIND,
  LINT_REPORT_VERSION,
} from "./report/lint-json.js";
export type { LintReport, LintCounts } from "./report/lint-json.js";
export { renderLintConsole } from "./report/lint.js";
export { renderLintMarkdown } from "./report/lint-markdown.js";
export { lintSurface } from "./lint/surface.js";

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

// Scorecard
export { runScorecard, DEFAULT_CONCURRENCY } from "./score/run.js";
export type { ScorecardInput, ScorecardOptions } from "./score/run.js";
export { scorecardForTarget } from "./score/for-target.js";
export type { TargetScorecardOptions, TargetScorecard } from "./score/for-target.js";
export { SCORECARD_KIND, SCORECARD_VERSION } from "./score/types.js";
export type {
  Scorecard,
  ScorecardSettings,
  Grade,
  Rates,
  PassCount,
  CallRecord,
  CallOutcomeKind,
  ToolScore,
  ProbeId,
  ProbeResult,
  Confidence,
  Fix,
} from "./score/types.js";
export { GRADES } from "./score/grade.js";
export { renderScorecard, renderScorecardJson, renderScorecardComparison } from "./report/scorecard.js";
export { renderScorecardMarkdown } from "./report/scorecard-md.js";

// Diff
export { diffSnapshots, diffFails, DIFF_KIND, DIFF_VERSION, DIFF_FAIL_ON } from "./diff/index.js";
export type {
  DiffOptions,
  ServerDiff,
  ServerDiffJson,
  DiffFailOn,
  DiffSide,
  ToolChange,
  EffectChange,
  ParameterChange,
  BreakingChange,
  BreakingKind,
  LikelyRename,
  ServerChange,
  ScorecardSummary,
  ScorecardComparison,
  ProbeSummary,
} from "./diff/index.js";
export type { SurfaceKindDiff, SurfaceItemChange, PromptArgumentChange } from "./diff/index.js";
export { renderDiff } from "./report/diff.js";
export type { DiffRenderOptions } from "./report/diff.js";
export { renderDiffMarkdown } from "./report/diff-markdown.js";
export { diffJson } from "./report/diff-json.js";
export { formatBreaking } from "./report/breaking.js";

// Every server of a machine: the client table, the scan, lock sets
export { CLIENT_LOCATIONS } from "./scan/clients.js";
export type { ClientLocation, ScanPlaces, Platform, PathBase } from "./scan/clients.js";
export { scanConfigs } from "./scan/scan.js";
export type { ScanResult, ScanRow, ListedServer, ReadText } from "./scan/scan.js";
export { renderScan, renderScanJson, SCAN_KIND, SCAN_VERSION } from "./report/scan.js";
export {
  buildLockSet,
  parseLockSet,
  serializeLockSet,
  LOCKSET_KIND,
  LOCKSET_VERSION,
} from "./pin/lockset.js";
export type { LockSet, LockSetEntry, LaunchInfo } from "./pin/lockset.js";
export { verifyLockSet, LOCKSET_RULES } from "./pin/verify-set.js";
export type { LockSetReport, LockSetFinding, ServerCheck, CurrentServer } from "./pin/verify-set.js";
export { renderLockSetReport, renderLockSetJson } from "./report/lockset.js";

// The programmatic API: one function per command, returning what its JSON output serialises
export { listServer, lint, test, pin, verify, diff, TransportClient } from "./api/index.js";
export type {
  ListResult,
  LintOptions,
  LintResult,
  TestOptions,
  TestResult,
  PinOptions,
  PinResult,
  PinWarning,
  VerifyOptions,
  VerifyResult,
  DiffOptions as DiffServersOptions,
  DiffResult,
  PinCheckOption,
  ServerInput,
  ServerOptions,
  TransportServer,
  SnapshotDocument,
  LockDocument,
  LockSetDocument,
  LockSetReportDocument,
  ScorecardDocument,
  DiffDocument,
  PinReportDocument,
  LintReportDocument,
} from "./api/index.js";
export { pinnedClientCapabilities } from "./pin/verify.js";
export type { CheckPinOptions } from "./pin/verify.js";
