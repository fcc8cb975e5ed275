// mcp guard --install / --uninstall on files people own: mode, owner and symlinks kept, read-only
// files and duplicate keys refused, the backup of the original never overwritten, and an entry
// asked for by name that cannot be wrapped refused. Real files, links and modes made by the test.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { startSurfaceHttp } from "../fixtures/servers/surface-http.mjs";
import { fixture, runCli, tempDir } from "../support/cli.js";
import { surfaceFile } from "../support/fake-home.js";

const mode = (p: string) => statSync(p).mode & 0o7777;

describe("mcp guard --install on a user's file", () => {
  const tmp = tempDir();
  const dir = tmp.dir;
  const set = join(dir, "toolscore.lockset.json");
  const surface = join(dir, "notes.json");
  const entry = `{ "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(fixture("pin-surface.mjs"))}, ${JSON.stringify(surface)}] }`;
  const jsonText = `{\n  // tokens live here\n  "mcpServers": {\n    "notes": ${entry},\n    "sse": { "type": "sse", "url": "http://127.0.0.1:9/sse" }\n  }\n}\n`;
  const tomlText = `# codex\n[mcp_servers.notes]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(fixture("pin-surface.mjs"))}, ${JSON.stringify(surface)}]\n`;
  const cli = (...args: string[]) => runCli(["mcp", "guard", ...args], { cwd: dir });
  const install = (config: string, ...extra: string[]) =>
    cli("--install", "--config", config, "--lock", set, ...extra);
  const uninstall = (config: string) => cli("--uninstall", "--config", config);
  let n = 0;
  const file = (text: string, ext = "json") => {
    const p = join(dir, `c${n++}.${ext}`);
    writeFileSync(p, text);
    return p;
  };

  before(async () => {
    writeFileSync(surface, JSON.stringify(surfaceFile("notes", ["get_note"])));
    const all = file(`{ "mcpServers": { "notes": ${entry} } }`);
    const r = await runCli(["mcp", "pin", "--config", all, "--lock", set], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
  });
  after(() => tmp.remove());

  for (const [format, text] of [
    ["json", jsonText],
    ["toml", tomlText],
  ] as const) {
    test(`a ${format} config of mode 600 and another owner keeps both through install and uninstall`, async () => {
      const p = file(text, format);
      chmodSync(p, 0o600);
      chownSync(p, 4321, 4321);
      const r = await install(p, "--server", "notes");
      assert.equal(r.code, 0, r.stderr);
      assert.notEqual(readFileSync(p, "utf8"), text);
      assert.equal(mode(p), 0o600);
      assert.deepEqual([statSync(p).uid, statSync(p).gid], [4321, 4321]);
      // The backup holds the same tokens: it gets the same mode.
      assert.equal(mode(p + ".toolscore-backup"), 0o600);
      const u = await uninstall(p);
      assert.equal(u.code, 0, u.stderr);
      assert.equal(readFileSync(p, "utf8"), text);
      assert.equal(mode(p), 0o600);
      assert.deepEqual([statSync(p).uid, statSync(p).gid], [4321, 4321]);
    });
  }

  test("a symlinked config: the target is edited, the link stays", async () => {
    mkdirSync(join(dir, "dotfiles"));
    const target = join(dir, "dotfiles", "mcp.json");
    writeFileSync(target, jsonText);
    const link = join(dir, "linked.json");
    symlinkSync(join("dotfiles", "mcp.json"), link);
    const r = await install(link, "--server", "notes");
    assert.equal(r.code, 0, r.stderr);
    assert.ok(lstatSync(link).isSymbolicLink());
    assert.equal(readlinkSync(link), join("dotfiles", "mcp.json"));
    assert.match(readFileSync(target, "utf8"), /"mcp", "guard"/);
    const u = await uninstall(link);
    assert.equal(u.code, 0, u.stderr);
    assert.ok(lstatSync(link).isSymbolicLink());
    assert.equal(readFileSync(target, "utf8"), jsonText);
  });

  test("a read-only config is refused with one line, untouched", async () => {
    const p = file(jsonText);
    chmodSync(p, 0o444);
    const r = await install(p, "--server", "notes");
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^toolscore: .*c\d+\.json is read-only: nothing was changed/);
    assert.equal(r.stderr.trim().split("\n").length, 1);
    assert.equal(readFileSync(p, "utf8"), jsonText);
    assert.equal(mode(p), 0o444);
    assert.throws(() => statSync(p + ".toolscore-backup"));
  });

  test("a server name written twice, or a key of an entry written twice, is refused naming it", async () => {
    const twice = file(`{ "mcpServers": { "notes": { "command": "a" }, "notes": ${entry} } }`);
    const r = await install(twice);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /keys written twice \("mcpServers"\."notes"\): the client reads the last/);
    const command = file(`{ "mcpServers": { "notes": { "command": "a", "args": [], "command": "b" } } }`);
    const c = await install(command);
    assert.equal(c.code, 2);
    assert.match(c.stderr, /keys written twice \("mcpServers"\."notes"\."command"\)/);
    assert.match(readFileSync(command, "utf8"), /"command": "b"/);
  });

  test("the backup keeps the original through install, uninstall and install again", async () => {
    const p = file(jsonText);
    await install(p, "--server", "notes");
    const once = readFileSync(p, "utf8");
    const u = await uninstall(p);
    assert.match(u.stdout, /backup of the original, kept/);
    assert.equal(readFileSync(p + ".toolscore-backup", "utf8"), jsonText);
    await install(p, "--server", "notes");
    assert.equal(readFileSync(p, "utf8"), once);
    assert.equal(readFileSync(p + ".toolscore-backup", "utf8"), jsonText);
  });

  test("--server NAME that cannot be wrapped exits 2 and changes nothing", async () => {
    const p = file(jsonText);
    const r = await install(p, "--server", "sse");
    assert.equal(r.code, 2);
    assert.match(r.stderr, /"sse" in .* cannot be wrapped: an SSE entry.*nothing was changed/);
    assert.equal(readFileSync(p, "utf8"), jsonText);
  });

  test("a launcher toolscore does not know by name is recognised: no second wrap, and uninstall works", async () => {
    const p = file(jsonText);
    const launcher = ["--toolscore", "/usr/local/bin/ts-wrapper --quiet"];
    assert.equal((await install(p, "--server", "notes", ...launcher)).code, 0);
    const once = readFileSync(p, "utf8");
    const again = await install(p, "--server", "notes", ...launcher);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /notes: already guarded/);
    assert.equal(readFileSync(p, "utf8"), once);
    const u = await uninstall(p);
    assert.match(u.stdout, /notes: unwrapped/);
    assert.equal(readFileSync(p, "utf8"), jsonText);
  });

  test("pinning a second entry into the lock of another entry's server is refused; the same one again is not", async () => {
    // Both servers at URLs, served from this process: three pins start no process.
    const other = join(dir, "other.json");
    writeFileSync(other, JSON.stringify(surfaceFile("other", ["get_other"])));
    const served = await Promise.all([startSurfaceHttp(surface), startSurfaceHttp(other)]);
    try {
      const [notes, second] = served.map((s) => ({ url: s.url }));
      const p = file(JSON.stringify({ mcpServers: { notes, other: second } }));
      const lock = join(dir, "one.lock.json");
      const pin = (server: string) =>
        runCli(["mcp", "pin", "--config", p, "--server", server, "--lock", lock], { cwd: dir });
      assert.equal((await pin("notes")).code, 0);
      const before = readFileSync(lock, "utf8");
      const r = await pin("other");
      assert.equal(r.code, 2);
      assert.match(
        r.stderr,
        /one\.lock\.json is the lock of server 'notes', and "other" runs 'other': nothing written/,
      );
      assert.equal(readFileSync(lock, "utf8"), before);
      const again = await pin("notes");
      assert.equal(again.code, 0, again.stderr);
      assert.equal(readFileSync(lock, "utf8"), before);
    } finally {
      await Promise.all(served.map((s) => s.close()));
    }
  });
});
