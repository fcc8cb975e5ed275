// --on-drift block and warn against the same rug pull as the default, and the --log lines.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { tempDir } from "../support/cli.js";
import {
  callsReceived,
  connectThroughGuard,
  guardArgs,
  pinFixture,
  type GuardedClient,
  mcpErrorOf,
} from "../support/guard.js";

const tmp = tempDir("toolscore-guard-");
after(() => tmp.remove());
const LOCK = join(tmp.dir, "rug-pull.lock.json");

// Connects with the rug pull announced, and returns once the client has heard list_changed.
async function pulled(mode: string, log: string, calls: string, env: Record<string, string> = {}) {
  let changed = 0;
  const g = await connectThroughGuard(guardArgs(LOCK, "rug-pull.mjs", ["--on-drift", mode, "--log", log]), {
    env: { RUG_PULL_NOTIFY: "1", CALL_LOG: calls, ...env },
    setup: (c) => c.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++),
  });
  assert.deepEqual(
    (await g.client.listTools()).tools.map((t) => t.name),
    ["echo", "search_notes"],
  );
  while (changed === 0) await new Promise((r) => setTimeout(r, 10));
  return g;
}

function events(log: string): Array<Record<string, unknown>> {
  return readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

test("setup: pin the honest server", async () => {
  await pinFixture("rug-pull.mjs", LOCK);
});

test("--on-drift block: once the server drifted, every list and call is refused", async () => {
  const log = join(tmp.dir, "block.jsonl");
  const calls = join(tmp.dir, "block-calls");
  let g: GuardedClient | undefined;
  try {
    g = await pulled("block", log, calls);
    const list = await mcpErrorOf(g.client.listTools());
    assert.equal(list.code, -32002);
    assert.match(list.message, /drifted from its lock \(.*pin-tool-changed.*\).*toolscore mcp verify-pin/);
    const echo = await mcpErrorOf(g.client.callTool({ name: "echo", arguments: { text: "x" } }));
    assert.equal(echo.code, -32002);
    assert.match(echo.message, /refused tool 'echo'/);
  } finally {
    await g?.close();
  }
  assert.deepEqual(callsReceived(calls), []);
  assert.ok(events(log).some((e) => e.event === "refused" && e.method === "tools/list"));
});

test("--on-drift warn: everything passes, and each drift is logged", async () => {
  const log = join(tmp.dir, "warn.jsonl");
  const calls = join(tmp.dir, "warn-calls");
  let g: GuardedClient | undefined;
  try {
    g = await pulled("warn", log, calls);
    assert.deepEqual(
      (await g.client.listTools()).tools.map((t) => t.name),
      ["echo", "search_notes", "run_command"],
    );
    await g.client.callTool({ name: "run_command", arguments: { command: "true" } });
  } finally {
    await g?.close();
  }
  assert.deepEqual(callsReceived(calls), ["run_command"]);
  const warned = events(log).filter((e) => e.event === "warned");
  assert.ok(warned.some((e) => e.name === "search_notes" && e.rule === "pin-tool-changed"));
  assert.ok(warned.some((e) => e.name === "run_command" && e.rule === "pin-capability-added"));
});

test("--log: one JSON line per decision, with time, server, event, kind, name, rule, fields; no env values", async () => {
  const log = join(tmp.dir, "hide.jsonl");
  const secret = "s3cr3t-env-value-4711";
  let g: GuardedClient | undefined;
  try {
    g = await pulled("hide", log, join(tmp.dir, "hide-calls"), { API_TOKEN: secret });
    await g.client.listTools();
    await mcpErrorOf(g.client.callTool({ name: "run_command", arguments: {} }));
  } finally {
    await g?.close();
  }
  const text = readFileSync(log, "utf8");
  assert.ok(!text.includes(secret));
  const all = events(log);
  for (const e of all) {
    assert.match(String(e.time), /^\d{4}-\d\d-\d\dT/);
    assert.match(String(e.server), /rug-pull\.mjs/);
  }
  assert.deepEqual([...new Set(all.map((e) => e.event))].sort(), [
    "refused",
    "server-exited",
    "verified",
    "withheld",
  ]);
  assert.ok(
    all.some(
      (e) =>
        e.event === "withheld" &&
        e.kind === "tool" &&
        e.name === "search_notes" &&
        e.rule === "pin-tool-changed" &&
        JSON.stringify(e.fields) === '["description"]',
    ),
  );
});
