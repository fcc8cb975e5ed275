// The diff of two snapshots: what changed, what breaks, and the JSON form.
export { diffSnapshots, diffFails, type DiffOptions } from "./diff.js";
export { type ScorecardSummary, type ScorecardComparison, type ProbeSummary } from "./scorecards.js";
export * from "./types.js";
export type { SurfaceKindDiff, SurfaceItemChange, PromptArgumentChange } from "./surface.js";
