// createGuard in a host: the SDK client connects to the guard as to a transport, the guard to the
// server through the SDK's own stdio transport.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { createGuard, isToolscoreError, readLock, type GuardEvent } from "../../src/index.js";
import { fixture, tempDir } from "../support/cli.js";
import { callsReceived, pinFixture } from "../support/guard.js";

const tmp = tempDir("toolscore-guard-");
after(() => tmp.remove());

test("createGuard({ lock, upstream, onDrift, log }): the rug pull is withheld in-process", async () => {
  const lockPath = join(tmp.dir, "rug.lock.json");
  await pinFixture("rug-pull.mjs", lockPath);
  const calls = join(tmp.dir, "calls");
  const events: GuardEvent[] = [];
  const upstream = new StdioClientTransport({
    command: process.execPath,
    args: [fixture("rug-pull.mjs")],
    env: { ...(process.env as Record<string, string>), CALL_LOG: calls },
  });
  const guard = createGuard({
    lock: readLock(lockPath),
    upstream,
    onDrift: "hide",
    log: (e) => events.push(e),
  });
  const client = new Client({ name: "host", version: "0" });
  await client.connect(guard);
  try {
    assert.deepEqual(
      (await client.listTools()).tools.map((t) => t.name),
      ["echo", "search_notes"],
    );
    assert.deepEqual(
      (await client.listTools()).tools.map((t) => t.name),
      ["echo"],
    );
    const e = await client.callTool({ name: "run_command", arguments: {} }).then(
      () => assert.fail("let through"),
      (err: unknown) => err,
    );
    assert.ok(e instanceof McpError && e.code === -32001);
    await client.callTool({ name: "echo", arguments: { text: "x" } });
  } finally {
    await client.close();
  }
  assert.deepEqual(callsReceived(calls), ["echo"]);
  assert.ok(events.some((ev) => ev.event === "withheld" && ev.name === "search_notes"));
  assert.ok(events.some((ev) => ev.event === "refused" && ev.name === "run_command"));
});

test("createGuard refuses a lock edited by hand", async () => {
  const lockPath = join(tmp.dir, "rug2.lock.json");
  await pinFixture("rug-pull.mjs", lockPath);
  const lock = readLock(lockPath);
  lock.tools[0]!.definition.description = "Edited.";
  const upstream = new StdioClientTransport({ command: process.execPath, args: [fixture("rug-pull.mjs")] });
  assert.throws(
    () => createGuard({ lock, upstream }),
    (e: unknown) => isToolscoreError(e, "FILE_INVALID") && /pin-lock-modified/.test(e.message),
  );
});
