// The guard's lock is read safely: a FIFO, a device or a socket named as the lock is one line and
// exit 2 with no server started (a FIFO used to block the guard in a read no signal could end; it
// is named to the built bin, which may start the server while the command loads); a file that is
// not JSON is named, never quoted; and a signal stops the guard and its server from
// its first moment.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { alive, fixture, pidRecorder, runBin, runCli, tempDir } from "../support/cli.js";
import { CLI, writeToolsLock } from "../support/guard.js";

const tmp = tempDir("toolscore-guard-lock-");
after(() => tmp.remove());

const guardOn = (lock: string) => [
  "mcp",
  "guard",
  "--lock",
  lock,
  "--",
  process.execPath,
  fixture("client-features.mjs"),
];

/** The guard refuses `lock` with one line saying `says`, exit 2, and starts no server: through the
 * built bin (which may start the server while the command loads), or in-process with `runCli`. */
async function refusedWithoutServer(lock: string, says: RegExp, run = runBin): Promise<void> {
  const pids = pidRecorder();
  try {
    const r = await run(guardOn(lock), { env: pids.env });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, says);
    assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
    assert.deepEqual(pids.pids(), [], "no server was started");
  } finally {
    pids.cleanup();
  }
}

test("a FIFO named as the lock is refused at once, and no server is started", async () => {
  const fifo = join(tmp.dir, "lock.fifo");
  assert.equal(spawnSync("mkfifo", [fifo]).status, 0);
  await refusedWithoutServer(fifo, /lock\.fifo is a FIFO, not a lock/);
});

test("a lock that links to a device, or is a socket, is refused at once", async () => {
  const link = join(tmp.dir, "zero.lock.json");
  symlinkSync("/dev/zero", link);
  await refusedWithoutServer(link, /zero\.lock\.json is a character device, not a lock/, runCli);
  const sock = join(tmp.dir, "lock.sock");
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(sock, resolve));
  try {
    await refusedWithoutServer(sock, /lock\.sock is a socket, not a lock/, runCli);
  } finally {
    server.close();
  }
});

test("a lock that is not JSON is named in the error, and none of its bytes are shown", async () => {
  const secret = join(tmp.dir, "id_token");
  writeFileSync(secret, "SECRET-4f9a=do-not-print-me\n");
  const link = join(tmp.dir, "linked.lock.json");
  symlinkSync(secret, link);
  const r = await runCli(guardOn(link));
  assert.equal(r.code, 2);
  assert.match(
    r.stderr,
    /linked\.lock\.json is not a readable lock: not valid JSON \(an unexpected character/,
  );
  assert.ok(!/SECRET|do-not|4f9a/.test(r.stderr), r.stderr);
});

test("SIGTERM stops the guard and its server while it starts", async () => {
  // The guard is stopped before it lists the server: any valid lock will do, made, not pinned.
  const lock = join(tmp.dir, "client-features.lock.json");
  await writeToolsLock(lock, "client-features", [
    { name: "echo", description: "The echo tool.", inputSchema: { type: "object" } },
  ]);
  const pids = pidRecorder();
  try {
    const child = spawn(process.execPath, [CLI, ...guardOn(lock)], {
      env: { ...process.env, ...pids.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    // As soon as the server runs, before the client has said anything.
    while (pids.pids().length === 0) await new Promise((r) => setTimeout(r, 20));
    child.kill("SIGTERM");
    assert.equal(await exit, 143);
    for (const pid of pids.pids()) assert.ok(!alive(pid), `server ${pid} still runs`);
  } finally {
    pids.cleanup();
  }
});
