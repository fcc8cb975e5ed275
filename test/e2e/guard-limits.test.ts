// The guard's own readers are bounded as the client's are (message-mb): a message past the limit,
// from the server or from the client, ends the session with one line and exit 2, and nothing of it
// is passed on.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { buildLock, ServerSnapshot, writeLock } from "../../src/index.js";
import { alive, pidRecorder, tempDir } from "../support/cli.js";
import {
  callsReceived,
  connectThroughGuard,
  guardArgs,
  handshakeLines,
  pinFixture,
  spawnGuard,
  type RawGuard,
} from "../support/guard.js";

const tmp = tempDir("toolscore-guard-");
after(() => tmp.remove());
const LIMIT = { TOOLSCORE_LIMIT_MESSAGE_MB: "1" };

function stderrLines(text: string): string[] {
  return text.split("\n").filter(Boolean);
}

test("a line from the server past message-mb: the server is stopped, one line, exit 2", async () => {
  // endless-line answers tools/list (the guard's own, before the client hears initialize) with a
  // line that never ends.
  const lock = join(tmp.dir, "endless.lock.json");
  const snapshot = ServerSnapshot.of({
    server: { name: "endless-line", version: "1.0.0" },
    protocol: "2025-06-18",
    capabilities: { tools: {} },
    client_capabilities: [],
    instructions: null,
    tools: [],
  });
  await writeLock(lock, buildLock(snapshot));
  const pids = pidRecorder();
  try {
    const g = spawnGuard(guardArgs(lock, "endless-line.mjs"), { ...pids.env, ...LIMIT });
    g.write(handshakeLines());
    assert.equal(await g.exit, 2);
    assert.deepEqual(g.lines, [], "the client heard something");
    const lines = stderrLines(g.stderr());
    assert.equal(lines.length, 1, g.stderr());
    assert.match(
      lines[0]!,
      /^toolscore guard: ended the session: one message from the server is larger than the message-mb limit of 1 MB: raise it with --limit message-mb=N or TOOLSCORE_LIMIT_MESSAGE_MB$/,
    );
    for (const pid of pids.pids()) assert.ok(!alive(pid), `process ${pid} is left behind`);
  } finally {
    pids.cleanup();
  }
});

// One session of the guard in front of rug-pull, for the two tests of what the client sends: first
// messages under the limit, then one past it, which ends the session.
const rug = join(tmp.dir, "rug.lock.json");
const calls = join(tmp.dir, "calls.log");
const rugPids = pidRecorder();
let session: RawGuard;
before(async () => {
  await pinFixture("rug-pull.mjs", rug);
  session = spawnGuard(guardArgs(rug, "rug-pull.mjs"), { ...rugPids.env, ...LIMIT, CALL_LOG: calls });
  session.write(handshakeLines());
  await session.answer(1);
});
after(() => rugPids.cleanup());
const call = (id: number, text: string) =>
  `${JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "echo", arguments: { text } } })}\n`;

test("messages under the limit pass whole, however large the chunks", async () => {
  session.write(call(2, "small"));
  await session.answer(2);
  const text = "é".repeat(300 * 1024); // 600 KB of two-byte characters, under 1 MB
  session.write(call(3, text));
  const answer = await session.answer(3);
  const echoed = (answer.result as { content: Array<{ text: string }> }).content[0]!.text;
  assert.equal(echoed, `echo: ${JSON.stringify({ text })}`);
});

test("a line from the client past message-mb: not forwarded, the server is stopped, exit 2", async () => {
  const heard = callsReceived(calls).length;
  // Two megabytes in pieces, as a pipe delivers them: the guard stops reading at the limit.
  const big = Buffer.from(call(4, "x".repeat(2 * 1024 * 1024)));
  for (let at = 0; at < big.length; at += 256 * 1024) session.write(big.subarray(at, at + 256 * 1024));
  assert.equal(await session.exit, 2);
  assert.equal(callsReceived(calls).length, heard, "the large call reached the server");
  const lines = stderrLines(session.stderr()).filter((l) => !l.includes("verified"));
  assert.deepEqual(lines, [
    "toolscore guard: ended the session: one message from the client is larger than the message-mb limit of 1 MB: raise it with --limit message-mb=N or TOOLSCORE_LIMIT_MESSAGE_MB",
  ]);
  for (const pid of rugPids.pids()) assert.ok(!alive(pid), `process ${pid} is left behind`);
});

test("a lock of a 2 MB description (kept as its digest): the same text passes whole, a changed one is withheld", async () => {
  const lock = join(tmp.dir, "long.lock.json");
  const env = { FIXTURE_MB: "2" };
  await pinFixture("long-description.mjs", lock, env);
  const same = await connectThroughGuard(guardArgs(lock, "long-description.mjs"), { env });
  try {
    const [tool] = (await same.client.listTools()).tools;
    assert.equal(tool?.name, "read");
    assert.equal(tool?.description?.length, 2 * 1024 * 1024);
  } finally {
    await same.close();
  }
  const changed = await connectThroughGuard(guardArgs(lock, "long-description.mjs"), {
    env: { ...env, FIXTURE_VARIANT: "b" },
  });
  try {
    assert.deepEqual((await changed.client.listTools()).tools, []);
    assert.match(changed.stderr(), /withheld tool 'read' \(pin-tool-changed: description\)/);
  } finally {
    await changed.close();
  }
});
