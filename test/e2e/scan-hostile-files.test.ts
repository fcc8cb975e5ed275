// mcp scan where a cloned repository or a broken home put something other than a config file:
// a link to /dev/zero or /dev/urandom, a FIFO, a link loop. Each is a row saying why it was
// skipped, and the scan ends at once (the built bin, so that a hang would be a real one).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { runBin } from "../support/cli.js";
import { fakeHome, type FakeHome } from "../support/fake-home.js";

describe("mcp scan on files that are not config files", () => {
  let h: FakeHome;
  before(() => {
    h = fakeHome();
    symlinkSync("/dev/zero", join(h.project, ".mcp.json"));
    mkdirSync(join(h.project, ".cursor"));
    execFileSync("mkfifo", [join(h.project, ".cursor", "mcp.json")]);
    mkdirSync(join(h.project, ".vscode"));
    symlinkSync("/dev/urandom", join(h.project, ".vscode", "mcp.json"));
    mkdirSync(join(h.project, ".gemini"));
    const loop = join(h.project, ".gemini", "settings.json");
    symlinkSync(loop + ".b", loop);
    symlinkSync(loop, loop + ".b");
    h.write("home/.cursor/mcp.json", '{ "mcpServers": { "ok": { "command": "server" } } }');
  });
  after(() => h.remove());

  test("each is a row saying why, the others are read, and the scan ends at once", async () => {
    // Reading /dev/zero until memory ran out took tens of seconds and a FIFO never ended: runBin's
    // own time limit fails the test on either.
    const r = await runBin(["mcp", "scan", "--json", "-"], {
      env: h.env,
      cwd: h.project,
      timeoutMs: 120_000,
    });
    assert.equal(r.code, 1, r.stderr);
    const rows = (JSON.parse(r.stdout) as { servers: Array<{ file: string; name: string; problem: string }> })
      .servers;
    const why = (end: string) => rows.find((x) => x.file.endsWith(end))?.problem;
    assert.equal(why(join("app", ".mcp.json")), "is a character device, not a regular file: not read");
    assert.equal(why(join("app", ".cursor", "mcp.json")), "is a FIFO, not a regular file: not read");
    assert.equal(why(join(".vscode", "mcp.json")), "is a character device, not a regular file: not read");
    assert.equal(why(join(".gemini", "settings.json")), "is a symlink loop: not read");
    assert.deepEqual(
      rows.filter((x) => x.problem === null).map((x) => x.name),
      ["ok"],
    );
  });
});
