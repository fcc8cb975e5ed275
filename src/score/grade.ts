import type { LintFinding } from "../lint/types.js";
import type { Grade, PassCount, Rates } from "./types.js";

/** A rate in 0..1; nothing measured counts as full credit. */
export function rate(c: PassCount): number {
  return c.total === 0 ? 1 : c.passed / c.total;
}

/** Lint score = max(0, 1 − (0.25·errors + 0.1·warnings) / tools). */
export function lintRate(findings: readonly LintFinding[], tools: number): number {
  if (tools === 0) return 1;
  const errors = findings.filter((f) => f.severity === "error").length;
  const warnings = findings.filter((f) => f.severity === "warning").length;
  return Math.max(0, 1 - (0.25 * errors + 0.1 * warnings) / tools);
}

const WEIGHTS = { happy: 0.6, edge: 0.2, lint: 0.2 } as const;
const WEIGHTS_WITH_PROBES = { happy: 0.5, edge: 0.15, lint: 0.15, probes: 0.2 } as const;

/**
 * The score: 0.6·happy + 0.2·edge + 0.2·lint, or with probes 0.5·happy + 0.15·edge + 0.15·lint +
 * 0.2·probes. A component absent from `rates` (see {@link Rates}) is left out and the weights of
 * the others are scaled to add up to 1 again, so an incomplete card stands on what could be measured.
 */
export function scoreOf(rates: Rates): number {
  const weights: Record<string, number> = rates.probes === undefined ? WEIGHTS : WEIGHTS_WITH_PROBES;
  let s: number;
  if (rates.happy !== undefined && rates.edge !== undefined) {
    // The whole formula, written out so that every complete card keeps the score it always had.
    s =
      rates.probes === undefined
        ? 0.6 * rates.happy + 0.2 * rates.edge + 0.2 * rates.lint
        : 0.5 * rates.happy + 0.15 * rates.edge + 0.15 * rates.lint + 0.2 * rates.probes;
  } else {
    const present = Object.entries(rates).filter(([k, v]) => v !== undefined && k in weights);
    const total = present.reduce((a, [k]) => a + weights[k]!, 0);
    s = present.reduce((a, [k, v]) => a + weights[k]! * v!, 0) / total;
  }
  return Math.round(s * 10_000) / 10_000;
}

/** A ≥ 0.90, B ≥ 0.80, C ≥ 0.70, D ≥ 0.60, else F. */
export function gradeOf(score: number): Grade {
  if (score >= 0.9) return "A";
  if (score >= 0.8) return "B";
  if (score >= 0.7) return "C";
  if (score >= 0.6) return "D";
  return "F";
}

/** The grades from best to worst. */
export const GRADES: readonly Grade[] = ["A", "B", "C", "D", "F"];

/** True when `grade` is below `bar` (a null grade, not graded, is below every bar). */
export function gradeBelow(grade: Grade | null, bar: Grade): boolean {
  return grade === null || GRADES.indexOf(grade) > GRADES.indexOf(bar);
}
