// One lock, every client: server-everything 2026.8.31 offers get-roots-list only to clients that
// declare roots, trigger-elicitation-request only to those that declare elicitation, and
// trigger-url-elicitation only to those that declare its URL mode. Pinned
// once (every client capability profile recorded), the guard lets each real client's declared
// capabilities see exactly what the server offers it, withholding nothing, when drift blocks. The
// guard is embedded with createGuard in the test's process: its decisions are those of mcp guard,
// and no guard process is started per client.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { createGuard, readLock, type GuardEvent } from "../../src/index.js";
import { ROOT, runCli, tempDir } from "../support/cli.js";

const tmp = tempDir("toolscore-guard-profiles-");
after(() => tmp.remove());
const SERVER = join(ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const LOCK = join(tmp.dir, "everything.lock.json");
const CLIENTS = JSON.parse(
  readFileSync(join(ROOT, "test/fixtures/clients/declared-capabilities.json"), "utf8"),
) as Record<string, Record<string, unknown>>;
const BASE = [
  "echo",
  "get-annotated-message",
  "get-env",
  "get-resource-links",
  "get-resource-reference",
  "get-structured-content",
  "get-sum",
  "get-tiny-image",
  "gzip-file-as-resource",
  "simulate-research-query",
  "toggle-simulated-logging",
  "toggle-subscriber-updates",
  "trigger-long-running-operation",
];
const EXPECTED: Record<string, string[]> = {
  "claude-code 2.1": [...BASE, "get-roots-list", "trigger-elicitation-request"].sort(),
  // URL-mode elicitation: the server offers its URL elicitation tool too.
  "codex 0.171": [...BASE, "trigger-elicitation-request", "trigger-url-elicitation"].sort(),
  "gemini-cli 0.61": BASE,
};

before(async () => {
  const pin = await runCli(["mcp", "pin", `node ${JSON.stringify(SERVER)}`, "--lock", LOCK]);
  assert.equal(pin.code, 0, pin.stderr);
});

/** One client's session through an in-process guard: its initialize, then tools/list. */
async function listThroughGuard(
  client: string,
  capabilities: Record<string, unknown>,
  events: GuardEvent[],
): Promise<Record<string, unknown>> {
  const upstream = new StdioClientTransport({ command: process.execPath, args: [SERVER], stderr: "ignore" });
  const guard = createGuard({ lock: readLock(LOCK), upstream, onDrift: "block", log: (e) => events.push(e) });
  const waiting = new Map<unknown, (m: Record<string, unknown>) => void>();
  // Requests the server makes of the client (roots/list, ...) go unanswered, as by a bare client;
  // only answers (no method) settle the client's own requests.
  guard.onmessage = (m) => {
    if (!("method" in m)) waiting.get((m as { id?: unknown }).id)?.(m as Record<string, unknown>);
  };
  const ask = (id: number, method: string, params: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${method}`)), 60_000);
      waiting.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      void guard.send({ jsonrpc: "2.0", id, method, params });
    });
  await guard.start();
  try {
    const clientInfo = { name: client, version: "0" };
    await ask(1, "initialize", { protocolVersion: "2025-11-25", capabilities, clientInfo });
    await guard.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    return await ask(2, "tools/list", {});
  } finally {
    await guard.close();
  }
}

for (const [client, capabilities] of Object.entries(CLIENTS)) {
  test(`${client}: the guard checks the profile the client declared, and withholds nothing`, async () => {
    const events: GuardEvent[] = [];
    const listed = await listThroughGuard(client, capabilities, events);
    assert.ok(listed.result, JSON.stringify(listed));
    const tools = (listed.result as { tools: Array<{ name: string }> }).tools.map((t) => t.name).sort();
    assert.deepEqual(tools, EXPECTED[client]);
    // The guard checks again after each list_changed; every check passes and withholds nothing.
    const checks = events.filter((e) => e.event === "verified" || e.event === "unverified");
    assert.ok(checks.length >= 1);
    assert.deepEqual(
      checks.map((e) => [e.event, e.withheld, e.ok]),
      checks.map(() => ["verified", 0, true]),
    );
  });
}
