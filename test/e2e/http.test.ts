// `mcp list URL` over Streamable HTTP and over the legacy HTTP+SSE fallback, on 127.0.0.1.
// own process: a test counts the timers of the whole process
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { after, before, describe, test } from "node:test";
import {
  HTTP_TOOLS,
  startRefusing,
  startSilent,
  startStatefulStreamableHttp,
  startSseOnly,
  startStreamableHttp,
} from "../fixtures/servers/http-servers.mjs";
import { runCli } from "../support/cli.js";

type Fixture = Awaited<ReturnType<typeof startStreamableHttp>>;
const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1);

let streamable: Fixture;
let sse: Fixture;
let refusing: Fixture;
before(async () => {
  [streamable, sse, refusing] = await Promise.all([startStreamableHttp(), startSseOnly(), startRefusing()]);
});
after(async () => {
  await Promise.all([streamable.close(), sse.close(), refusing.close()]);
});

/** A port nothing listens on: bind an ephemeral one, then close it. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as { port: number };
  await new Promise((r) => srv.close(r));
  return port;
}

describe("mcp list over HTTP", () => {
  test("Streamable HTTP: the tools exactly as served, and --header reaches the server", async () => {
    const r = await runCli(["mcp", "list", streamable.url, "--header", "X-Api-Key: key-1", "--json", "-"]);
    assert.equal(r.code, 0, r.stderr);
    const snap = JSON.parse(r.stdout) as { server: unknown; tools: unknown };
    assert.deepEqual(snap.server, { name: "streamable-fixture", version: "1.0.0" });
    assert.deepEqual(snap.tools, [...HTTP_TOOLS].sort(byName));
    const posts = streamable.seen.filter((s) => s.method === "POST");
    assert.ok(posts.length >= 2);
    for (const p of posts) assert.equal(p.headers["x-api-key"], "key-1");
  });

  test("Streamable HTTP with sessions: the session is ended with a DELETE", async () => {
    const stateful = await startStatefulStreamableHttp();
    try {
      const r = await runCli(["mcp", "list", stateful.url, "--json", "-"]);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual((JSON.parse(r.stdout) as { tools: unknown }).tools, [...HTTP_TOOLS].sort(byName));
      const sid = stateful.seen.find((s) => s.headers["mcp-session-id"])?.headers["mcp-session-id"];
      assert.ok(sid);
      const last = stateful.seen.at(-1)!;
      assert.equal(last.method, "DELETE");
      assert.equal(last.headers["mcp-session-id"], sid);
    } finally {
      await stateful.close();
    }
  });

  test("legacy SSE only: POST /mcp is refused with 405 and the SSE transport is used", async () => {
    sse.seen.length = 0;
    const r = await runCli(["mcp", "list", sse.url, "--header", "X-Api-Key: key-2", "--json", "-"]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual((JSON.parse(r.stdout) as { tools: unknown }).tools, [...HTTP_TOOLS].sort(byName));
    assert.deepEqual(
      sse.seen.slice(0, 2).map((s) => `${s.method} ${s.url}`),
      ["POST /mcp", "GET /mcp"],
    );
    assert.ok(sse.seen.some((s) => s.url.startsWith("/messages") && s.headers["x-api-key"] === "key-2"));
  });

  test("a URL refusing both transports: one line, exit 2", async () => {
    const r = await runCli(["mcp", "list", refusing.url]);
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      `toolscore: cannot connect to ${refusing.url}: SSE error: Non-200 status code (404) (it refused Streamable HTTP, and the legacy SSE transport failed too); check the URL and that the server is running\n`,
    );
  });

  test("a refused connection leaves no timer keeping the process alive", async () => {
    // The refusals' bodies are never read: the time bound of those requests must not hold the
    // process (a library caller's, here the test's) open until it runs out.
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const before = timers();
    const r = await runCli(["mcp", "list", refusing.url, "--timeout", "600"]);
    assert.equal(r.code, 2);
    await new Promise((done) => setImmediate(done));
    assert.equal(timers(), before);
  });

  test("a URL that never answers: names the request that timed out", async () => {
    const silent = await startSilent();
    try {
      const r = await runCli(["mcp", "list", silent.url, "--timeout", "1"]);
      assert.equal(r.code, 2);
      assert.equal(
        r.stderr,
        "toolscore: the server did not answer server/discover within 1s: raise --timeout if it is just slow\n",
      );
    } finally {
      await silent.close();
    }
  });

  test("a closed port: one line naming the connection error, exit 2", async () => {
    const url = `http://127.0.0.1:${await closedPort()}/mcp`;
    const r = await runCli(["mcp", "list", url, "--timeout", "5"]);
    assert.equal(r.code, 2);
    assert.equal(r.stderr.split("\n").length, 2, r.stderr);
    assert.match(r.stderr, new RegExp(`^toolscore: cannot connect to ${url}: ECONNREFUSED`));
  });

  test("URL credentials go as Basic auth and, with query secrets, never appear in output", async () => {
    streamable.seen.length = 0;
    const secretUrl = streamable.url.replace("http://", "http://alice:pa55word@") + "?token=t0k3n";
    const ok = await runCli(["mcp", "list", secretUrl, "--json", "-"]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(
      streamable.seen[0]!.headers.authorization,
      `Basic ${Buffer.from("alice:pa55word").toString("base64")}`,
    );
    const table = await runCli(["mcp", "list", secretUrl]);
    const badUrl = `http://alice:pa55word@127.0.0.1:${await closedPort()}/mcp?token=t0k3n`;
    const bad = await runCli(["mcp", "list", badUrl, "--verbose"]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /cannot connect to http:\/\/\*\*\*:\*\*\*@127\.0\.0\.1:\d+\/mcp\?token=\*\*\*/);
    for (const out of [ok.stdout, ok.stderr, table.stdout, table.stderr, bad.stdout, bad.stderr]) {
      assert.doesNotMatch(out, /pa55word|t0k3n|alice/);
    }
  });
});
