// A model-based fuzz test of the guard. A hostile server model (test/fixtures/servers/fuzz-hostile.mjs)
// driven by a seeded schedule answers the guard's requests in every way it can think of and acts
// of its own accord in between; a client (a raw one, the SDK's v1 client, the SDK's v2 client)
// runs through the guard's core. After each schedule the invariant is checked on every byte the
// client received: each message answers one of the client's own requests, once, with content that
// passed the check (only pinned tools, as pinned), or is a notification or server request the guard
// passes; the drift marker is nowhere; and no call to an unpinned tool reached the server.
// A failing seed is printed: replay it with FUZZ_SEED=<seed> (and FUZZ_CLIENT=raw|v1|v2).
// A few schedules also run through the built guard against the model as a real process.
// The suite runs a quarter of the full count (400 raw, 63 with each SDK client), as the property
// tests do; TOOLSCORE_PROPERTY_RUNS=1 runs the full 1,600 and 250 each, =10 ten times as many.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as MemoryV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { Client as ClientV2, InMemoryTransport as MemoryV2 } from "@modelcontextprotocol/client";
import {
  CAPABILITIES,
  createFuzzServer,
  HONEST_TOOLS,
  INSTRUCTIONS,
  MARKER,
  prng,
  SERVER_INFO,
  type FuzzServer,
} from "../fixtures/servers/fuzz-hostile.mjs";
import { GuardCore } from "../../src/guard/core.js";
import { textOf } from "../../src/guard/frame.js";
import { buildLock, ServerSnapshot, writeLock } from "../../src/index.js";
import { tempDir } from "../support/cli.js";
import { runs } from "../support/runs.js";
import { callsReceived, CLI, handshakeLines, spawnGuard } from "../support/guard.js";

const LOCK = buildLock(
  ServerSnapshot.of({
    server: SERVER_INFO,
    protocol: "2025-06-18",
    capabilities: CAPABILITIES,
    client_capabilities: [],
    instructions: INSTRUCTIONS,
    tools: HONEST_TOOLS,
  }),
);
const PINNED = new Map(HONEST_TOOLS.map((t) => [t.name, JSON.stringify(t)]));
const NAMES = ["list_dir", "read_file", "stat_file", "run_command", "nope"];
const SERVER_REQUESTS = new Set(["ping", "roots/list", "sampling/createMessage", "elicitation/create"]);
const NOTIFICATIONS = new Set([
  "notifications/tools/list_changed",
  "notifications/resources/updated",
  "notifications/progress",
  "notifications/message",
  "notifications/cancelled",
]);
const tick = () => new Promise((resolve) => setImmediate(resolve));
const idKey = (id: unknown) => `${typeof id}:${String(id)}`;

/** A guard core between a client and the model; what the client received, as written. */
function harness(seed: number) {
  const server = createFuzzServer(seed);
  const rng = prng(seed ^ 0x2545f491);
  const received: string[] = [];
  let deliver: (text: string) => void = () => {};
  const core = new GuardCore({
    lock: LOCK,
    onDrift: "hide",
    log: () => {},
    review: "toolscore mcp verify-pin SERVER",
    timeoutMs: 40,
    toClient: (frame) => {
      const text = textOf(frame);
      received.push(text);
      deliver(text);
    },
    toServer: (frame) => server.receive(textOf(frame)),
  });
  // One step of the server's side: a line it wrote, or something it does of its own accord.
  const step = () => {
    if (rng() < 0.15) server.spontaneous();
    const line = server.next();
    if (line !== undefined) core.fromServer({ text: line });
  };
  return {
    server,
    rng,
    core,
    received,
    onClient: (fn: (text: string) => void) => (deliver = fn),
    step,
    async drain() {
      for (let i = 0; i < 200 && (server.waiting > 0 || i < 5); i++) {
        const line = server.next();
        if (line !== undefined) core.fromServer({ text: line });
        await tick();
      }
    },
  };
}

/** The invariant over what a client received, given the ids it sent. */
function checkReceived(received: string[], sent: Map<string, string>, server: FuzzServer): void {
  const answered = new Set<string>();
  for (const text of received) {
    assert.ok(!text.includes(MARKER), `the drift marker reached the client: ${text}`);
    const m = JSON.parse(text) as Record<string, unknown>;
    assert.equal(m.jsonrpc, "2.0");
    if (typeof m.method === "string") {
      const allowed = m.id === undefined ? NOTIFICATIONS : SERVER_REQUESTS;
      assert.ok(allowed.has(m.method), `passed ${m.method}`);
      continue;
    }
    const key = idKey(m.id);
    const method = sent.get(key);
    assert.ok(method !== undefined, `an answer to a request the client never sent: ${text}`);
    assert.ok(!answered.has(key), `a second answer to ${key}`);
    answered.add(key);
    const result = m.result as Record<string, unknown> | undefined;
    if (method === "tools/list" && result)
      for (const tool of result.tools as Array<{ name: string }>)
        assert.equal(JSON.stringify(tool), PINNED.get(tool.name), `a tool that is not pinned as listed`);
    if (method === "initialize" && result && result.instructions !== undefined)
      assert.equal(result.instructions, INSTRUCTIONS);
  }
  for (const name of server.calls) assert.ok(PINNED.has(name), `the server was called for ${name}`);
}

async function rawSchedule(seed: number): Promise<void> {
  const h = harness(seed);
  const sent = new Map<string, string>();
  const send = (m: Record<string, unknown>) => {
    if (m.id !== undefined) sent.set(idKey(m.id), m.method as string);
    h.core.fromClient({ text: JSON.stringify(m) });
  };
  send({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
  });
  send({ jsonrpc: "2.0", method: "notifications/initialized" });
  const steps = 10 + Math.floor(h.rng() * 30);
  let read = 0;
  for (let i = 0, next = 2; i < steps; i++) {
    if (h.rng() < 0.4) {
      const id = h.rng() < 0.5 ? next : `c-${next}`;
      next++;
      const r = h.rng();
      if (r < 0.35)
        send({ jsonrpc: "2.0", id, method: "tools/list", params: h.rng() < 0.3 ? { cursor: "page-2" } : {} });
      else if (r < 0.8) {
        const name = NAMES[Math.floor(h.rng() * NAMES.length)]!;
        const params = { name, arguments: {}, _meta: { progressToken: h.rng() < 0.5 ? 1 : "t-1" } };
        send({ jsonrpc: "2.0", id, method: "tools/call", params });
      } else send({ jsonrpc: "2.0", id, method: "ping" });
    }
    // The client answers some of what the server asked of it, under the id it was asked with.
    for (; read < h.received.length; read++) {
      const m = JSON.parse(h.received[read]!) as Record<string, unknown>;
      if (typeof m.method === "string" && m.id !== undefined && h.rng() < 0.7)
        h.core.fromClient({ text: JSON.stringify({ jsonrpc: "2.0", id: m.id, result: { roots: [] } }) });
    }
    h.step();
    await tick();
  }
  await h.drain();
  await Promise.race([h.core.settled(), new Promise((r) => setTimeout(r, 50))]);
  h.core.close();
  checkReceived(h.received, sent, h.server);
}

type SdkClient = {
  connect(t: unknown, o?: unknown): Promise<void>;
  listTools(p?: unknown, o?: unknown): Promise<{ tools: Array<{ name: string; description?: string }> }>;
  callTool(p: unknown, s?: unknown, o?: unknown): Promise<unknown>;
  ping(o?: unknown): Promise<unknown>;
  getInstructions(): string | undefined;
  close(): Promise<void>;
};

async function sdkSchedule(seed: number, version: "v1" | "v2"): Promise<void> {
  const h = harness(seed);
  const [clientSide, guardSide] =
    version === "v1" ? MemoryV1.createLinkedPair() : MemoryV2.createLinkedPair();
  const sent = new Map<string, string>();
  guardSide.onmessage = (m: unknown) => {
    const msg = m as Record<string, unknown>;
    if (typeof msg.method === "string" && msg.id !== undefined) sent.set(idKey(msg.id), msg.method);
    h.core.fromClient({ text: JSON.stringify(msg) });
  };
  h.onClient((text) => void guardSide.send(JSON.parse(text) as never).catch(() => {}));
  await guardSide.start();
  const info = { name: "fuzz-client", version: "0" };
  const client = (version === "v1" ? new ClientV1(info) : new ClientV2(info)) as unknown as SdkClient;
  let done = false;
  const pump = (async () => {
    while (!done) {
      h.step();
      await tick();
    }
  })();
  const opts = { timeout: 150 };
  try {
    await client.connect(clientSide, opts);
    const instructions = client.getInstructions();
    assert.ok(instructions === undefined || instructions === INSTRUCTIONS, `instructions: ${instructions}`);
    const ops = 2 + Math.floor(h.rng() * 5);
    for (let i = 0; i < ops; i++) {
      const r = h.rng();
      try {
        if (r < 0.45) {
          const { tools } = await client.listTools(undefined, opts);
          for (const t of tools) assert.ok(PINNED.has(t.name) && !String(t.description).includes(MARKER));
        } else if (r < 0.9) {
          const name = NAMES[Math.floor(h.rng() * NAMES.length)]!;
          // The v1 client takes a result schema before its options; the v2 client does not.
          if (version === "v1") await client.callTool({ name, arguments: {} }, undefined, opts);
          else await client.callTool({ name, arguments: {} }, opts);
        } else await client.ping(opts);
      } catch (e) {
        if (e instanceof assert.AssertionError) throw e;
        // Refused, timed out, or the server's own error: all allowed outcomes.
      }
    }
  } catch (e) {
    if (e instanceof assert.AssertionError) throw e;
    // The handshake may fail or time out against a server that never answers it.
  } finally {
    done = true;
    await pump;
    await client.close().catch(() => {});
  }
  await h.drain();
  h.core.close();
  checkReceived(h.received, sent, h.server);
}

async function runSeeds(client: "raw" | "v1" | "v2", count: number, base: number): Promise<void> {
  const only = process.env.FUZZ_SEED;
  if (only !== undefined && (process.env.FUZZ_CLIENT ?? "raw") !== client) return;
  const seeds = only !== undefined ? [Number(only)] : Array.from({ length: count }, (_, i) => base + i);
  for (const seed of seeds) {
    try {
      if (client === "raw") await rawSchedule(seed);
      else await sdkSchedule(seed, client);
    } catch (e) {
      const replay = `FUZZ_SEED=${seed} FUZZ_CLIENT=${client} node scripts/test.mjs guard-fuzz`;
      throw new Error(
        `schedule ${seed} (${client} client) broke the invariant; replay: ${replay}\n${String(e)}`,
      );
    }
  }
}

const RAW = runs(1600);
const SDK = runs(250);

test(`fuzz: ${RAW} schedules with a raw client keep the invariant`, () => runSeeds("raw", RAW, 1));
test(`fuzz: ${SDK} schedules with the SDK v1 client keep the invariant`, () => runSeeds("v1", SDK, 100_001));
test(`fuzz: ${SDK} schedules with the SDK v2 client keep the invariant`, () => runSeeds("v2", SDK, 200_001));

test("fuzz: schedules against the model as a real process, through the built guard", async () => {
  if (process.env.FUZZ_SEED !== undefined) return;
  const tmp = tempDir("toolscore-fuzz-");
  try {
    const lock = join(tmp.dir, "fuzz.lock.json");
    await writeLock(lock, LOCK);
    // Two schedules: the invariant itself is the in-process runs' to cover, seed after seed.
    for (let seed = 1; seed <= 2; seed++) {
      const calls = join(tmp.dir, `calls-${seed}`);
      const g = spawnGuard(
        [CLI, "mcp", "guard", "--lock", lock, "--timeout", "1", "--", process.execPath, fuzzServerPath()],
        { SEED: String(seed), CALL_LOG: calls },
      );
      const sent = new Map<string, string>([[idKey(1), "initialize"]]);
      g.write(handshakeLines());
      for (let id = 2; id < 14; id++) {
        const method = id % 3 === 0 ? "tools/list" : "tools/call";
        const params = method === "tools/call" ? { name: NAMES[id % NAMES.length], arguments: {} } : {};
        sent.set(idKey(id), method);
        g.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
      }
      // Until the guard has written nothing new for a while.
      for (let seen = -1, i = 0; seen !== g.lines.length && i < 15; i++) {
        seen = g.lines.length;
        await new Promise((r) => setTimeout(r, 150));
      }
      g.child.stdin.end();
      await g.exit;
      const server = { calls: callsReceived(calls) } as FuzzServer;
      checkReceived(g.lines, sent, server);
    }
  } finally {
    tmp.remove();
  }
});

function fuzzServerPath(): string {
  return join(import.meta.dirname, "..", "fixtures", "servers", "fuzz-hostile.mjs");
}
