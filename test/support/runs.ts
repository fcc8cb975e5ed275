// How many runs a property test makes. The suite runs a quarter of each test's own number (at
// least 20), so that it fits a busy 2-core machine; TOOLSCORE_PROPERTY_RUNS=N multiplies the full
// number by N (1 for the full count, 10 for a long search), for a run that looks harder.

const scale = Number(process.env.TOOLSCORE_PROPERTY_RUNS ?? 0.25);

/** `n` property runs, scaled as TOOLSCORE_PROPERTY_RUNS says (a quarter by default, at least 20). */
export function runs(n: number): number {
  if (!Number.isFinite(scale) || scale <= 0) return n;
  return Math.max(Math.min(n, 20), Math.round(n * scale));
}
