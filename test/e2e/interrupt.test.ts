// Ctrl-C on the built bin: exit 130, and the server's whole process group is gone.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { after, test } from "node:test";
import { ROOT, alive, fixtureCommand, groupAlive, pidRecorder } from "../support/cli.js";

const pids = pidRecorder();
after(() => pids.cleanup());

test("SIGINT during mcp list stops the server and exits 130", async () => {
  const cli = spawn(
    process.execPath,
    [join(ROOT, "dist", "cli.js"), "mcp", "list", fixtureCommand("never-initialize.mjs"), "--timeout", "60"],
    { env: { ...process.env, ...pids.env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  cli.stderr.on("data", (d: Buffer) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => cli.on("close", (code) => resolve(code)));
  const until = Date.now() + 15_000;
  while (pids.pids().length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  const [server] = pids.pids();
  assert.ok(server, "the server never started");
  assert.equal(alive(server), true);
  cli.kill("SIGINT");
  const code = await Promise.race([
    exited,
    new Promise<"hung">((r) => setTimeout(() => r("hung"), 15_000).unref()),
  ]);
  assert.equal(code, 130, stderr);
  assert.match(stderr, /interrupted, stopping servers/);
  assert.equal(alive(server), false);
  assert.equal(groupAlive(server), false);
});
