// Ctrl-C on the built bin: exit 130, one line saying so, and the server's whole process group is
// gone. The stopped server fails the start-up under way; that failure is not reported as the server's.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { ROOT, alive, fixtureCommand, groupAlive, pidRecorder } from "../support/cli.js";

const INTERRUPTED = "\ntoolscore: interrupted, stopping servers\n";

/** Starts `mcp list` on a fixture, sends SIGINT once the server runs, and returns what it did. */
async function interruptList(fixtureName: string) {
  const pids = pidRecorder();
  try {
    const cli = spawn(
      process.execPath,
      [join(ROOT, "dist", "cli.js"), "mcp", "list", fixtureCommand(fixtureName), "--timeout", "60"],
      { env: { ...process.env, ...pids.env }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    cli.stderr.on("data", (d: Buffer) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => cli.on("close", (code) => resolve(code)));
    // The deadlines only stop a hang.
    const until = Date.now() + 60_000;
    while (pids.pids().length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    const started = pids.pids();
    assert.ok(started.length > 0, "the server never started");
    for (const pid of started) assert.equal(alive(pid), true);
    // The handshake is under way: server/discover, then initialize, are waiting for answers.
    await new Promise((r) => setTimeout(r, 300));
    cli.kill("SIGINT");
    const code = await Promise.race([
      exited,
      new Promise<"hung">((r) => setTimeout(() => r("hung"), 60_000).unref()),
    ]);
    return { code, stderr, pids: pids.pids() };
  } finally {
    pids.cleanup();
  }
}

test("SIGINT during mcp list stops the server and exits 130", async () => {
  const r = await interruptList("never-initialize.mjs");
  assert.equal(r.code, 130, r.stderr);
  assert.equal(r.stderr, INTERRUPTED);
  for (const pid of r.pids) {
    assert.equal(alive(pid), false);
    assert.equal(groupAlive(pid), false);
  }
});

test("SIGINT during start-up stops the server with its children (one ignores SIGTERM)", async () => {
  const r = await interruptList("stalls-with-child.mjs");
  assert.equal(r.code, 130, r.stderr);
  assert.equal(r.stderr, INTERRUPTED);
  assert.equal(r.pids.length, 2, "the server and its child");
  for (const pid of r.pids) assert.equal(alive(pid), false, `process ${pid} is still alive`);
});

test("SIGINT during start-up prints only the interrupt, never the server's exit", async () => {
  // The server dies of the SIGTERM the interrupt sends; the start-up it was in fails at that
  // moment, racing the stop. Three runs side by side, so that the race is run more than once.
  const runs = await Promise.all([1, 2, 3].map(() => interruptList("stalls-after-error.mjs")));
  for (const r of runs) {
    assert.equal(r.code, 130, r.stderr);
    assert.equal(r.stderr, INTERRUPTED);
    for (const pid of r.pids) assert.equal(alive(pid), false);
  }
});
