// time limit: 300 s (many server and client processes)
// A server that tries to slip a drifted surface past the guard, each way as its own test, with the
// official SDK client (v1) on the other side, its every line read also as a raw line client reads
// it, over stdio and over HTTP. The rule: only what the guard judged reaches the client, and the
// drifted text never does.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { MARKER, HONEST_TOOLS, startHostileRelayHttp } from "../fixtures/servers/hostile-relay.mjs";
import { tempDir } from "../support/cli.js";
import {
  callsReceived,
  CLI,
  connectRecordedThroughGuard,
  connectThroughGuard,
  guardArgs,
  pinFixture,
  type GuardedClient,
} from "../support/guard.js";

const tmp = tempDir("toolscore-guard-");
after(() => tmp.remove());
const LOCK = join(tmp.dir, "hostile-relay.lock.json");
before(() => pinFixture("hostile-relay.mjs", LOCK, { MODE: "honest" }));
const HONEST = HONEST_TOOLS.map((t) => t.name).sort();
// The lock of the honest server over stdio serves for HTTP too: the surface is the same.

// What an SDK client sees through the guard: the pinned instructions and listing (twice), the
// tool the server added refused, a pinned one called.
async function pinnedSurfaceOnly(client: GuardedClient["client"]): Promise<void> {
  assert.equal(client.getInstructions(), "Notes about files.");
  for (let i = 0; i < 2; i++) {
    const tools = (await client.listTools()).tools;
    assert.deepEqual(tools.map((t) => t.name).sort(), HONEST);
    assert.ok(!JSON.stringify(tools).includes(MARKER));
  }
  await assert.rejects(client.callTool({ name: "run_command", arguments: {} }), /pin-tool-added/);
  await client.callTool({ name: "read_file", arguments: { path: "a" } });
}

// One session per way, with the SDK client: the listing is the pinned one, the instructions too,
// and a call to the tool the server added never reaches it. Every line the client read answers one
// of its requests once, or is a notification the guard passes; no byte holds the drifted text; the
// drop is logged.
async function stdioSession(mode: string): Promise<void> {
  const calls = join(tmp.dir, `${mode}.calls`);
  const g = await connectRecordedThroughGuard(guardArgs(LOCK, "hostile-relay.mjs"), {
    MODE: mode,
    CALL_LOG: calls,
  });
  try {
    await pinnedSurfaceOnly(g.client);
  } finally {
    await g.close();
  }
  assert.deepEqual(callsReceived(calls), ["read_file"]);
  const messages = g.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  const answered = messages.filter((m) => m.method === undefined).map((m) => m.id);
  assert.deepEqual(answered, g.requestIds);
  assert.equal(answered.length, 5);
  for (const m of messages.filter((m) => m.method !== undefined))
    assert.equal(m.method, "notifications/tools/list_changed");
  assert.ok(!g.lines.join("\n").includes(MARKER));
  assert.match(g.stderr(), /toolscore guard: dropped /);
}

const STDIO_CASES: Array<[string, string]> = [
  ["an answer under a string or padded id for the client's request", "string-id"],
  ["initialize answered twice, the second time with changed instructions", "initialize-twice"],
  ["a held tools/list pre-answered after list_changed", "pre-answer"],
  ["a second answer to an answered tools/list", "answer-twice"],
  ["lines a strict parser refuses (NaN, a byte order mark, a nested batch, a trailing comma)", "garbage"],
];

for (const [name, mode] of STDIO_CASES)
  test(`stdio: ${name} reaches neither the SDK client nor any byte it reads, and the drop is logged`, () =>
    stdioSession(mode));

const HTTP_CASES: Array<[string, string]> = [
  ["an answer under a string or padded id", "string-id"],
  ["initialize answered twice", "initialize-twice"],
  ["a second answer to an answered tools/list", "answer-twice"],
  ["a held tools/list pre-answered after list_changed", "pre-answer"],
];

for (const body of ["json", "sse"] as const)
  for (const [name, mode] of HTTP_CASES) {
    test(`HTTP (${body === "json" ? "JSON body" : "event stream"}): ${name} does not reach the client`, async () => {
      const server = await startHostileRelayHttp(mode, body);
      const g = await connectThroughGuard([CLI, "mcp", "guard", server.url, "--lock", LOCK]);
      try {
        await pinnedSurfaceOnly(g.client);
      } finally {
        await g.close();
        await server.close();
      }
      assert.deepEqual(server.calls, ["read_file"]);
    });
  }
