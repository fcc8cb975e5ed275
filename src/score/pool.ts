/** The default number of calls of read-only tools in flight at once. */
export const DEFAULT_CONCURRENCY = 8;

/**
 * Runs `jobs` with at most `limit` at a time and returns their results in the jobs' order
 * (not the order they finished in), so reports stay deterministic.
 */
export async function runPool<T>(jobs: ReadonlyArray<() => Promise<T>>, limit: number): Promise<T[]> {
  const results = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]!();
    }
  };
  const n = Math.max(1, Math.min(Math.floor(limit) || 1, jobs.length));
  await Promise.all(Array.from({ length: n }, worker));
  return results;
}
