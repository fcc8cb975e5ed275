import { breaking as breakingChange, type BreakingChange } from "./breaking-kinds.js";
import { compareCodeUnits } from "../util/order.js";

/**
 * The parts of a probe result a diff compares: its outcome, and its reason as a document has it or
 * (from a scorecard in memory) the message id and facts the reports make it from.
 */
export interface ProbeSummary {
  id: string;
  tool: string | null;
  confidence: "high" | "medium" | "low";
  status: "pass" | "fail" | "skip";
  reason?: string;
  message?: string;
  args?: unknown;
}

/**
 * The parts of a scorecard a diff compares: grade (null when not graded), score, component rates
 * (happy, edge, lint, and probes when run) and probe results. A full scorecard fits this shape.
 */
export interface ScorecardSummary {
  grade: string | null;
  /** 0..1, or null when not graded. */
  score: number | null;
  /** `happy` and `edge` are absent on an incomplete card that could not measure them. */
  rates: { happy?: number; edge?: number; lint: number; probes?: number };
  probes?: readonly ProbeSummary[];
}

/** Both scorecards side by side, and the probes whose result flipped. */
export interface ScorecardComparison {
  a: { grade: string | null; score: number | null; rates: ScorecardSummary["rates"] };
  b: { grade: string | null; score: number | null; rates: ScorecardSummary["rates"] };
  /** Probes that passed (or did not run) on A and fail on B. */
  newly_failing: ProbeSummary[];
  /** Probes that failed on A and pass on B. */
  newly_passing: ProbeSummary[];
}

const GRADES = ["A", "B", "C", "D", "F"];

/** A probe result as a diff keeps it: only the summary's own fields. */
const probeSummary = ({
  id,
  tool,
  confidence,
  status,
  reason,
  message,
  args,
}: ProbeSummary): ProbeSummary => ({
  id,
  tool,
  confidence,
  status,
  ...(reason !== undefined ? { reason } : {}),
  ...(message !== undefined ? { message, args } : {}),
});

const probeKey = (p: ProbeSummary) => `${p.id}\u0000${p.tool ?? ""}`;
const byKey = (x: ProbeSummary, y: ProbeSummary) => compareCodeUnits(probeKey(x), probeKey(y));

/** Compares two scorecards: side by side, probes newly failing or passing, and what breaks. */
export function compareScorecards(
  a: ScorecardSummary,
  b: ScorecardSummary,
): { comparison: ScorecardComparison; breaking: BreakingChange[] } {
  const before = new Map((a.probes ?? []).map((p) => [probeKey(p), p]));
  const after = b.probes ?? [];
  const newlyFailing = after
    .filter((p) => p.status === "fail" && before.get(probeKey(p))?.status !== "fail")
    .map(probeSummary);
  const newlyPassing = after
    .filter((p) => p.status === "pass" && before.get(probeKey(p))?.status === "fail")
    .map(probeSummary);
  const side = (s: ScorecardSummary) => ({ grade: s.grade, score: s.score, rates: { ...s.rates } });
  const breaking: BreakingChange[] = [];
  const ga = a.grade === null ? -1 : GRADES.indexOf(a.grade);
  const gb = b.grade === null ? -1 : GRADES.indexOf(b.grade);
  if (ga >= 0 && gb > ga) {
    breaking.push(
      breakingChange(
        "grade-lowered",
        { tool: null },
        { from: a.grade!, to: b.grade!, scoreFrom: a.score, scoreTo: b.score },
      ),
    );
  }
  for (const p of [...newlyFailing].sort(byKey)) {
    if (p.confidence !== "high") continue;
    breaking.push(breakingChange("probe-newly-failing", { tool: p.tool }, { probe: p.id, found: p }));
  }
  return {
    comparison: {
      a: side(a),
      b: side(b),
      newly_failing: [...newlyFailing].sort(byKey),
      newly_passing: [...newlyPassing].sort(byKey),
    },
    breaking,
  };
}
