import { ToolscoreError } from "../util/errors.js";

/** The most servers any command starts at once, whatever --concurrency asks: each is a process. */
export const MAX_CONCURRENCY = 32;

/** `--concurrency N`: a whole number from 1 to {@link MAX_CONCURRENCY}; `dflt` when absent. */
export function parseConcurrency(raw: string | undefined, dflt: number): number {
  if (raw === undefined) return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_CONCURRENCY) {
    throw new ToolscoreError(
      "USAGE",
      `--concurrency takes a whole number from 1 to ${MAX_CONCURRENCY}, got ${JSON.stringify(raw)}`,
    );
  }
  return n;
}
