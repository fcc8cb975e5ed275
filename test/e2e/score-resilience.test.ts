// The scorecard against real fixture servers that crash, hang, ask the client questions or break
// their output schemas: the reference's known failures, each one here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { scorecardForTarget } from "../../src/api/scorecard.js";
import { formatCallDetail } from "../../src/report/call-detail.js";
import { formatFix } from "../../src/report/fix-messages.js";
import { MCPStdioClient } from "../../src/mcp/stdio-client.js";
import { RestartableCaller } from "../../src/mcp/restartable.js";
import { resolveTarget } from "../../src/mcp/target.js";
import { isToolscoreError } from "../../src/util/errors.js";
import { alive, fixture, fixtureCommand, pidRecorder, tempDir } from "../support/cli.js";

const lines = (file: string) => {
  try {
    return readFileSync(file, "utf8").split("\n").filter(Boolean);
  } catch {
    return [];
  }
};

test("a crash is charged to the tool that caused it; the server is restarted and the run goes on", async () => {
  const tmp = tempDir();
  const pids = pidRecorder();
  const starts = join(tmp.dir, "starts");
  try {
    const target = resolveTarget(fixtureCommand("score-crash.mjs"), {
      env: [`SCORE_STARTS=${starts}`, `TOOLSCORE_FIXTURE_PIDS=${pids.env.TOOLSCORE_FIXTURE_PIDS}`],
    });
    const { scorecard: card } = await scorecardForTarget(target, {
      cases: 3,
      concurrency: 4,
      connect: { timeout: 20 },
    });
    const tool = (n: string) => card.tools.find((t) => t.name === n)!;
    assert.deepEqual(tool("explode").happy, { passed: 0, total: 3 });
    assert.ok(card.calls.filter((c) => c.tool === "explode").every((c) => c.outcome === "crash"));
    for (const n of ["echo_a", "echo_b"]) {
      assert.deepEqual(tool(n).happy, { passed: 3, total: 3 }, n);
      // The echo tools accept invalid input (an edge-case finding), but none of it crashes them.
      assert.ok(
        card.calls.filter((c) => c.tool === n).every((c) => c.outcome === "result"),
        n,
      );
    }
    assert.ok(card.restarts >= 2, `restarts: ${card.restarts}`);
    assert.equal(lines(starts).length, card.restarts + 1);
    const crashFixes = card.fixes.filter((f) => f.source === "crash");
    assert.deepEqual(
      crashFixes.map((f) => f.tool),
      ["explode"],
    );
    assert.match(formatFix(crashFixes[0]!).issue, /crashed the server in 3 call\(s\)/);
    for (const pid of pids.pids()) assert.equal(alive(pid), false, `server ${pid} left running`);
  } finally {
    pids.cleanup();
    tmp.remove();
  }
});

test("restarts are bounded: past the limit, calls fail without starting the server again", async () => {
  const tmp = tempDir();
  const starts = join(tmp.dir, "starts");
  const caller = await RestartableCaller.start(
    () =>
      MCPStdioClient.connect(["node", fixture("score-crash.mjs")], {
        env: { SCORE_STARTS: starts },
        timeout: 20,
      }),
    { maxRestarts: 1 },
  );
  try {
    for (let i = 0; i < 2; i++)
      await assert.rejects(
        caller.call("explode", {}),
        (e) => isToolscoreError(e, "SERVER_EXITED") && e.data.crash === true,
      );
    await assert.rejects(caller.call("echo_a", { text: "x" }), /not started again/);
    assert.equal(lines(starts).length, 2);
  } finally {
    await caller.close();
    tmp.remove();
  }
});

test("a timed-out call is cancelled: the server stops it, and the next call is not delayed", async () => {
  const tmp = tempDir();
  const log = join(tmp.dir, "log");
  const client = await MCPStdioClient.connect(["node", fixture("score-slow-raw.mjs")], {
    env: { SCORE_SERIAL: "1", SCORE_LOG: log },
    timeout: 20,
  });
  try {
    await assert.rejects(client.callTool("stuck", {}, { timeoutMs: 300 }), (e) =>
      isToolscoreError(e, "TIMEOUT"),
    );
    // The server works on one call at a time: without the cancel, this would wait a minute.
    const next = await client.callTool("quick", {}, { timeoutMs: 20_000 });
    assert.equal(next.ok, true);
    assert.ok(next.latencyMs < 15_000, `quick took ${next.latencyMs} ms`);
    assert.deepEqual(lines(log), ["cancelled stuck"]);
  } finally {
    await client.close();
    tmp.remove();
  }
});

test("through the scorecard: one hanging tool times out, the others pass", async () => {
  const target = resolveTarget(fixtureCommand("score-slow-raw.mjs"), { env: ["SCORE_SERIAL=1"] });
  const { scorecard: card } = await scorecardForTarget(target, {
    cases: 2,
    timeoutMs: 300,
    connect: { timeout: 20 },
  });
  const tool = (n: string) => card.tools.find((t) => t.name === n)!;
  assert.deepEqual(tool("stuck").happy, { passed: 0, total: 2 });
  assert.deepEqual(tool("quick").happy, { passed: 2, total: 2 });
  assert.deepEqual(tool("slow").happy, { passed: 2, total: 2 });
  assert.ok(card.calls.filter((c) => c.tool === "stuck").every((c) => c.outcome === "timeout"));
});

test("server-to-client requests during a call (ping, roots/list) are answered, so the call completes", async () => {
  const { scorecard: bare } = await scorecardForTarget(resolveTarget(fixtureCommand("score-asks.mjs")), {
    cases: 2,
    timeoutMs: 10_000,
  });
  assert.deepEqual(bare.tools[0]!.happy, { passed: 2, total: 2 });
  const tmp = tempDir();
  const client = await MCPStdioClient.connect(["node", fixture("score-asks.mjs")], {
    clientCapabilities: ["roots"],
    cwd: tmp.dir,
    timeout: 10,
  });
  try {
    const o = await client.callTool("where_am_i", {});
    assert.equal(o.ok, true);
    const text = o.ok ? (o.result.content as Array<{ text: string }>)[0]!.text : "";
    assert.match(text, /^ping: ok; roots: \[\{"uri":"file:\/\//);
  } finally {
    await client.close();
    tmp.remove();
  }
});

test("declared output schemas are checked: a wrong type and a missing structuredContent fail", async () => {
  const { scorecard: card } = await scorecardForTarget(
    resolveTarget(fixtureCommand("score-output-violator.mjs")),
    {
      cases: 1,
      probes: true,
    },
  );
  const outcome = (n: string) => card.calls.find((c) => c.tool === n && c.kind === "happy")!;
  assert.equal(outcome("count_items").outcome, "invalid-output");
  assert.match(formatCallDetail(outcome("count_items").facts), /count/);
  assert.equal(outcome("describe_store").outcome, "invalid-output");
  assert.match(formatCallDetail(outcome("describe_store").facts), /no structuredContent/);
  assert.equal(outcome("item_total").ok, true);
  const probe = (n: string) =>
    card.probes.find((p) => p.id === "output-schema-conformance" && p.tool === n)!.status;
  assert.deepEqual(
    [probe("count_items"), probe("describe_store"), probe("item_total")],
    ["fail", "fail", "pass"],
  );
});

test("awkward schemas do not crash the run, and every valid input the server checks is valid", async () => {
  const { scorecard: card } = await scorecardForTarget(
    resolveTarget(fixtureCommand("score-awkward-schemas.mjs")),
    {
      seed: 3,
    },
  );
  for (const t of card.tools) {
    if (t.name === "pick_colour") continue; // an empty enum: no valid input exists
    assert.deepEqual(
      t.happy,
      { passed: 3, total: 3 },
      `${t.name}: ${JSON.stringify(card.calls.find((c) => c.tool === t.name && !c.ok)?.facts)}`,
    );
  }
  assert.match(formatCallDetail(card.calls.find((c) => c.tool === "pick_colour")!.facts), /empty enum/);
});
