// Calls that get no answer, and calls that crash the server, on fixture servers that do one each:
// a timeout is the tool's when the tool answered other valid input, the environment's when the
// tool reaches the network (or other calls could not reach their backend) and answered nothing,
// and the tool's again when it is local and answered nothing; a crash is always the server's.
// Each test runs a server of its own: they go side by side, so that their timeouts overlap.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { resolveTarget } from "../../src/mcp/target.js";
import { scorecardForTarget } from "../../src/api/scorecard.js";
import type { ScorecardJson } from "../../src/score/types.js";
import { scorecardJson } from "../../src/report/scorecard-words.js";
import { fixtureCommand } from "../support/cli.js";

// Two seconds a call: a call that times out costs that long, and a busy machine's answers stay well
// inside it.
const run = async (
  command: string,
  env: string[] = [],
  timeoutMs = 2000,
  edgeCases = true,
): Promise<ScorecardJson> =>
  scorecardJson(
    (
      await scorecardForTarget(resolveTarget(command, { env }), {
        cases: 3,
        edgeCases,
        timeoutMs,
        connect: { timeout: 20 },
      })
    ).scorecard,
  );
const happy = (c: ScorecardJson, tool: string) =>
  c.calls.filter((x) => x.tool === tool && x.kind === "happy");

describe("timeouts and crashes of calls", { concurrency: true }, () => {
  test("a network tool whose backend never answers: its timeouts are the environment, the card incomplete", async () => {
    const c = await run(fixtureCommand("score-backend-hang.mjs"));
    const calls = happy(c, "search_web");
    assert.deepEqual(
      calls.map((x) => [x.outcome, x.class, x.counted]),
      Array(3).fill(["timeout", "environment", false]),
    );
    assert.equal(
      calls[0]!.detail,
      "could not reach its backend: no answer within 2 s, and the tool reaches the network",
    );
    assert.deepEqual(c.incomplete, {
      calls: 3,
      examples: ["no answer within 2 s, and the tool reaches the network"],
    });
    // Its edge cases were answered at once, with what was wrong: they and lint make the grade.
    assert.deepEqual(c.counts.edge, { passed: 3, total: 3 });
    assert.deepEqual(c.rates, { edge: 1, lint: 1 });
    assert.equal(c.grade, "A");
    assert.deepEqual(
      c.fixes.map((f) => f.source),
      ["call:environment"],
    );
    assert.match(
      c.fixes[0]!.fix,
      /--no-network.* A backend that answers, but slowly, needs a longer --timeout\.$/,
    );
  });

  test("a tool that answers other valid input and hangs on one: that timeout counts against it", async () => {
    const c = await run(fixtureCommand("score-hang-on-input.mjs"));
    const calls = happy(c, "count_text");
    assert.deepEqual(
      calls.map((x) => [x.arguments.unit, x.outcome, x.class, x.counted]),
      [
        ["words", "result", "ok", true],
        ["lines", "timeout", "tool-error", true],
        ["words", "result", "ok", true],
      ],
    );
    assert.equal(
      calls[1]!.detail,
      "timed out: no answer within 2 s, though the tool answered other valid input",
    );
    assert.equal(c.incomplete, null);
    assert.deepEqual(c.counts.happy, { passed: 2, total: 3 });
    const fix = c.fixes.find((f) => f.source === "timeout")!;
    assert.equal(fix.issue, "timed out in 1 call(s) (happy-2)");
    assert.equal(fix.blocking, true);
  });

  test("a local tool that never answers: its timeouts count, though nothing else failed", async () => {
    const c = await run(fixtureCommand("score-slow-raw.mjs"), ["SCORE_TOOLS=stuck,quick"]);
    assert.deepEqual(
      happy(c, "stuck").map((x) => [x.outcome, x.class, x.counted]),
      Array(3).fill(["timeout", "tool-error", true]),
    );
    assert.equal(
      happy(c, "stuck")[0]!.detail,
      "timed out: no answer within 2 s, and the tool answered no valid input",
    );
    assert.equal(c.incomplete, null);
    assert.deepEqual(c.counts.happy, { passed: 3, total: 6 });
  });

  test("a server that exits when its backend is unreachable: the crash counts, and the fix says why", async () => {
    // A crash is the server's whatever the time a call has: a long one, so that a busy machine, on
    // which the server's first fetch() can take longer than half a second, never turns it into a timeout.
    // No edge cases: each call that crashes the server costs a restart, and the valid-input calls
    // are what is tested.
    const c = await run(fixtureCommand("score-crash-on-backend.mjs"), [], 20_000, false);
    assert.deepEqual(
      happy(c, "get_weather").map((x) => [x.outcome, x.class, x.counted]),
      Array(3).fill(["crash", "tool-error", true]),
    );
    assert.match(happy(c, "get_weather")[0]!.detail, /its stderr ends: fatal: fetch failed: ECONNREFUSED/);
    assert.deepEqual(c.counts.happy, { passed: 3, total: 6 });
    assert.equal(c.incomplete, null);
    const fix = c.fixes.find((f) => f.source === "crash")!;
    assert.equal(fix.tool, "get_weather");
    assert.match(fix.fix, /the crash followed a backend that could not be reached/);
  });
});
