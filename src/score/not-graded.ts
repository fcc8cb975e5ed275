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

const n = (k: number, one: string, many = `${one}s`) => `${k} ${k === 1 ? one : many}`;

/** Why the skipped tools were skipped, grouped, each with what calls them. */
function skippedWhy(plans: readonly ToolPlan[]): string {
  const skipped = plans.filter((p) => p.skippedReason !== null);
  const unknown = skipped.filter((p) => p.capabilities.some((c) => c.capability === "unknown")).length;
  const network = skipped.filter((p) => p.skippedReason!.endsWith("--no-network")).length;
  const unnamed = skipped.filter((p) => p.skippedNote === "no name").length;
  const capped = skipped.filter((p) => p.skippedNote === "too large").length;
  const netRef = skipped.filter((p) => p.skippedNote === "network $ref").length;
  const headers = skipped.filter((p) => p.skippedNote === "x-mcp-header invalid").length;
  const writes = skipped.length - unknown - network - unnamed - capped - netRef - headers;
  const all = skipped.length === plans.length && skipped.length > 1 ? "all " : "";
  const parts = [
    ...(unknown
      ? [
          `${n(unknown, "tool has", "tools have")} unknown capabilities (--capabilities FILE says what they do)`,
        ]
      : []),
    ...(writes
      ? [`${n(writes, "tool")} may write, delete or execute (run with --allow-writes to call them)`]
      : []),
    ...(network
      ? [`${n(network, "tool reaches", "tools reach")} the network (skipped by --no-network)`]
      : []),
    ...(unnamed ? [`${n(unnamed, "tool has", "tools have")} no usable name`] : []),
    ...(capped
      ? [
          `${n(capped, "tool's", "tools'")} arguments could not be generated (a bound of generation stopped them)`,
        ]
      : []),
    ...(netRef
      ? [
          `${n(netRef, "tool's", "tools'")} arguments could not be generated (a required one refers to a network $ref, never fetched)`,
        ]
      : []),
    ...(headers
      ? [
          `${n(headers, "tool has", "tools have")} invalid x-mcp-header declarations (clients over Streamable HTTP do not show them)`,
        ]
      : []),
  ];
  return `${all}${parts.join("; ")}`;
}

/** Why a run is not graded, naming the real reason and what to do, or null when it is graded. */
export function notGradedReason(f: GradingFacts): string | null {
  if (f.tools === 0) return "the server has no tools";
  if (f.cases === 0) return "no valid-input calls were made (--cases 0)";
  if (f.called === 0) return `no tool was called: ${skippedWhy(f.plans)}`;
  if (f.happy.total > 0) return null;
  const { environment, not_found, needs_input } = f.notCounted;
  // Calls that could not reach their backend make the card incomplete, not ungraded: the grade
  // stands on the components that could be measured (see runScorecard). When no call measured
  // anything, lint alone is left, and that is `mcp lint`'s answer, not a grade.
  if (environment > 0 && f.edge.total === 0 && f.probes.total === 0)
    return `no call measured the server: ${n(environment, "call")} could not reach ${environment === 1 ? "its" : "their"} backend (the lint findings alone are mcp lint's answer)`;
  if (environment > 0) return null;
  const parts = [
    ...(not_found ? [`${n(not_found, "call")} named something that does not exist`] : []),
    ...(needs_input ? [`${n(needs_input, "call")} needed a person's input`] : []),
  ];
  return `no valid-input call could be judged: ${parts.join(", ")}`;
}
