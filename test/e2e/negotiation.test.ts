// Protocol negotiation over stdio: the server/discover probe and the fallback to initialize on the
// same process, the one relaunch of a server that exits on the probe, --protocol, and the version
// recorded as actually spoken. The runs share nothing (each records the processes it started), so
// they go side by side: the probe a silent server leaves unanswered is waited out beside the others.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { join } from "node:path";
import { ROOT, alive, fixtureCommand, pidRecorder, runCli } from "../support/cli.js";

const sample = `node ${JSON.stringify(join(ROOT, "dist", "notes-server.js"))}`;
const memory = `node ${JSON.stringify(join(ROOT, "node_modules", "mem2608", "dist", "index.js"))}`;

type Snapshot = { server: { name?: string }; protocol: string; tools: Array<{ name: string }> };

/** Runs `mcp list` with a pid recorder of its own; returns the run and the processes it started. */
async function listRun(argv: string[]) {
  const pids = pidRecorder();
  try {
    const r = await runCli(["mcp", "list", ...argv], { env: pids.env });
    return { ...r, started: pids.pids() };
  } finally {
    pids.cleanup();
  }
}

async function listJson(server: string, ...extra: string[]): Promise<Snapshot> {
  const r = await listRun([server, "--json", "-", ...extra]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as Snapshot;
}

/** Runs `mcp list` on a server and returns the snapshot and the processes it started. */
async function listFixture(server: string) {
  const r = await listRun([server, "--json", "-"]);
  assert.equal(r.code, 0, r.stderr);
  for (const pid of r.started) assert.equal(alive(pid), false, `process ${pid} of ${server} still runs`);
  return { snap: JSON.parse(r.stdout) as Snapshot, started: r.started };
}

describe("protocol negotiation", { concurrency: true }, () => {
  test("the dual-era sample server is spoken to in 2026-07-28, and in 2025-11-25 when forced; same tools", async () => {
    const [modern, legacy] = await Promise.all([
      listJson(sample),
      listJson(sample, "--protocol", "2025-11-25"),
    ]);
    assert.equal(modern.protocol, "2026-07-28");
    assert.equal(legacy.protocol, "2025-11-25");
    assert.deepEqual(modern.server, legacy.server);
    assert.deepEqual(modern.tools, legacy.tools);
    assert.equal((await listJson(sample, "--protocol", "2025-06-18")).protocol, "2025-06-18");
  });

  test("a 2025 server answers the probe with an error and is listed on the same process", async () => {
    const { snap, started } = await listFixture(fixtureCommand("garbage-stdout.mjs"));
    assert.equal(snap.protocol, "2025-11-25");
    assert.equal(started.length, 1);
    assert.equal((await listJson(memory)).protocol, "2025-11-25");
  });

  test("a server that answers server/discover with {} is a 2025 server, listed on the same process", async () => {
    const { snap, started } = await listFixture(fixtureCommand("empty-result-server.mjs"));
    assert.equal(snap.protocol, "2025-11-25");
    assert.deepEqual(
      snap.tools.map((t) => t.name),
      ["echo"],
    );
    assert.equal(started.length, 1);
  });

  test("a server that exits on server/discover is started once more, with initialize alone", async () => {
    const { snap, started } = await listFixture(fixtureCommand("exits-on-discover.mjs"));
    assert.equal(snap.server.name, "exits-on-discover");
    assert.equal(snap.protocol, "2025-11-25");
    assert.equal(started.length, 2);
  });

  test("one that says on stderr that it wanted initialize first is started once more too", async () => {
    const { snap, started } = await listFixture(`${fixtureCommand("exits-on-discover.mjs")} says`);
    assert.equal(snap.server.name, "exits-on-discover");
    assert.equal(started.length, 2);
  });

  test("a server silent on server/discover gets initialize on the same process", async () => {
    const { snap, started } = await listFixture(fixtureCommand("silent-before-initialize.mjs"));
    assert.equal(snap.server.name, "silent-before-initialize");
    assert.equal(snap.protocol, "2025-11-25");
    assert.equal(started.length, 1);
  });

  test("a forced version the server refuses: one line, exit 2", async () => {
    // A 2025 server of raw JSON-RPC, which names the method it does not know.
    const r = await runCli(["mcp", "list", fixtureCommand("garbage-stdout.mjs"), "--protocol", "2026-07-28"]);
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      "toolscore: the server refused protocol 2026-07-28: Method not found: server/discover (JSON-RPC error -32601); use --protocol auto to let toolscore pick a version it speaks\n",
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

// Whether a server that exited during the handshake crashed or quit on the probe is read from its
// stderr, which can come after its exit.
describe("a crash at start", () => {
  // The second's reason reaches stderr only after it has exited.
  for (const [file, when] of [
    ["crash-on-start.mjs", "before"],
    ["crash-reason-late.mjs", "after"],
  ] as const) {
    test(`a server that crashes at start, its stderr ${when} its exit, is launched once: its exit and stderr tail, exit 2`, async () => {
      const r = await listRun([fixtureCommand(file)]);
      assert.equal(r.code, 2);
      assert.match(
        r.stderr,
        new RegExp(
          `^toolscore: .*${file.replace(".", "\\.")} exited before it finished the MCP handshake \\(exit code 1\\); its stderr ends: loading settings from \\./settings\\.toml \\| Error: NOTES_API_KEY is not set\n$`,
        ),
      );
      assert.equal(r.started.length, 1);
      for (const pid of r.started) assert.equal(alive(pid), false);
    });
  }
});

describe("bad answers to the probe: one line, exit 2", { concurrency: true }, () => {
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
      const r = await listRun([`${fixtureCommand("bad-discover.mjs")} ${mode}`]);
      assert.equal(r.code, 2);
      assert.equal(r.stdout, "");
      assert.match(r.stderr, message);
    });
  }
});
