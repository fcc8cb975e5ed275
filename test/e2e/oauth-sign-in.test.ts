// Signing in to an OAuth-protected server (a real authorization server and MCP server on
// 127.0.0.1): `mcp login` through the SDK's auth(), every command using and refreshing the stored
// token, the lines for a missing sign-in, a rejected token and a refused scope, and no browser or
// wait without a terminal.
// time limit: 240 s
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { startOAuthServers, type OAuthFixture } from "../fixtures/servers/oauth-server.mjs";
import { startV2Http } from "../fixtures/servers/v2-http.mjs";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { fakeOpener, loginAsBrowser } from "../support/oauth.js";

let f: OAuthFixture;
const tmp = tempDir("toolscore-oauth-");
const home = (name: string) => ({ XDG_CONFIG_HOME: join(tmp.dir, name) });
before(async () => {
  f = await startOAuthServers();
});
after(async () => {
  await f.close();
  tmp.remove();
});

describe("a server that needs a sign-in", () => {
  // No wait: a run that waited for a sign-in would hang until the test's timeout.
  test(
    "without one: one line naming mcp login and --header, exit 2, no browser, no wait",
    { timeout: 60_000 },
    async () => {
      const opener = fakeOpener(join(tmp.dir, "none"));
      const r = await runCli(["mcp", "list", f.url], {
        env: { ...home("none"), PATH: opener.path, DISPLAY: ":9" },
      });
      assert.equal(r.code, 2);
      assert.equal(
        r.stderr,
        `toolscore: ${f.url} needs a sign-in: run toolscore mcp login ${f.url}, or pass --header "Authorization: Bearer …"\n`,
      );
      assert.equal(r.stdout, "");
      assert.equal(existsSync(opener.opened), false, "no browser was opened");
      assert.deepEqual(f.log.register, [], "nothing registered");
    },
  );

  test("a token the server rejects gets a line of its own (401 invalid_token)", async () => {
    const r = await runCli(["mcp", "list", f.url, "--header", "Authorization: Bearer not-a-token-at-all"]);
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      `toolscore: ${f.url} rejected the access token (HTTP 401 invalid_token): sign in again with toolscore mcp login ${f.url}, or check the Authorization header\n`,
    );
  });
});

describe("mcp login, then every command", () => {
  const env = home("signed-in");
  let login: Awaited<ReturnType<typeof loginAsBrowser>>;
  before(async () => {
    login = await loginAsBrowser([f.url], env);
  });

  test("login: PKCE S256, the resource indicator, the challenge's scope, the URL printed", () => {
    assert.equal(login.code, 0, login.stderr);
    assert.equal(login.followed.length, 1);
    assert.match(
      login.stderr,
      new RegExp(`^Open this URL to sign in to ${f.url.replace(/[.]/g, "\\.")}:\\n`),
    );
    const asked = f.log.authorize.at(-1)!;
    assert.equal(asked.code_challenge_method, "S256");
    assert.equal(asked.resource, f.url);
    assert.equal(asked.scope, "mcp:read");
    assert.match(asked.redirect_uri!, /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    assert.match(
      login.stdout,
      /^Signed in to http:\/\/127\.0\.0\.1:\d+\/mcp \(scope mcp:read\); the sign-in is stored in /,
    );
  });

  test("list, lint, test, pin, verify-pin and diff use the stored token; no token reaches any byte written", async () => {
    const lock = join(tmp.dir, "outputs.lock.json");
    const runs = [
      await runCli(["mcp", "list", f.url, "--json", join(tmp.dir, "snap.json")], { env }),
      await runCli(["mcp", "lint", f.url, "--json", join(tmp.dir, "lint.json")], { env }),
      await runCli(["mcp", "test", f.url, "--report", "json", "--output", join(tmp.dir, "test.json")], {
        env,
      }),
      await runCli(["mcp", "pin", f.url, "--lock", lock], { env }),
      await runCli(["mcp", "verify-pin", f.url, "--lock", lock], { env }),
      await runCli(["mcp", "diff", f.url, join(tmp.dir, "snap.json")], { env }),
    ];
    for (const r of runs) assert.ok(r.code === 0 || r.code === 1, r.stderr);
    assert.equal(runs[0]!.code, 0);
    assert.equal(runs[4]!.code, 0, runs[4]!.stderr);
    assert.ok(
      f.seenAuth.some((a) => a.startsWith("Bearer at-")),
      "the stored token was sent",
    );
    const written = [
      ...runs.flatMap((r) => [r.stdout, r.stderr]),
      login.stdout,
      login.stderr,
      ...["snap.json", "lint.json", "test.json", "outputs.lock.json"].map((n) =>
        readFileSync(join(tmp.dir, n), "utf8"),
      ),
    ].join("\n");
    const store = readFileSync(join(env.XDG_CONFIG_HOME, "toolscore", "credentials.json"), "utf8");
    assert.ok(
      f.log.issued.some((t) => store.includes(t)),
      "the store holds the tokens",
    );
    for (const t of f.log.issued) assert.ok(!written.includes(t), "a token reached an output");
  });

  test("an expired token is refreshed once and the new one stored", async () => {
    const before = f.log.refreshes;
    f.expireAll();
    const r = await runCli(["mcp", "list", f.url], { env });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(f.log.refreshes, before + 1);
    const again = await runCli(["mcp", "list", f.url], { env });
    assert.equal(again.code, 0, again.stderr);
    assert.equal(f.log.refreshes, before + 1, "the refreshed token was kept");
  });

  test("logout forgets the sign-in; the server then needs one again", async () => {
    const r = await runCli(["mcp", "logout", f.url], { env });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, `Signed out of ${f.url} (1 sign-in forgotten)\n`);
    const list = await runCli(["mcp", "list", f.url], { env });
    assert.equal(list.code, 2);
    assert.match(list.stderr, /needs a sign-in: run toolscore mcp login/);
    const twice = await runCli(["mcp", "logout", f.url], { env });
    assert.equal(twice.stdout, `No sign-in was stored for ${f.url}\n`);
  });
});

describe("login opens a browser only on a terminal with a display", () => {
  test("no terminal: the URL is printed and nothing is opened; a terminal with a display opens it", async () => {
    const opener = fakeOpener(join(tmp.dir, "opener"));
    const quiet = await loginAsBrowser([f.url], { ...home("b1"), PATH: opener.path, DISPLAY: ":9" });
    assert.equal(quiet.code, 0, quiet.stderr);
    assert.equal(existsSync(opener.opened), false);
    const shown = await loginAsBrowser(
      [f.url],
      { ...home("b2"), PATH: opener.path, DISPLAY: ":9" },
      { isTTY: true },
    );
    assert.equal(shown.code, 0, shown.stderr);
    // The opener runs detached: give it a moment.
    for (let i = 0; i < 50 && !existsSync(opener.opened); i++) await new Promise((r) => setTimeout(r, 20));
    assert.match(readFileSync(opener.opened, "utf8"), /\/authorize\?/);
  });

  test("BROWSER names the program, with or without a terminal: its first command, %s or the URL appended", async () => {
    // A browser with no person at it: it follows the redirects back to the 127.0.0.1 listener.
    const follower = `${process.execPath} ${join(ROOT, "scripts", "conformance-browser.mjs")}`;
    const opener = fakeOpener(join(tmp.dir, "browser-env"));
    for (const [name, browser] of [
      ["e1", follower],
      ["e2", `${follower} %s:xdg-open`],
    ] as const) {
      const r = await runCli(["mcp", "login", f.url], {
        env: { ...home(name), BROWSER: browser, PATH: opener.path, DISPLAY: "", WAYLAND_DISPLAY: "" },
      });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^Signed in to http:\/\/127\.0\.0\.1:\d+\/mcp \(scope mcp:read\)/);
      const list = await runCli(["mcp", "list", f.url], { env: home(name) });
      assert.equal(list.code, 0, list.stderr);
    }
    assert.equal(existsSync(opener.opened), false, "the platform's opener was not run");
  });
});

describe("scopes", () => {
  test("a refused scope (403 insufficient_scope) gets its own line; login steps up, within a limit", async () => {
    const strict = await startOAuthServers({
      requiredScope: "mcp:admin",
      ciClient: { id: "ci-bot", secret: "ci-secret-value-1" },
    });
    try {
      const cc = await runCli(
        ["mcp", "list", strict.url, "--client-id", "ci-bot", "--client-secret-env", "CI_SECRET"],
        {
          env: { ...home("s0"), CI_SECRET: "ci-secret-value-1" },
        },
      );
      assert.equal(cc.code, 2);
      assert.equal(
        cc.stderr,
        `toolscore: ${strict.url} refused the request: the token lacks a scope it needs (insufficient_scope, scope "mcp:read mcp:admin"): sign in for it with toolscore mcp login ${strict.url} --scope "mcp:read mcp:admin"\n`,
      );
      const env = home("s1");
      const login = await loginAsBrowser([strict.url], env);
      assert.equal(login.code, 0, login.stderr);
      assert.deepEqual(
        strict.log.authorize.map((a) => a.scope),
        ["mcp:read", "mcp:read mcp:admin"],
      );
      const list = await runCli(["mcp", "list", strict.url], { env });
      assert.equal(list.code, 0, list.stderr);
    } finally {
      await strict.close();
    }
  });
});

describe("a sign-in the authorization server's answers do not allow", () => {
  test("an authorization response from another issuer: one line, exit 2, nothing stored", async () => {
    const evil = await startOAuthServers({ redirectIssuer: "https://evil.example.com" });
    try {
      const env = home("wrong-iss");
      const login = await loginAsBrowser([evil.url], env);
      assert.equal(login.code, 2);
      assert.match(
        login.stderr,
        new RegExp(
          `\\ntoolscore: could not sign in to ${evil.url.replace(/[.]/g, "\\.")}: Issuer mismatch in authorization response \\(RFC 9207\\)[^\\n]*"https://evil\\.example\\.com"\\n$`,
        ),
      );
      assert.doesNotMatch(login.stderr, /internal error/);
      assert.equal(existsSync(join(env.XDG_CONFIG_HOME, "toolscore", "credentials.json")), false);
    } finally {
      await evil.close();
    }
  });
});

describe("a scope refused on tools/call", () => {
  test("mcp test stops with the scope line (held and asked together), not a failing tool; after login --scope it grades", async () => {
    const stepUp = await startOAuthServers({ callScope: "mcp:write" });
    try {
      const env = home("step-up");
      const login = await loginAsBrowser([stepUp.url], env);
      assert.equal(login.code, 0, login.stderr);
      const refused = await runCli(["mcp", "test", stepUp.url, "--allow-writes"], { env });
      assert.equal(refused.code, 2);
      assert.equal(refused.stdout, "");
      assert.equal(
        refused.stderr,
        `toolscore: ${stepUp.url} refused the request: the token lacks a scope it needs (insufficient_scope, scope "mcp:write"): sign in for it with toolscore mcp login ${stepUp.url} --scope "mcp:read mcp:write"\n`,
      );
      const again = await loginAsBrowser([stepUp.url, "--scope", "mcp:read mcp:write"], env);
      assert.equal(again.code, 0, again.stderr);
      assert.equal(stepUp.log.authorize.at(-1)!.scope, "mcp:read mcp:write");
      const graded = await runCli(["mcp", "test", stepUp.url, "--allow-writes"], { env });
      assert.equal(graded.code, 0, graded.stderr);
      assert.match(graded.stdout, /Grade [A-F]/);
      assert.doesNotMatch(graded.stdout, /insufficient|scope/i);
    } finally {
      await stepUp.close();
    }
  });
});

describe("client credentials and header files", () => {
  test("--client-id with a secret from the environment or a file: the client-credentials grant", async () => {
    const ci = await startOAuthServers({ ciClient: { id: "ci-bot", secret: "ci-secret-value-2" } });
    try {
      const fromEnv = await runCli(
        ["mcp", "list", ci.url, "--client-id", "ci-bot", "--client-secret-env", "CI_SECRET"],
        {
          env: { ...home("c1"), CI_SECRET: "ci-secret-value-2" },
        },
      );
      assert.equal(fromEnv.code, 0, fromEnv.stderr);
      const secretFile = join(tmp.dir, "secret.txt");
      writeFileSync(secretFile, "ci-secret-value-2\n");
      const fromFile = await runCli(
        ["mcp", "list", ci.url, "--client-id", "ci-bot", "--client-secret-file", secretFile, "--json", "-"],
        { env: home("c1") },
      );
      assert.equal(fromFile.code, 0, fromFile.stderr);
      assert.deepEqual(ci.log.token, ["client_credentials", "client_credentials"]);
      for (const t of [...ci.log.issued, "ci-secret-value-2"])
        assert.ok(!(fromEnv.stdout + fromEnv.stderr + fromFile.stdout + fromFile.stderr).includes(t));
      const wrong = await runCli(
        ["mcp", "list", ci.url, "--client-id", "ci-bot", "--client-secret-env", "NOPE"],
        {
          env: home("c1"),
        },
      );
      assert.equal(wrong.code, 2);
      assert.equal(wrong.stderr, "toolscore: --client-secret-env: NOPE is not set\n");
      const onLine = await runCli(["mcp", "list", ci.url, "--client-secret", "x"]);
      assert.equal(onLine.code, 2);
    } finally {
      await ci.close();
    }
  });

  test("--header-file sends the headers of a file, comments and blank lines skipped", async () => {
    const srv = await startV2Http();
    try {
      const file = join(tmp.dir, "headers.txt");
      writeFileSync(file, "# for the test\n\nX-Api-Key: from-a-file-123\nX-Other: two\n");
      const r = await runCli(["mcp", "list", srv.url, "--header-file", file], {});
      assert.equal(r.code, 0, r.stderr);
      const seen = srv.seen.map((s) => s.headers["x-api-key"]);
      assert.ok(seen.includes("from-a-file-123"));
      assert.ok(!r.stdout.includes("from-a-file-123"));
      writeFileSync(file, "no colon here\n");
      const bad = await runCli(["mcp", "list", srv.url, "--header-file", file], {});
      assert.equal(bad.code, 2);
      assert.equal(bad.stderr, `toolscore: --header-file ${file}: line 1 is not "Name: value"\n`);
    } finally {
      await srv.close();
    }
  });
});

describe("a URL entry of a client config", () => {
  test("mcp login --config F --server NAME signs in to the entry's URL; list then uses it", async () => {
    const env = home("config");
    const config = join(tmp.dir, "mcp.json");
    writeFileSync(config, JSON.stringify({ mcpServers: { remote: { type: "http", url: f.url } } }));
    const login = await loginAsBrowser(["--config", config, "--server", "remote"], env);
    assert.equal(login.code, 0, login.stderr);
    assert.match(login.stdout, /^Signed in to remote \(scope mcp:read\)/);
    const list = await runCli(["mcp", "list", "--config", config, "--server", "remote"], { env });
    assert.equal(list.code, 0, list.stderr);
    const stdio = await runCli(["mcp", "login", "node server.js"], { env });
    assert.equal(stdio.code, 2);
    assert.equal(
      stdio.stderr,
      "toolscore: mcp login signs in to a server at a URL; this SERVER is not one\n",
    );
  });
});
