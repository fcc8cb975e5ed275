// The sign-in store: mode 600 in a folder of mode 700, one sign-in per server, resource and client,
// refused when it is a link or others may read it, and one refresh when two processes find the
// token expired at once (the authorization server rotates refresh tokens, so a second refresh with
// the same one would fail).
import assert from "node:assert/strict";
import { chmodSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { startOAuthServers, type OAuthFixture } from "../fixtures/servers/oauth-server.mjs";
import { runBin, runCli, tempDir } from "../support/cli.js";
import { loginAsBrowser } from "../support/oauth.js";

let a: OAuthFixture;
let b: OAuthFixture;
const tmp = tempDir("toolscore-store-");
before(async () => {
  [a, b] = await Promise.all([startOAuthServers(), startOAuthServers()]);
});
after(async () => {
  await Promise.all([a.close(), b.close()]);
  tmp.remove();
});

const storeOf = (xdg: string) => join(xdg, "toolscore", "credentials.json");

describe("the sign-in store", () => {
  test("mode 600 in a folder of mode 700; a sign-in per server; logout forgets only its own", async () => {
    const env = { XDG_CONFIG_HOME: join(tmp.dir, "two") };
    assert.equal((await loginAsBrowser([a.url], env)).code, 0);
    assert.equal((await loginAsBrowser([b.url], env)).code, 0);
    const path = storeOf(env.XDG_CONFIG_HOME);
    assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.equal(statSync(join(env.XDG_CONFIG_HOME, "toolscore")).mode & 0o777, 0o700);
    const data = JSON.parse(readFileSync(path, "utf8")) as {
      kind: string;
      signIns: { server: string; resource: string; clientId: string }[];
    };
    assert.equal(data.kind, "toolscore.credentials");
    assert.deepEqual(
      data.signIns.map((s) => [s.server, s.resource]).sort(),
      [
        [a.url, a.url],
        [b.url, b.url],
      ].sort(),
    );
    assert.equal((await runCli(["mcp", "logout", a.url], { env })).code, 0);
    assert.equal((await runCli(["mcp", "list", b.url], { env })).code, 0);
    assert.equal((await runCli(["mcp", "list", a.url], { env })).code, 2);
  });

  test("refused when others may read it, and left as it was", async () => {
    const env = { XDG_CONFIG_HOME: join(tmp.dir, "open") };
    assert.equal((await loginAsBrowser([a.url], env)).code, 0);
    const path = storeOf(env.XDG_CONFIG_HOME);
    chmodSync(path, 0o644);
    const bytes = readFileSync(path);
    const r = await runCli(["mcp", "list", a.url], { env });
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      `toolscore: refusing the sign-in store ${path}: others may read it; chmod 600 it, or remove it\n`,
    );
    assert.deepEqual(readFileSync(path), bytes);
    assert.equal(statSync(path).mode & 0o777, 0o644);
  });

  test("refused when it is a link: never read or written through it", async () => {
    const env = { XDG_CONFIG_HOME: join(tmp.dir, "link") };
    assert.equal((await loginAsBrowser([a.url], env)).code, 0);
    const path = storeOf(env.XDG_CONFIG_HOME);
    const elsewhere = join(tmp.dir, "elsewhere.json");
    writeFileSync(elsewhere, readFileSync(path), { mode: 0o600 });
    rmSync(path);
    symlinkSync(elsewhere, path);
    const before = readFileSync(elsewhere);
    const list = await runCli(["mcp", "list", a.url], { env });
    assert.equal(list.code, 2);
    assert.equal(
      list.stderr,
      `toolscore: refusing the sign-in store ${path}: it is a link; remove it and sign in again\n`,
    );
    const login = await loginAsBrowser([a.url], env);
    assert.equal(login.code, 2);
    assert.deepEqual(readFileSync(elsewhere), before, "nothing was written through the link");
  });

  test("two processes refreshing at once: one refresh, both served, no token in either output", async () => {
    const env = { XDG_CONFIG_HOME: join(tmp.dir, "race") };
    assert.equal((await loginAsBrowser([a.url], env)).code, 0);
    a.expireAll();
    const before = a.log.refreshes;
    const runs = await Promise.all(
      Array.from({ length: 2 }, () =>
        runBin(["mcp", "list", a.url, "--json", "-"], { env, timeoutMs: 60_000 }),
      ),
    );
    for (const r of runs) assert.equal(r.code, 0, r.stderr);
    assert.equal(a.log.refreshes, before + 1);
    const written = runs.map((r) => r.stdout + r.stderr).join("\n");
    for (const t of a.log.issued) assert.ok(!written.includes(t), "a token reached an output");
    const data = JSON.parse(readFileSync(storeOf(env.XDG_CONFIG_HOME), "utf8")) as {
      signIns: { tokens: { access_token: string } }[];
    };
    assert.equal(data.signIns.length, 1);
    assert.equal(data.signIns[0]!.tokens.access_token, a.log.issued.at(-2));
  });
});
