// A server at a URL that answers a request with an HTTP error status and its own JSON-RPC error in
// the body: the client receives that error under its own id. The guard's -32004 is kept for a
// real failure to pass the request on (an HTTP error with no JSON-RPC answer to the request), and
// says which, in the error and in the guard's log.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { startErrorAnswers } from "../fixtures/servers/http-error-answers.mjs";
import { tempDir } from "../support/cli.js";
import { CLI, connectThroughGuard, pinUrl } from "../support/guard.js";

const tmp = tempDir("toolscore-guard-");
let server: Awaited<ReturnType<typeof startErrorAnswers>>;
const lock = join(tmp.dir, "errors.lock.json");
before(async () => {
  server = await startErrorAnswers();
  await pinUrl(server.url, lock);
});
after(async () => {
  await server.close();
  tmp.remove();
});

async function errorOf(p: Promise<unknown>): Promise<McpError> {
  const e = await p.then(
    () => assert.fail("answered"),
    (err: unknown) => err,
  );
  assert.ok(e instanceof McpError, String(e));
  return e;
}

test("the server's own JSON-RPC errors on HTTP error statuses reach the client; -32004 only when there is none", async () => {
  const g = await connectThroughGuard([CLI, "mcp", "guard", server.url, "--lock", lock]);
  try {
    const call = (name: string) => errorOf(g.client.callTool({ name, arguments: {} }));
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
  assert.match(g.stderr(), /could not pass tools\/call on to the server: HTTP 500, with no JSON-RPC answer/);
  assert.ok(!/could not pass tools\/call on to the server: HTTP 400/.test(g.stderr()));
});
