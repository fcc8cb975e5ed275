// `toolscore/core`: the pure layer, for a program that has a snapshot or a lock and wants the
// checks without anything that starts a process or opens a socket. Reading a saved snapshot or a
// lock from disk is here too; connecting to a server is in `toolscore`. test/unit/exports.test.ts
// pins the list, and test/e2e/subpaths.test.ts proves that loading it loads no node:child_process.

// Snapshots (read, parsed, written) and the error every check throws
export { ServerSnapshot } from "./mcp/snapshot.js";
export type { RawTool, CallOutcome, CallTool } from "./mcp/types.js";
export type { RawSurfaceItem, SurfaceKind, SurfaceRef } from "./mcp/surface.js";
export { ToolscoreError, isToolscoreError } from "./util/errors.js";
export type { ErrorCode } from "./util/errors.js";

// The lock: built from a snapshot, canonical and hashed, read and written
export { buildLock, LOCK_KIND, LOCK_VERSION } from "./pin/lock.js";
export { parseLock, snapshotFromLock } from "./pin/lock-read.js";
export { serializeLock } from "./pin/lock-serialize.js";
export type { Lock, LockedTool, LockProblem, BuildLockOptions } from "./pin/lock.js";
export type {
  LockedPrompt,
  LockedResourceTemplate,
  LockedResource,
  LockedSurfaceItem,
} from "./pin/surface-lock.js";
export { readLock, writeLock } from "./pin/lock-file.js";
export { canonicalJson, hashJson } from "./pin/canonical.js";

// Effects: what a tool may do (the lock's "capabilities")
export { deriveEffects, EFFECTS } from "./pin/effects.js";
export type { Effect, EffectFinding, EffectOverrides } from "./pin/effects.js";

// The pin check: a lock and the server now in, a report out
export { checkPin as verifyPin, PIN_RULES, PIN_FAIL_ON } from "./pin/verify.js";
export type { PinReport, PinFinding, PinRule, PinFailOn, VerifyPinOptions } from "./pin/verify.js";

// Lint
export { lintTools, LINT_RULES, LINT_RULE_BY_ID } from "./lint/index.js";
export type {
  LintFinding,
  LintFindingJson,
  LintFacts,
  Severity as LintSeverity,
  LintRule,
  LintRuleId,
} from "./lint/index.js";
export { lintSurface } from "./lint/surface.js";

// The diff of two snapshots or locks
export { diffSnapshots, diffFails, DIFF_FAIL_ON } from "./diff/index.js";
export type {
  DiffOptions as DiffSnapshotsOptions,
  ServerDiff,
  DiffFailOn,
  ToolChange,
  EffectChange,
  ParameterChange,
  BreakingChange,
  BreakingKind,
  LikelyRename,
  ServerChange,
  SurfaceKindDiff,
  SurfaceItemChange,
  PromptArgumentChange,
  ScorecardSummary,
  ScorecardComparison,
  ProbeSummary,
} from "./diff/index.js";

// The scorecard's core: a snapshot and a function that calls a tool in, a graded card out
export { runScorecard } from "./score/run.js";
export type { ScorecardInput, ScorecardOptions } from "./score/run.js";
export type { Scorecard, Grade, Fix, ToolScore, CallRecord } from "./score/types.js";
export type { CallFacts } from "./score/call-facts.js";

// The JSON documents toolscore writes, one type per `kind`
export type * from "./api/documents.js";
