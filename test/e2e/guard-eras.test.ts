// The guard in both protocol eras, on the dual-era sample server in its rug-pulled form: the 2025
// handshake (initialize) from the SDK v1 client, and the stateless 2026-07-28 era (server/discover,
// the version in every request's _meta) from the v2 SDK client and from a raw one. The guard's
// own listing follows the client's era: it checks the server either way.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { ROOT, tempDir } from "../support/cli.js";
import { CLI, connectThroughGuard, spawnGuard } from "../support/guard.js";

const tmp = tempDir("toolscore-guard-");
after(() => tmp.remove());
const LOCK = join(ROOT, "examples", "pinning", "notes.lock.json");
const guardArgs = (log: string) => [
  CLI,
  "mcp",
  "guard",
  "--lock",
  LOCK,
  "--log",
  log,
  "--",
  process.execPath,
  join(ROOT, "dist", "notes-server.js"),
  "--rugpull",
];
const HONEST = [
  "create_note",
  "delete_note",
  "export_notes",
  "get_note",
  "list_notes",
  "noteStats",
  "update_note",
];

function verified(log: string): Array<Record<string, unknown>> {
  return readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((e) => e.event === "verified" || e.event === "unverified");
}

test("2025 era (initialize, SDK v1 client): the rug pull is withheld", async () => {
  const log = join(tmp.dir, "legacy.jsonl");
  const g = await connectThroughGuard(guardArgs(log));
  try {
    assert.deepEqual((await g.client.listTools()).tools.map((t) => t.name).sort(), HONEST);
    await assert.rejects(
      g.client.callTool({ name: "run_command", arguments: { command: "id" } }),
      /pin-capability-added/,
    );
  } finally {
    await g.close();
  }
  assert.deepEqual(
    verified(log).map((e) => [e.event, e.items, e.withheld]),
    [["verified", 9, 2]],
  );
});

test("2026-07-28 era (server/discover, SDK v2 client pinned to it): the same", async () => {
  const log = join(tmp.dir, "modern.jsonl");
  const [command, ...args] = [process.execPath, ...guardArgs(log)];
  const client = new Client(
    { name: "guard-test", version: "0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(new StdioClientTransport({ command: command!, args, stderr: "ignore" }));
  try {
    assert.deepEqual((await client.listTools()).tools.map((t) => t.name).sort(), HONEST);
    await assert.rejects(
      client.callTool({ name: "run_command", arguments: { command: "id" } }),
      /pin-capability-added/,
    );
    const notes = await client.callTool({ name: "list_notes", arguments: {} });
    assert.match(JSON.stringify(notes.content), /Groceries/);
  } finally {
    await client.close();
  }
  const checks = verified(log);
  assert.ok(checks.length >= 1);
  for (const e of checks) assert.deepEqual([e.event, e.items, e.withheld], ["verified", 9, 2]);
});

test("2026-07-28 era, raw: the guard's own requests carry the client's protocol _meta", async () => {
  const meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": { name: "raw", version: "0" },
  };
  const log = join(tmp.dir, "raw.jsonl");
  const g = spawnGuard(guardArgs(log));
  const send = (id: number, method: string, params: Record<string, unknown> = {}) =>
    g.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params: { ...params, _meta: meta } })}\n`);
  try {
    send(1, "server/discover");
    send(2, "tools/list"); // sent at once: it waits until the guard has checked the server
    const hello = (await g.answer(1)).result as { instructions?: string };
    assert.match(hello.instructions ?? "", /A small notes store/);
    const list = (await g.answer(2)).result as { tools: Array<{ name: string }> };
    assert.deepEqual(list.tools.map((t) => t.name).sort(), HONEST);
    send(3, "tools/call", { name: "search_notes", arguments: { query: "x" } });
    assert.equal(((await g.answer(3)).error as { code: number }).code, -32001);
  } finally {
    g.child.stdin.end();
    await g.exit;
  }
  assert.deepEqual(
    verified(log).map((e) => [e.event, e.items, e.withheld]),
    [["verified", 9, 2]],
  );
});
