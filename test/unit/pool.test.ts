// runPool, which mcp scan --list and the lock set commands start servers with: at most `limit`
// jobs in flight, all of them run, results in the jobs' order.
import { test } from "node:test";
import assert from "node:assert/strict";
import { runPool } from "../../src/score/pool.js";

test("at most limit jobs at once, every job run, results in order", async () => {
  for (const [jobs, limit, most] of [
    [10, 3, 3],
    [2, 4, 2],
    [5, 1, 1],
  ] as const) {
    let inFlight = 0;
    let seen = 0;
    const list = Array.from({ length: jobs }, (_, i) => async () => {
      inFlight++;
      seen = Math.max(seen, inFlight);
      // Later jobs finish first, so the order of results is not the order of finishing.
      await new Promise((r) => setTimeout(r, (jobs - i) * 2));
      inFlight--;
      return i;
    });
    const results = await runPool(list, limit);
    assert.deepEqual(results, [...Array(jobs).keys()], `${jobs} jobs, limit ${limit}`);
    assert.equal(seen, most, `${jobs} jobs, limit ${limit}`);
  }
});
