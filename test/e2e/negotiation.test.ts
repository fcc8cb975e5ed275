// Protocol negotiation over stdio: the server/discover probe and the fallback to initialize on the
// same process, the one relaunch of a server that exits on the probe, --protocol, and the version
// recorded as actually spoken.
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { join } from "node:path";
import { ROOT, alive, fixtureCommand, pidRecorder, runCli } from "../support/cli.js";

const pids = pidRecorder();
after(() => pids.cleanup());

const sample = `node ${JSON.stringify(join(ROOT, "dist", "notes-server.js"))}`;
const memory = `node ${JSON.stringify(join(ROOT, "node_modules", "mem2608", "dist", "index.js"))}`;

type Snapshot = { server: { name?: string }; protocol: string; tools: Array<{ name: string }> };

async function listJson(server: string, ...extra: string[]): Promise<Snapshot> {
  const r = await runCli(["mcp", "list", server, "--json", "-", ...extra], { env: pids.env });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as Snapshot;
}

/** Runs `mcp list` on a fixture and returns the snapshot and the processes it started. */
async function listFixture(name: string) {
  const before = new Set(pids.pids());
  const snap = await listJson(fixtureCommand(name));
  const started = pids.pids().filter((p) => !before.has(p));
  for (const pid of started) assert.equal(alive(pid), false, `process ${pid} of ${name} still runs`);
  return { snap, started };
}

describe("protocol negotiation", () => {
  test("the dual-era sample server is spoken to in 2026-07-28, and in 2025-11-25 when forced; same tools", async () => {
    const modern = await listJson(sample);
    const legacy = await listJson(sample, "--protocol", "2025-11-25");
    assert.equal(modern.protocol, "2026-07-28");
    assert.equal(legacy.protocol, "2025-11-25");
    assert.deepEqual(modern.server, legacy.server);
    assert.deepEqual(modern.tools, legacy.tools);
    assert.equal((await listJson(sample, "--protocol", "2025-06-18")).protocol, "2025-06-18");
  });

  test("a 2025 server answers the probe with an error and is listed on the same process", async () => {
    const { snap, started } = await listFixture("garbage-stdout.mjs");
    assert.equal(snap.protocol, "2025-11-25");
    assert.equal(started.length, 1);
    assert.equal((await listJson(memory)).protocol, "2025-11-25");
  });

  test("a server that answers server/discover with {} is a 2025 server, listed on the same process", async () => {
    const { snap, started } = await listFixture("empty-result-server.mjs");
    assert.equal(snap.protocol, "2025-11-25");
    assert.deepEqual(
      snap.tools.map((t) => t.name),
      ["echo"],
    );
    assert.equal(started.length, 1);
  });

  test("a server that exits on server/discover is started once more, with initialize alone", async () => {
    const { snap, started } = await listFixture("exits-on-discover.mjs");
    assert.equal(snap.server.name, "exits-on-discover");
    assert.equal(snap.protocol, "2025-11-25");
    assert.equal(started.length, 2);
  });

  test("one that says on stderr that it wanted initialize first is started once more too", async () => {
    const before = new Set(pids.pids());
    const snap = await listJson(`${fixtureCommand("exits-on-discover.mjs")} says`);
    assert.equal(snap.server.name, "exits-on-discover");
    assert.equal(pids.pids().filter((p) => !before.has(p)).length, 2);
  });

  test("a server that crashes at start is launched once: its exit and stderr tail, exit 2", async () => {
    const before = new Set(pids.pids());
    const r = await runCli(["mcp", "list", fixtureCommand("crash-on-start.mjs")], { env: pids.env });
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /^toolscore: .*crash-on-start\.mjs exited before it finished the MCP handshake \(exit code 1\); its stderr ends: loading settings from \.\/settings\.toml \| Error: NOTES_API_KEY is not set\n$/,
    );
    const started = pids.pids().filter((p) => !before.has(p));
    assert.equal(started.length, 1);
    for (const pid of started) assert.equal(alive(pid), false);
  });

  test("a server silent on server/discover gets initialize on the same process", async () => {
    const { snap, started } = await listFixture("silent-before-initialize.mjs");
    assert.equal(snap.server.name, "silent-before-initialize");
    assert.equal(snap.protocol, "2025-11-25");
    assert.equal(started.length, 1);
  });

  test("a forced version the server refuses: one line, exit 2", async () => {
    const r = await runCli(["mcp", "list", memory, "--protocol", "2026-07-28"]);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /^toolscore: the server refused protocol 2026-07-28: Method not found \(JSON-RPC error -32601\); use --protocol auto to let toolscore pick a version it speaks\n$/,
    );
  });

  test("--protocol takes auto or a version toolscore speaks", async () => {
    const r = await runCli(["mcp", "list", sample, "--protocol", "1999-01-01"]);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /^toolscore: --protocol takes auto or one of 2026-07-28, 2025-11-25, .*; got "1999-01-01"\n$/,
    );
  });
});

describe("bad answers to the probe: one line, exit 2", () => {
  const CASES: Array<[string, RegExp]> = [
    [
      "missing-fields",
      /^toolscore: the server's server\/discover answer has no capabilities object: it does not follow MCP 2026-07-28 \(try --protocol 2025-11-25 to use initialize\)\n$/,
    ],
    [
      "unknown-version",
      /^toolscore: the server supports protocol versions "2099-01-01", and toolscore speaks none of them \(it speaks 2026-07-28, 2025-11-25, .*\)\n$/,
    ],
    [
      "garbage",
      /^toolscore: the server answered server\/discover with something that is not a JSON-RPC result or error: it is not an MCP server, or it is broken\n$/,
    ],
  ];
  for (const [mode, message] of CASES) {
    test(mode, async () => {
      const r = await runCli(["mcp", "list", `${fixtureCommand("bad-discover.mjs")} ${mode}`], {
        env: pids.env,
      });
      assert.equal(r.code, 2);
      assert.equal(r.stdout, "");
      assert.match(r.stderr, message);
    });
  }
});
