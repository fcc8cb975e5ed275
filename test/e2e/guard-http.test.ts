// The guard with a server at a URL: stdio to the client, Streamable HTTP to the server.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { HTTP_TOOLS, startStatefulStreamableHttp } from "../fixtures/servers/http-servers.mjs";
import { buildLock, ServerSnapshot, writeLock } from "../../src/index.js";
import { runCli, tempDir } from "../support/cli.js";
import { CLI, connectThroughGuard } from "../support/guard.js";

const tmp = tempDir("toolscore-guard-");
let server: Awaited<ReturnType<typeof startStatefulStreamableHttp>>;
before(async () => {
  server = await startStatefulStreamableHttp();
});
after(async () => {
  await server.close();
  tmp.remove();
});
const SECRET = "header-secret-0815";

test("over Streamable HTTP: tools pass, --header reaches the server, never the log", async () => {
  const lock = join(tmp.dir, "http.lock.json");
  const pin = await runCli(["mcp", "pin", server.url, "--lock", lock]);
  assert.equal(pin.code, 0, pin.stderr);
  const log = join(tmp.dir, "http.jsonl");
  const args = [
    CLI,
    "mcp",
    "guard",
    server.url,
    "--lock",
    lock,
    "--header",
    `X-Api-Key: ${SECRET}`,
    "--log",
    log,
  ];
  const g = await connectThroughGuard(args);
  try {
    const names = (await g.client.listTools()).tools.map((t) => t.name);
    assert.deepEqual(
      names,
      HTTP_TOOLS.map((t) => t.name),
    );
  } finally {
    await g.close();
  }
  assert.ok(server.seen.some((r) => r.headers["x-api-key"] === SECRET));
  const text = readFileSync(log, "utf8");
  assert.ok(!text.includes(SECRET));
  assert.match(text, /"event":"verified"/);
});

test("over Streamable HTTP: a tool that drifted from the lock is withheld and refused", async () => {
  // The lock of a server whose echo_http said something else when it was pinned.
  const pinned = HTTP_TOOLS.map((t) => (t.name === "echo_http" ? { ...t, description: "Echoes." } : t));
  const snapshot = ServerSnapshot.of({
    server: { name: "stateful-fixture", version: "1.0.0" },
    protocol: "2025-11-25",
    capabilities: { tools: {} },
    client_capabilities: [],
    instructions: null,
    tools: pinned,
  });
  const lock = join(tmp.dir, "http-drift.lock.json");
  await writeLock(lock, buildLock(snapshot));
  const g = await connectThroughGuard([CLI, "mcp", "guard", server.url, "--lock", lock]);
  try {
    assert.deepEqual(
      (await g.client.listTools()).tools.map((t) => t.name),
      ["ping_http"],
    );
    const e = await g.client.callTool({ name: "echo_http", arguments: {} }).then(
      () => assert.fail("let through"),
      (err: unknown) => err,
    );
    assert.ok(e instanceof McpError && e.code === -32001, String(e));
    assert.match(e.message, /\(pin-tool-changed\)/);
  } finally {
    await g.close();
  }
});
