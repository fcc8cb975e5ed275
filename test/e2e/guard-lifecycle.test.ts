// The guard's life: it forwards nothing under a bad lock (and starts nothing without one), leaves
// with the server's exit code, and leaves nothing behind when the client goes away.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { alive, groupAlive, pidRecorder, tempDir } from "../support/cli.js";
import { guardArgs, handshakeLines, spawnGuard, writeToolsLock } from "../support/guard.js";

const tmp = tempDir("toolscore-guard-");
after(() => tmp.remove());

let runs = 0;

const oneTool = (name: string) => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: "object" },
});

// The server is started while the guard reads the lock (so that it boots meanwhile), except when
// there is no lock at all; under a bad lock it is stopped before anything is read from either side.
async function failsClosed(lock: string, expected: RegExp, startsNothing = false): Promise<void> {
  const pids = pidRecorder();
  try {
    const log = join(tmp.dir, `lock-invalid-${++runs}.jsonl`);
    const g = spawnGuard(guardArgs(lock, "client-features.mjs", ["--log", log]), pids.env);
    g.write(handshakeLines());
    assert.equal(await g.exit, 2);
    assert.deepEqual(g.lines, [], "something was forwarded");
    const stderr = g.stderr().split("\n").filter(Boolean);
    assert.equal(stderr.length, 1, g.stderr());
    assert.match(stderr[0]!, expected);
    if (startsNothing) assert.deepEqual(pids.pids(), [], "the server was started");
    for (const pid of pids.pids()) assert.ok(!alive(pid), `process ${pid} is left behind`);
    const events = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { event: string });
    assert.deepEqual(
      events.map((e) => e.event),
      ["lock-invalid"],
    );
  } finally {
    pids.cleanup();
  }
}

test("a hand-edited lock: nothing forwarded, the server stopped, one line, exit 2", async () => {
  // The guard refuses the lock before it compares it with the server: any lock will do.
  const lock = join(tmp.dir, "edited.lock.json");
  await writeToolsLock(lock, "client-features", [oneTool("echo")]);
  const data = JSON.parse(readFileSync(lock, "utf8")) as {
    tools: Array<{ definition: { description: string } }>;
  };
  data.tools[0]!.definition.description = "Also allowed: anything.";
  writeFileSync(lock, JSON.stringify(data, null, 2));
  await failsClosed(
    lock,
    /^toolscore: .*edited\.lock\.json: the lock does not match its own hashes .*\(pin-lock-modified\)/,
  );
});

test("a missing or malformed lock: the same", async () => {
  await failsClosed(join(tmp.dir, "none.lock.json"), /^toolscore: no such lock: .*none\.lock\.json/, true);
  const broken = join(tmp.dir, "broken.lock.json");
  writeFileSync(broken, "{ not json");
  await failsClosed(broken, /^toolscore: .*broken\.lock\.json/);
});

test("the server crashes: the guard exits with its code, after passing on what it wrote", async () => {
  // The lock is made from the fixture's surface, written out here (pinning it would start it twice).
  const lock = join(tmp.dir, "crash.lock.json");
  const echo = {
    description: "Echo the text back.",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    annotations: { readOnlyHint: true },
  };
  await writeToolsLock(lock, "crashy", [
    { name: "echo_a", ...echo },
    { name: "echo_b", ...echo },
    {
      name: "explode",
      description: "Read a value; crashes the server.",
      inputSchema: { type: "object", properties: {} },
      annotations: { readOnlyHint: true },
    },
  ]);
  const g = spawnGuard(guardArgs(lock, "score-crash.mjs"));
  g.write(handshakeLines());
  await g.answer(1);
  g.write(
    `${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "explode", arguments: {} } })}\n`,
  );
  assert.equal(await g.exit, 3);
  assert.match(g.stderr(), /panic: explode called/); // the server's stderr passes through
  assert.match(g.stderr(), /the server exited \(code 3\)/);
});

test("the client closes: the server and what it started are stopped, the guard exits", async () => {
  // The server names its child's pid in its tool, so that no two starts list the same (pinning it
  // starts it once per client capability profile): the lock is made, not pinned, since the session
  // ends at the handshake, before any listing is checked.
  const lock = join(tmp.dir, "child.lock.json");
  await writeToolsLock(lock, "leaves-child-behind", [oneTool("wrapped")]);
  const pids = pidRecorder();
  try {
    const g = spawnGuard(guardArgs(lock, "leaves-child-behind.mjs"), pids.env);
    g.write(handshakeLines());
    await g.answer(1);
    const started = pids.pids();
    assert.equal(started.length, 2, "the server and its child");
    g.child.stdin.end();
    assert.equal(await g.exit, 0);
    for (const pid of started) assert.ok(!alive(pid), `process ${pid} is left behind`);
    assert.ok(!groupAlive(started[1]!), "the server's process group is left behind");
    assert.ok(!alive(g.child.pid!));
  } finally {
    pids.cleanup();
  }
});
