// The bin starts the server of `mcp list`, `mcp verify-pin` and `mcp guard -- CMD` before it loads
// the command, and the command takes that process over: one server per run (two only for a server
// that quits on the probe), its failures reported as before, and none left behind when the command
// never took it.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { alive, fixtureCommand, pidRecorder, runBin, tempDir } from "../support/cli.js";
import { guardArgs, handshakeLines, pinFixture, spawnGuard } from "../support/guard.js";

const tmp = tempDir("toolscore-ahead-");
after(() => tmp.remove());

async function withPids(fn: (pids: ReturnType<typeof pidRecorder>) => Promise<void>): Promise<void> {
  const pids = pidRecorder();
  try {
    await fn(pids);
    for (const pid of pids.pids()) assert.ok(!alive(pid), `process ${pid} is left behind`);
  } finally {
    pids.cleanup();
  }
}

test("mcp list and verify-pin start the server once and take it over", async () => {
  const lock = join(tmp.dir, "dual.lock.json");
  await withPids(async (pids) => {
    const list = await runBin(["mcp", "list", fixtureCommand("dual-era-raw.mjs"), "--json", "-"], {
      env: pids.env,
    });
    assert.equal(list.code, 0, list.stderr);
    assert.equal(JSON.parse(list.stdout).protocol, "2026-07-28");
    assert.equal(pids.pids().length, 1);
  });
  await withPids(async (pids) => {
    const pin = await runBin(["mcp", "pin", fixtureCommand("dual-era-raw.mjs"), "--lock", lock], {
      env: pids.env,
    });
    assert.equal(pin.code, 0, pin.stderr);
    const verify = await runBin(["mcp", "verify-pin", fixtureCommand("dual-era-raw.mjs"), "--lock", lock], {
      env: pids.env,
    });
    assert.equal(verify.code, 0, verify.stdout + verify.stderr);
    // pin lists the server declaring no client capabilities and declaring all (the same surface
    // here, so nothing more); verify-pin checks the lock's one profile.
    assert.equal(pids.pids().length, 3, "two servers for pin, one for verify-pin");
  });
});

test("a server that quits on the probe is started once more, not twice more", async () => {
  await withPids(async (pids) => {
    const r = await runBin(["mcp", "list", fixtureCommand("exits-on-discover.mjs"), "--json", "-"], {
      env: pids.env,
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).protocol, "2025-11-25");
    assert.equal(pids.pids().length, 2);
  });
});

test("a server that ends before the command takes it is reported with its stderr", async () => {
  await withPids(async (pids) => {
    const r = await runBin(["mcp", "list", fixtureCommand("crash-on-start.mjs")], { env: pids.env });
    assert.equal(r.code, 2);
    assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
    assert.match(r.stderr, /exited before it finished the MCP handshake \(exit code 1\)/);
    assert.match(r.stderr, /NOTES_API_KEY is not set/);
    assert.equal(pids.pids().length, 1);
  });
});

test("a server that has ended long before the command takes it is reported, not waited for", async () => {
  // sh ends within a millisecond, well before the command has loaded; without the exit seen, the
  // handshake would wait for its timeout instead.
  const list = await runBin(["mcp", "list", "sh -c 'echo gone >&2; exit 3'", "--timeout", "20"]);
  assert.equal(list.code, 2);
  assert.equal(
    list.stderr,
    "toolscore: sh -c echo gone >&2; exit 3 exited before it finished the MCP handshake (exit code 3); its stderr ends: gone\n",
  );
});

test("a server started ahead of a command that then fails is stopped", async () => {
  await withPids(async (pids) => {
    const r = await runBin(["mcp", "list", fixtureCommand("dual-era-raw.mjs"), "--timeout", "0"], {
      env: pids.env,
    });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--timeout takes a number of seconds above 0/);
  });
});

test("a launch that names options the early start does not read is left to the command", async () => {
  await withPids(async (pids) => {
    const r = await runBin(
      ["mcp", "list", fixtureCommand("dual-era-raw.mjs"), "--env", "A=1", "--cwd", tmp.dir, "--json", "-"],
      { env: pids.env },
    );
    assert.equal(r.code, 0, r.stderr);
    assert.equal(pids.pids().length, 1);
  });
});

test("mcp guard -- CMD takes over the server started ahead: one server for the session", async () => {
  const lock = join(tmp.dir, "guarded.lock.json");
  await pinFixture("dual-era-raw.mjs", lock);
  await withPids(async (pids) => {
    const g = spawnGuard(guardArgs(lock, "dual-era-raw.mjs"), pids.env);
    g.write(handshakeLines());
    const init = await g.answer(1);
    assert.ok(init.result, JSON.stringify(init));
    g.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" })}\n`);
    const list = (await g.answer(2)) as { result?: { tools?: unknown[] } };
    assert.ok(list.result?.tools?.length, JSON.stringify(list));
    g.child.stdin.end();
    assert.equal(await g.exit, 0);
    assert.equal(pids.pids().length, 1);
  });
});
