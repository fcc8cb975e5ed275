// `mcp list` on small stdio servers that each misbehave in one way: the snapshot or the error
// line, exit code 2 for errors, and no process left behind. (A run that hangs is stopped by the
// test's timeout; how long a run takes is not what is tested.) The runs share nothing, so they go
// side by side: the ones that wait (on a timeout, on a server that ignores SIGTERM) overlap.
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { alive, fixture, fixtureCommand, groupAlive, pidRecorder, runCli, tempDir } from "../support/cli.js";

const tmp = tempDir("toolscore-stdio-");
after(() => tmp.remove());

/**
 * Runs `mcp list` on a fixture with a pid recorder of its own; checks that every process it
 * recorded is gone, and returns the run with those pids.
 */
async function list(name: string, ...extra: string[]) {
  const pids = pidRecorder();
  try {
    const run = await runCli(["mcp", "list", fixtureCommand(name), ...extra], { env: pids.env });
    const started = pids.pids();
    assert.ok(started.length > 0, `${name} recorded no pid: did it start?`);
    for (const pid of started) {
      assert.equal(alive(pid), false, `process ${pid} of ${name} is still alive`);
      assert.equal(groupAlive(pid), false, `a process of group ${pid} (${name}) is still alive`);
    }
    return { ...run, pids: started };
  } finally {
    pids.cleanup();
  }
}

// One JSON listing of odd-tools, read by the test of what is kept and compared with another.
let oddJson: ReturnType<typeof list> | undefined;
const oddTools = () => (oddJson ??= list("odd-tools.mjs", "--json", "-"));

const snapshotOf = (stdout: string) =>
  JSON.parse(stdout) as Record<string, unknown> & { tools: Array<Record<string, unknown>> };

describe("mcp list on misbehaving stdio servers", { concurrency: true }, () => {
  test("crash-on-start: one line with the exit code and the last stderr lines, exit 2", async () => {
    const r = await list("crash-on-start.mjs");
    assert.equal(r.code, 2);
    assert.equal(r.stdout, "");
    assert.equal(r.stderr.split("\n").filter(Boolean).length, 1, r.stderr);
    assert.match(
      r.stderr,
      /^toolscore: .*crash-on-start\.mjs exited before it finished the MCP handshake \(exit code 1\)/,
    );
    assert.match(
      r.stderr,
      /its stderr ends: loading settings from \.\/settings\.toml \| Error: NOTES_API_KEY is not set\n$/,
    );
  });

  test("garbage-stdout: non-JSON lines before the first message are skipped", async () => {
    const r = await list("garbage-stdout.mjs", "--json", "-");
    assert.equal(r.code, 0, r.stderr);
    const snap = snapshotOf(r.stdout);
    assert.deepEqual(snap.server, { name: "garbage-stdout", version: "1.0.0" });
    assert.deepEqual(snap.tools, [
      { name: "echo", description: "Echo the text back.", inputSchema: { type: "object" } },
    ]);
  });

  test("never-initialize: names the request that timed out, exit 2", async () => {
    const r = await list("never-initialize.mjs", "--timeout", "1");
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      "toolscore: the server did not answer server/discover or initialize within 1s: raise --timeout if it is just slow\n",
    );
  });

  test("stalls-after-error: a timeout shows what the server printed on stderr", async () => {
    const r = await list("stalls-after-error.mjs", "--timeout", "1");
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      "toolscore: the server did not answer server/discover or initialize within 1s; its stderr ends: starting upstream connection | HTTP transport error: fetch failed; raise --timeout if it is just slow\n",
    );
  });

  test("missing-module: a Node crash shows its error line, not only the fields after the stack", async () => {
    const r = await list("missing-module.mjs");
    assert.equal(r.code, 2);
    assert.equal(r.stderr.split("\n").filter(Boolean).length, 1, r.stderr);
    assert.match(
      r.stderr,
      /exited before it finished the MCP handshake \(exit code 1\); its stderr says: Error: Cannot find module '\.\/no-such-dependency\.cjs' and ends: .*code: 'MODULE_NOT_FOUND', \| requireStack: .* \| \} \| Node\.js v\d+/,
    );
  });

  test("paginated-tools: every page is followed and the tools are sorted by name", async () => {
    const r = await list("paginated-tools.mjs", "--json", "-");
    assert.equal(r.code, 0, r.stderr);
    const names = snapshotOf(r.stdout).tools.map((t) => t.name);
    assert.deepEqual(names, ["page1_a", "page1_b", "page1_c", "page2_a", "page2_b", "page3_a", "page3_b"]);
  });

  test("cursor-loop: a repeated cursor is an error, exit 2", async () => {
    const r = await list("cursor-loop.mjs");
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      'toolscore: the server repeated the tools/list cursor "again": its pagination loops\n',
    );
  });

  test("odd-tools: tools are kept exactly as sent, unknown fields and non-object schemas too", async () => {
    const TOOLS = JSON.parse(readFileSync(fixture("odd-tools.json"), "utf8")) as Array<{ name: string }>;
    const r = await oddTools();
    assert.equal(r.code, 0, r.stderr);
    const snap = snapshotOf(r.stdout);
    const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1);
    assert.deepEqual(snap.tools, [...TOOLS].sort(byName));
    assert.deepEqual(snap.server, { name: "odd-tools", version: "2.0.0", vendorField: "kept" });
    assert.deepEqual(snap.capabilities, { tools: { listChanged: true }, experimental: { oddity: {} } });
    assert.equal(snap.instructions, "Use with care.");
  });

  test("odd-tools: invisible and control characters are escaped in the table", async () => {
    // The table of the snapshot listed once: the table is made from the snapshot, as it is live.
    const listed = await oddTools();
    const saved = join(tmp.dir, "odd-tools.json");
    writeFileSync(saved, listed.stdout);
    const r = await runCli(["mcp", "list", saved]);
    assert.equal(r.code, 0, r.stderr);
    const line = r.stdout.split("\n").find((l) => l.includes("hidden_chars"))!;
    assert.ok(
      line.includes(String.raw`Reads\u200b files \u202eelif\u202c and \u001b[31mRED\u001b[0m text.`),
      line,
    );
    assert.doesNotMatch(r.stdout, /[\u200b\u202e\u202c\u001b]/);
  });

  test("ignores-sigterm-with-child: the group, grandchild included, still dies by SIGKILL", async () => {
    const r = await list("ignores-sigterm-with-child.mjs", "--json", "-");
    assert.equal(r.code, 0, r.stderr);
    const child = Number(/child pid (\d+)/.exec(String(snapshotOf(r.stdout).tools[0]!.description))![1]);
    assert.ok(r.pids.includes(child));
    assert.equal(alive(child), false);
  });

  test("leaves-child-behind: a child left by a server that exits on EOF is stopped too", async () => {
    const r = await list("leaves-child-behind.mjs", "--json", "-");
    assert.equal(r.code, 0, r.stderr);
    const child = Number(/child pid (\d+)/.exec(String(snapshotOf(r.stdout).tools[0]!.description))![1]);
    assert.equal(alive(child), false);
  });

  test("the same server gives byte-identical snapshots", async () => {
    const [a, b] = await Promise.all([oddTools(), list("odd-tools.mjs", "--json", "-")]);
    assert.equal(a.code, 0);
    assert.equal(a.stdout, b.stdout);
    assert.ok(a.stdout.endsWith("}\n"));
    assert.deepEqual(Object.keys(JSON.parse(a.stdout) as object), [
      "kind",
      "snapshot_version",
      "server",
      "protocol",
      "capabilities",
      "client_capabilities",
      "instructions",
      "tools",
    ]);
  });
});
