// The guard in front of an OAuth-protected server at a URL (a real authorization server and MCP
// server on 127.0.0.1): no sign-in and no display answered with the line naming mcp login; a
// sign-in made by the guard where a browser can be opened, refreshed mid-session; a rejected token
// and a refused scope in their own words; an installed URL entry that works after mcp login (the
// stored sign-in of mcp login); mcp scan's sign-in fact; and Mcp-Param-* headers on a guarded call.
// time limit: 240 s
import assert from "node:assert/strict";
import { readFileSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import { after, before, describe, test } from "node:test";
import { Client as ModernClient } from "@modelcontextprotocol/client";
import { StdioClientTransport as ModernStdio } from "@modelcontextprotocol/client/stdio";
import { startOAuthServers, type OAuthFixture } from "../fixtures/servers/oauth-server.mjs";
import { startParamHeaderHttp } from "../fixtures/servers/v2-param-header.mjs";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import {
  CLI,
  connectRecordedThroughGuard,
  connectThroughGuard,
  handshakeLines,
  pinUrl,
  spawnGuard,
} from "../support/guard.js";
import { fakeOpener, loginAsBrowser } from "../support/oauth.js";

let f: OAuthFixture;
const tmp = tempDir("toolscore-guard-oauth-");
// Each case its own sign-in store; no display and no BROWSER unless a case says so.
const home = (name: string): Record<string, string> => ({
  XDG_CONFIG_HOME: join(tmp.dir, name),
  DISPLAY: "",
  WAYLAND_DISPLAY: "",
  BROWSER: "",
});
const storeOf = (env: Record<string, string>) => join(env.XDG_CONFIG_HOME!, "toolscore", "credentials.json");
// The first page of the fixture's tools (it lists them two at a time).
const TOOLS = ["client_capabilities", "echo"];
const FOLLOWER = `${process.execPath} ${join(ROOT, "scripts", "conformance-browser.mjs")}`;

// The fixture pinned once, signed in: a lock records the surface, not the URL, so that it serves
// for every instance of the fixture (each on a port of its own) started below.
const lock = join(tmp.dir, "oauth.lock.json");
before(async () => {
  f = await startOAuthServers();
  await pinSignedIn(lock);
});
after(async () => {
  await f.close();
  tmp.remove();
});

// Pins the fixture's URL (signed in with a store of its own) into `lock`.
async function pinSignedIn(lock: string): Promise<void> {
  const env = home("pinner");
  const login = await loginAsBrowser([f.url], env);
  assert.equal(login.code, 0, login.stderr);
  const pin = await runCli(["mcp", "pin", f.url, "--lock", lock], { env });
  assert.equal(pin.code, 0, pin.stderr);
}

describe("the guard uses the sign-in store", () => {
  test("no sign-in stored and no display, at a URL with a secret in its query: initialize is answered with the line naming mcp login, logged, exit 2; the secret never shown", async () => {
    const log = join(tmp.dir, "none.jsonl");
    const url = `${f.url}?api_key=QUERYSECRET123`;
    const g = spawnGuard([CLI, "mcp", "guard", url, "--lock", lock, "--log", log], home("none"));
    g.write(handshakeLines());
    const answer = await g.answer(1);
    const shown = `${f.url}?api_key=***`;
    const line = `${shown} needs a sign-in: run toolscore mcp login ${shown}, or pass --header "Authorization: Bearer …"`;
    assert.deepEqual(answer.error, { code: -32006, message: `toolscore guard: ${line}` });
    assert.equal(await g.exit, 2);
    assert.match(g.stderr(), new RegExp(`ended the session: ${escape(line)}`));
    assert.doesNotMatch(g.stderr(), /exited \(code/);
    const logged = readFileSync(log, "utf8");
    const events = logged
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual(
      events.map((e) => [e.event, e.reason]),
      [
        ["undelivered", line],
        ["stopped", line],
      ],
    );
    const written = [JSON.stringify(answer), g.stderr(), logged].join("\n");
    assert.ok(!written.includes("QUERYSECRET123"), written);
  });

  test("no sign-in stored, a browser to open (BROWSER): the guard signs in within --timeout and serves; a token that expires mid-session is refreshed once, the store rewritten with mode 600, and no token reaches any byte the guard wrote", async () => {
    const env = { ...home("browser"), BROWSER: FOLLOWER };
    const log = join(tmp.dir, "browser.jsonl");
    // Every line the guard wrote to the client is kept as written.
    const g = await connectRecordedThroughGuard(
      [CLI, "mcp", "guard", f.url, "--lock", lock, "--timeout", "60", "--log", log],
      env,
    );
    let signedIn = "";
    let refreshes = 0;
    try {
      assert.deepEqual((await g.client.listTools()).tools.map((t) => t.name).sort(), TOOLS);
      signedIn = readFileSync(storeOf(env), "utf8");
      assert.ok(
        f.log.issued.some((t) => signedIn.includes(t)),
        "the sign-in is stored for later runs",
      );
      refreshes = f.log.refreshes;
      f.expireAll();
      const r = await g.client.callTool({ name: "echo", arguments: { text: "after expiry" } });
      assert.equal(r.isError, undefined, JSON.stringify(r));
      assert.deepEqual(r.content, [{ type: "text", text: "after expiry" }]);
    } finally {
      await g.close();
    }
    assert.match(
      g.stderr(),
      /toolscore guard: open this URL to sign in to http:\/\/127\.0\.0\.1:\d+\/mcp:\n {2}http:/,
    );
    assert.equal(f.log.refreshes, refreshes + 1, "refreshed once");
    const store = readFileSync(storeOf(env), "utf8");
    assert.notEqual(store, signedIn, "the store was rewritten");
    assert.ok(
      f.log.issued.slice(-2).every((t) => store.includes(t)),
      "the new tokens are stored",
    );
    assert.equal(statSync(storeOf(env)).mode & 0o777, 0o600);
    const written = [...g.lines, g.stderr(), readFileSync(log, "utf8")].join("\n");
    assert.match(written, /"event":"verified"/);
    for (const t of f.log.issued) assert.ok(!written.includes(t), "a token reached the guard's output");
  });

  test("no sign-in stored, a display: the platform's opener gets the URL; a sign-in that does not come back within --timeout is the login line", async () => {
    const opener = fakeOpener(join(tmp.dir, "display"));
    const env = { ...home("display"), DISPLAY: ":9", PATH: opener.path };
    const g = spawnGuard([CLI, "mcp", "guard", f.url, "--lock", lock, "--timeout", "3"], env);
    g.write(handshakeLines());
    const answer = (await g.answer(1, 30_000)).error as { code: number; message: string };
    assert.equal(answer.code, -32006);
    assert.equal(
      answer.message,
      `toolscore guard: ${f.url} needs a sign-in, and none was made: no sign-in came back within 3s: run toolscore mcp login ${f.url}, or pass --header "Authorization: Bearer …"`,
    );
    assert.equal(await g.exit, 2);
    assert.match(readFileSync(opener.opened, "utf8"), /\/authorize\?/);
    assert.match(g.stderr(), /toolscore guard: open this URL to sign in to /);
  });

  test("a token the server rejects gets its own line", async () => {
    const g = spawnGuard(
      [CLI, "mcp", "guard", f.url, "--lock", lock, "--header", "Authorization: Bearer not-a-real-token"],
      home("rejected"),
    );
    g.write(handshakeLines());
    const answer = (await g.answer(1)).error as { code: number; message: string };
    assert.equal(answer.code, -32006);
    assert.equal(
      answer.message,
      `toolscore guard: ${f.url} rejected the access token (HTTP 401 invalid_token): sign in again with toolscore mcp login ${f.url}, or check the Authorization header`,
    );
    assert.equal(await g.exit, 2);
    assert.ok(!g.stderr().includes("not-a-real-token"));
  });
});

describe("a scope the server refuses for calls (403 insufficient_scope)", () => {
  let strict: OAuthFixture;
  before(async () => {
    strict = await startOAuthServers({ callScope: "mcp:admin" });
  });
  after(() => strict.close());

  test("the call is answered in the scope's own words; the session goes on", async () => {
    const env = home("scope");
    const login = await loginAsBrowser([strict.url], env);
    assert.equal(login.code, 0, login.stderr);
    const g = await connectThroughGuard([CLI, "mcp", "guard", strict.url, "--lock", lock], { env });
    try {
      await assert.rejects(g.client.callTool({ name: "echo", arguments: { text: "x" } }), (e: Error) => {
        assert.match(
          e.message,
          new RegExp(
            escape(
              `toolscore guard: ${strict.url} refused the request: the token lacks a scope it needs (insufficient_scope, scope "mcp:admin"): sign in for it with toolscore mcp login ${strict.url} --scope "mcp:read mcp:admin"`,
            ),
          ),
        );
        return true;
      });
      assert.equal((await g.client.listTools()).tools.length, 2, "the session went on");
    } finally {
      await g.close();
    }
  });
});

describe("mcp guard --install on a URL entry, then mcp login", () => {
  test("install says the entry has no sign-in and what to run; after mcp login the installed entry serves an SDK client", async () => {
    const config = join(tmp.dir, "install", "mcp.json");
    mkdirSync(join(tmp.dir, "install"), { recursive: true });
    writeFileSync(
      config,
      `${JSON.stringify({ mcpServers: { remote: { url: f.url }, keyed: { url: f.url, headers: { Authorization: "Bearer ${env:TOKEN}" } } } }, null, 2)}\n`,
    );
    const set = join(tmp.dir, "install", "toolscore.lockset.json");
    const pinner = home("pinner");
    const pin = await runCli(["mcp", "pin", "--config", config, "--server", "remote", "--lock", set], {
      env: pinner,
    });
    assert.equal(pin.code, 0, pin.stderr);
    const env = home("installer");
    const toolscore = `${process.execPath} ${CLI}`;
    const installArgs = ["mcp", "guard", "--install", "--config", config, "--lock", set];
    const runInstall = () =>
      runCli([...installArgs, "--server", "remote", "--toolscore", toolscore], { env });
    const install = await runInstall();
    assert.equal(install.code, 0, install.stderr);
    assert.match(
      install.stdout,
      new RegExp(
        `^ {2}remote: wrapped; no sign-in stored: if the server asks for one, run toolscore mcp login ${escape(f.url)}\\n`,
      ),
    );
    const login = await loginAsBrowser([f.url], env);
    assert.equal(login.code, 0, login.stderr);
    const again = await runInstall();
    assert.equal(
      again.stdout,
      `  remote: already guarded (a sign-in is stored)\nNothing to change in ${relative(ROOT, config)}.\n`,
    );
    const entry = (
      JSON.parse(readFileSync(config, "utf8")) as {
        mcpServers: Record<string, { command: string; args: string[] }>;
      }
    ).mcpServers.remote!;
    assert.equal(entry.args.at(-1), f.url);
    const g = await connectThroughGuard(entry.args, { env });
    try {
      assert.deepEqual((await g.client.listTools()).tools.map((t) => t.name).sort(), TOOLS);
      const r = await g.client.callTool({ name: "echo", arguments: { text: "installed" } });
      assert.deepEqual(r.content, [{ type: "text", text: "installed" }]);
    } finally {
      await g.close();
    }
  });
});

describe("mcp scan: whether each URL entry has a sign-in", () => {
  test("stored, none stored, or its own Authorization header, in the text and the JSON; never a token", async () => {
    const fake = join(tmp.dir, "scan-home");
    mkdirSync(join(fake, ".cursor"), { recursive: true });
    const other = "http://127.0.0.1:9/mcp";
    writeFileSync(
      join(fake, ".cursor", "mcp.json"),
      JSON.stringify({
        mcpServers: {
          signed: { url: f.url },
          unsigned: { url: other },
          keyed: { url: other, headers: { Authorization: "Bearer ${env:TOKEN}" } },
          local: { command: "node", args: ["server.js"] },
        },
      }),
    );
    const env = { ...home("scan-home/.config"), HOME: fake };
    const login = await loginAsBrowser([f.url], env);
    assert.equal(login.code, 0, login.stderr);
    const json = await runCli(["mcp", "scan", "--json", "-", "--project", fake], { env });
    const rows = (JSON.parse(json.stdout) as { servers: Array<{ name: string; sign_in?: string }> }).servers;
    assert.deepEqual(
      rows.map((r) => [r.name, r.sign_in]),
      [
        ["keyed", "header"],
        ["local", undefined],
        ["signed", "stored"],
        ["unsigned", "none"],
      ],
    );
    const text = await runCli(["mcp", "scan", "--project", fake], { env });
    assert.match(text.stdout, /signed .*sign-in: stored\n/);
    assert.match(text.stdout, /unsigned .*sign-in: none stored\n/);
    assert.match(
      text.stdout,
      /keyed .*headers Authorization; refs \$\{env:TOKEN\}; sign-in: its Authorization header\n/,
    );
    for (const t of f.log.issued) assert.ok(!json.stdout.includes(t) && !text.stdout.includes(t));
  });
});

describe("Mcp-Param-* headers through the guard", () => {
  test("a 2026-07-28 client's call carries the header its tool declares, as toolscore's own session sends it", async () => {
    const server = await startParamHeaderHttp();
    try {
      const lock = join(tmp.dir, "param.lock.json");
      await pinUrl(server.url, lock);
      const client = new ModernClient(
        { name: "guard-test", version: "0" },
        { versionNegotiation: { mode: { pin: "2026-07-28" } } },
      );
      await client.connect(
        new ModernStdio({
          command: process.execPath,
          args: [CLI, "mcp", "guard", server.url, "--lock", lock],
          stderr: "ignore",
        }),
      );
      const from = server.seen.length;
      try {
        const r = await client.callTool({
          name: "query_region",
          arguments: { region: "eu west ü", shards: 3, query: "select 1" },
        });
        assert.deepEqual(r.content, [{ type: "text", text: 'ran in "eu west ü"' }]);
      } finally {
        await client.close();
      }
      const call = server.seen
        .slice(from)
        .find((q) => (q.body as { method?: string } | undefined)?.method === "tools/call")!;
      assert.equal(
        call.headers["mcp-param-region"],
        `=?base64?${Buffer.from("eu west ü").toString("base64")}?=`,
      );
      assert.equal(call.headers["mcp-param-shards"], "3");
      assert.equal(call.headers["mcp-param-dry-run"], undefined, "an absent argument sends no header");
    } finally {
      await server.close();
    }
  });
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
