import type { ToolPlan } from "./plan.js";
import type { PassCount } from "./types.js";

/** What decides whether a run can be graded. */
export interface GradingFacts {
  tools: number;
  cases: number;
  called: number;
  plans: readonly ToolPlan[];
  /** Counted happy calls (valid input). */
  happy: PassCount;
  /** Counted edge cases and judged probes: what else can measure the server. */
  edge: PassCount;
  probes: PassCount;
  notCounted: { environment: number; not_found: number; needs_input: number };
}

/** How many skipped tools were skipped for each reason, when no tool was called. */
export interface SkippedCounts {
  /** Every tool was skipped, and there is more than one. */
  all: boolean;
  unknown: number;
  writes: number;
  network: number;
  unnamed: number;
  capped: number;
  /** A required argument refers to a network `$ref`. */
  netRef: number;
  /** Invalid `x-mcp-header` declarations. */
  headers: number;
}

/** Why a run is not graded, as facts keyed by `rule`; the reports make the sentence. */
export type NotGraded =
  | { rule: "no-tools" }
  | { rule: "no-cases" }
  | { rule: "none-called"; skipped: SkippedCounts }
  /** No call measured the server: this many could not reach their backend. */
  | { rule: "none-measured"; environment: number }
  /** No valid-input call could be judged: these many named nothing real or needed a person. */
  | { rule: "none-judged"; notFound: number; needsInput: number };

/** Why the skipped tools were skipped, counted by cause. */
function skippedCounts(plans: readonly ToolPlan[]): SkippedCounts {
  const skipped = plans.filter((p) => p.skipped !== null);
  const unknown = skipped.filter((p) => p.capabilities.some((c) => c.capability === "unknown")).length;
  const network = skipped.filter((p) => p.skipped!.rule === "network").length;
  const unnamed = skipped.filter((p) => p.skipped!.rule === "no-name").length;
  const capped = skipped.filter((p) => p.skipped!.rule === "generation-capped").length;
  const netRef = skipped.filter((p) => p.skipped!.rule === "network-ref").length;
  const headers = skipped.filter((p) => p.skipped!.rule === "headers-invalid").length;
  const writes = skipped.length - unknown - network - unnamed - capped - netRef - headers;
  const all = skipped.length === plans.length && skipped.length > 1;
  return { all, unknown, writes, network, unnamed, capped, netRef, headers };
}

/** Why a run is not graded, or null when it is. */
export function notGradedReason(f: GradingFacts): NotGraded | null {
  if (f.tools === 0) return { rule: "no-tools" };
  if (f.cases === 0) return { rule: "no-cases" };
  if (f.called === 0) return { rule: "none-called", skipped: skippedCounts(f.plans) };
  if (f.happy.total > 0) return null;
  const { environment, not_found, needs_input } = f.notCounted;
  // Calls that could not reach their backend make the card incomplete, not ungraded: the grade
  // stands on the components that could be measured (see runScorecard). When no call measured
  // anything, lint alone is left, and that is `mcp lint`'s answer, not a grade.
  if (environment > 0 && f.edge.total === 0 && f.probes.total === 0)
    return { rule: "none-measured", environment };
  if (environment > 0) return null;
  return { rule: "none-judged", notFound: not_found, needsInput: needs_input };
}
