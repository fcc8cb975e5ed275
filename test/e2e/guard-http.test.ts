// The guard with a server at a URL: stdio to the client, Streamable HTTP (or the legacy HTTP+SSE
// transport) to the server. A server that answers a request with an HTTP error status and its own
// JSON-RPC error in the body: the client receives that error under its own id; the guard's -32004
// is kept for a real failure to pass the request on (an HTTP error with no JSON-RPC answer to the
// request), and says which, in the error and in the guard's log.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startErrorAnswers } from "../fixtures/servers/http-error-answers.mjs";
import { HTTP_TOOLS, startSseOnly, startStatefulStreamableHttp } from "../fixtures/servers/http-servers.mjs";
import { tempDir } from "../support/cli.js";
import {
  CLI,
  connectThroughGuard,
  handshakeLines,
  pinUrl,
  spawnGuard,
  writeToolsLock,
  mcpErrorOf,
} from "../support/guard.js";

const tmp = tempDir("toolscore-guard-");
let server: Awaited<ReturnType<typeof startStatefulStreamableHttp>>;
// The stateful fixture pinned once: a lock records the surface, not the URL, so that it serves
// for every instance of the fixture (each on a port of its own) started below.
const LOCK = join(tmp.dir, "http.lock.json");
before(async () => {
  server = await startStatefulStreamableHttp();
  await pinUrl(server.url, LOCK);
});
after(async () => {
  await server.close();
  tmp.remove();
});
const SECRET = "header-secret-0815";

test("over Streamable HTTP: a tool as pinned passes, one that drifted from the lock is withheld and refused; --header reaches the server, never the log; the client closing ends it with exit 0 and no word of a server process exiting", async () => {
  // The lock of a server whose echo_http said something else when it was pinned.
  const pinned = HTTP_TOOLS.map((t) => (t.name === "echo_http" ? { ...t, description: "Echoes." } : t));
  const lock = join(tmp.dir, "http-drift.lock.json");
  await writeToolsLock(lock, "stateful-fixture", pinned, "2025-11-25");
  const log = join(tmp.dir, "http.jsonl");
  const args = [CLI, "mcp", "guard", server.url, "--lock", lock, "--header", `X-Api-Key: ${SECRET}`];
  const g = spawnGuard([...args, "--log", log]);
  g.write(handshakeLines());
  await g.answer(1);
  g.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" })}\n`);
  const list = (await g.answer(2)).result as { tools: Array<{ name: string }> };
  assert.deepEqual(
    list.tools.map((t) => t.name),
    ["ping_http"],
  );
  const call = { name: "echo_http", arguments: {} };
  g.write(`${JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: call })}\n`);
  const refused = (await g.answer(3)).error as { code: number; message: string };
  assert.equal(refused.code, -32001, JSON.stringify(refused));
  assert.match(refused.message, /\(pin-tool-changed\)/);
  g.child.stdin.end();
  assert.equal(await g.exit, 0);
  assert.match(
    g.stderr(),
    /toolscore guard: the client closed the session; the session with the server was ended\n/,
  );
  assert.doesNotMatch(g.stderr(), /exited/);
  assert.ok(server.seen.some((r) => r.headers["x-api-key"] === SECRET));
  const text = readFileSync(log, "utf8");
  assert.ok(!text.includes(SECRET));
  assert.match(text, /"event":"verified"/);
  assert.match(text, /"event":"closed"/);
});

test("a server that speaks only HTTP+SSE: the guard falls back to it, as the other commands do", async () => {
  const sse = await startSseOnly();
  try {
    const lock = join(tmp.dir, "sse.lock.json");
    await pinUrl(sse.url, lock);
    const g = await connectThroughGuard([CLI, "mcp", "guard", sse.url, "--lock", lock]);
    try {
      assert.deepEqual(
        (await g.client.listTools()).tools.map((t) => t.name),
        HTTP_TOOLS.map((t) => t.name),
      );
      // The fixture has no call handler: its own answer comes back over the SSE stream.
      const e = await mcpErrorOf(g.client.callTool({ name: "ping_http", arguments: {} }));
      assert.equal(e.code, -32601, String(e));
    } finally {
      await g.close();
    }
  } finally {
    await sse.close();
  }
});

test("a server at a URL that goes away: the guard says so and exits 2, answering nothing", async () => {
  const gone = await startStatefulStreamableHttp();
  const g = spawnGuard([CLI, "mcp", "guard", gone.url, "--lock", LOCK]);
  g.write(handshakeLines());
  await g.answer(1);
  await gone.close();
  const call = { name: "ping_http", arguments: {} };
  g.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: call })}\n`);
  assert.equal(await g.exit, 2);
  assert.ok(!g.lines.some((l) => (JSON.parse(l) as { id?: unknown }).id === 2), "the call was answered");
  assert.match(
    g.stderr(),
    /toolscore guard: ended the session: the server at http:\/\/127\.0\.0\.1:\d+\/mcp could not be reached \(/,
  );
});

test("a server at a URL that ends the session: the guard says so, not that a server exited, and exits 2", async () => {
  const ending = await startStatefulStreamableHttp();
  try {
    const g = spawnGuard([CLI, "mcp", "guard", ending.url, "--lock", LOCK]);
    g.write(handshakeLines());
    await g.answer(1);
    ending.forgetSessions();
    const call = { name: "ping_http", arguments: {} };
    g.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: call })}\n`);
    assert.equal(await g.exit, 2);
    assert.match(
      g.stderr(),
      /toolscore guard: ended the session: the server at http:\/\/127\.0\.0\.1:\d+\/mcp ended the session \(HTTP 404 for its session id\)\n/,
    );
    assert.doesNotMatch(g.stderr(), /exited/);
  } finally {
    await ending.close();
  }
});

test("a server at a URL that goes away while the client is idle: the guard ends all the same", async () => {
  const gone = await startStatefulStreamableHttp();
  const g = spawnGuard([CLI, "mcp", "guard", gone.url, "--lock", LOCK]);
  g.write(handshakeLines());
  await g.answer(1);
  // The session's event stream is open once the client said initialized: give it a moment.
  await new Promise((resolve) => setTimeout(resolve, 200));
  await gone.close();
  assert.equal(await g.exit, 2);
  assert.match(
    g.stderr(),
    /the server at http:\/\/127\.0\.0\.1:\d+\/mcp could not be reached \(its event stream was lost/,
  );
});

test("the server's own JSON-RPC errors on HTTP error statuses reach the client; -32004 only when there is none", async () => {
  const errors = await startErrorAnswers();
  try {
    const lock = join(tmp.dir, "errors.lock.json");
    await pinUrl(errors.url, lock);
    const g = await connectThroughGuard([CLI, "mcp", "guard", errors.url, "--lock", lock]);
    try {
      const call = (name: string) => mcpErrorOf(g.client.callTool({ name, arguments: {} }));
      const gone = await call("gone_method");
      assert.equal(gone.code, -32601);
      const version = await call("bad_version");
      assert.equal(version.code, -32022);
      assert.deepEqual(version.data, { supported: ["2026-07-28"] });
      for (const [name, status] of [
        ["wrong_id", 404],
        ["broken", 500],
      ] as const) {
        const e = await call(name);
        assert.equal(e.code, -32004);
        assert.match(
          e.message,
          new RegExp(`the server could not be reached \\(HTTP ${status}, with no JSON-RPC answer\\)`),
        );
      }
      const fine = await g.client.callTool({ name: "fine", arguments: {} });
      assert.deepEqual(fine.content, [{ type: "text", text: "fine" }]);
    } finally {
      await g.close();
    }
    assert.match(
      g.stderr(),
      /could not pass tools\/call on to the server: HTTP 500, with no JSON-RPC answer/,
    );
    assert.ok(!/could not pass tools\/call on to the server: HTTP 400/.test(g.stderr()));
  } finally {
    await errors.close();
  }
});
