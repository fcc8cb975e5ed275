// Servers that attack toolscore with what they control: sizes, depths, counts, odd types, names
// and floods. Each run must end in bounded time with the expected exit code and one clear line,
// and leave no process behind. The memory-heavy cases are in hostile-large.test.ts.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { alive, fixtureCommand, groupAlive, pidRecorder, runCli } from "../support/cli.js";
import { startDeafToDelete, startEndlessEvent, startGzipBomb } from "../fixtures/servers/http-hostile.mjs";

const pids = pidRecorder();
const dir = mkdtempSync(join(tmpdir(), "toolscore-hostile-"));
after(() => {
  pids.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs the CLI in-process; checks afterwards that every process the fixture recorded is gone. Runs
 * side by side each take a recorder of their own.
 */
async function cli(argv: string[], env: Record<string, string> = {}, recorder = pids) {
  const before = new Set(recorder.pids());
  const run = await runCli(argv, { env: { ...recorder.env, ...env }, cwd: dir });
  for (const pid of recorder.pids().filter((p) => !before.has(p))) {
    assert.equal(alive(pid), false, `process ${pid} is still alive`);
    assert.equal(groupAlive(pid), false, `a process of group ${pid} is still alive`);
  }
  return run;
}

const oneLine = (stderr: string) => {
  assert.equal(stderr.split("\n").filter(Boolean).length, 1, stderr);
  assert.doesNotMatch(stderr, /internal error/);
};

describe("sizes and depths a server controls", () => {
  test("an inputSchema 5,000 levels deep: one line naming the depth limit, exit 2", async () => {
    for (const command of ["pin", "list"]) {
      const r = await cli(["mcp", command, fixtureCommand("deep-schema.mjs")]);
      assert.equal(r.code, 2, r.stderr);
      assert.equal(
        r.stderr,
        "toolscore: the inputSchema of tool 'deep' nests deeper than the depth limit of 256 levels: raise it with --limit depth=N or TOOLSCORE_LIMIT_DEPTH\n",
      );
    }
  });

  test("lint finds hidden characters and an instruction 40 levels down", async () => {
    const r = await cli(["mcp", "lint", fixtureCommand("deep-schema.mjs"), "--json", "-"], {
      FIXTURE_DEPTH: "40",
    });
    assert.equal(r.code, 1, r.stderr);
    const deepPath = `inputSchema${".properties.inner".repeat(40)}.description`;
    const found = (JSON.parse(r.stdout) as { findings: Array<{ rule: string; path: string }> }).findings;
    assert.ok(
      found.some((f) => f.rule === "hidden-unicode" && f.path === deepPath),
      r.stdout,
    );
  });

  test("a cursor that grows page after page stops at cursor-chars", async () => {
    const r = await cli(["mcp", "list", fixtureCommand("growing-cursor.mjs")]);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /^toolscore: the server's tools\/list cursor is longer than the cursor-chars limit of 16384 characters: raise it with --limit cursor-chars=N or TOOLSCORE_LIMIT_CURSOR_CHARS\n$/,
    );
  });

  test("pages and listing size are bounded too, and the environment sets limits", async () => {
    const r = await cli(["mcp", "list", fixtureCommand("growing-cursor.mjs")], {
      TOOLSCORE_LIMIT_PAGES: "3",
    });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /listing has more pages than the pages limit of 3 pages/);
    const big = await cli(
      ["mcp", "list", fixtureCommand("long-description.mjs"), "--limit", "listing-mb=1"],
      {
        FIXTURE_MB: "2",
      },
    );
    assert.equal(big.code, 2);
    assert.match(big.stderr, /listing is larger than the listing-mb limit of 1 MB/);
  });

  test("a child that left the process group with setsid is stopped too", async () => {
    const r = await cli(["mcp", "list", fixtureCommand("setsid-child.mjs")]);
    assert.equal(r.code, 0, r.stderr);
    const child = Number(/child pid (\d+)/.exec(r.stdout)?.[1]);
    assert.ok(child > 0, r.stdout);
    assert.equal(alive(child), false, `the setsid child ${child} is still alive`);
  });

  test("--limit with an unknown name or a bad value is a usage error", async () => {
    const r = await cli(["mcp", "list", "x.json", "--limit", "nope=3"]);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /^toolscore: --limit names no limit "nope": the limits are message-mb, listing-mb, /,
    );
    const v = await cli(["mcp", "list", "x.json", "--limit=depth=5000"]);
    assert.equal(v.code, 2);
    assert.equal(
      v.stderr,
      'toolscore: --limit takes a number above 0 and at most 1000 for depth, got "5000"\n',
    );
  });
});

describe("odd types and names", () => {
  test("wrong-typed names and schemas: kept exactly in the snapshot, reported by lint, pinned", async () => {
    const list = await cli(["mcp", "list", fixtureCommand("wrong-typed-tools.mjs"), "--json", "-"]);
    assert.equal(list.code, 0, list.stderr);
    const tools = (JSON.parse(list.stdout) as { tools: Array<{ name: unknown; inputSchema?: unknown }> })
      .tools;
    assert.deepEqual(
      tools.map((t) => t.name),
      [
        42,
        "array_schema",
        "list_description",
        null,
        "string_schema",
        { toString: "not a function", valueOf: 1 },
      ],
    );
    assert.equal(tools.find((t) => t.name === "string_schema")?.inputSchema, "object");
    // Lint and verify-pin read the snapshot as listed: the server is started for the list and the pin.
    const snapshot = join(dir, "wrong-typed.json");
    writeFileSync(snapshot, list.stdout);
    const lint = await cli(["mcp", "lint", snapshot, "--json", "-"]);
    assert.equal(lint.code, 1, lint.stderr);
    const rules = (JSON.parse(lint.stdout) as { findings: Array<{ rule: string }> }).findings.map(
      (f) => f.rule,
    );
    assert.equal(rules.filter((r) => r === "name-invalid").length, 3);
    assert.equal(rules.filter((r) => r === "input-schema-missing").length, 2);
    const pin = await cli(["mcp", "pin", fixtureCommand("wrong-typed-tools.mjs")]);
    assert.equal(pin.code, 0, pin.stderr);
    const verify = await cli(["mcp", "verify-pin", snapshot]);
    assert.equal(verify.code, 0, verify.stderr + verify.stdout);
  });

  test("tools named constructor and __proto__ pin and verify like any other", async () => {
    const lock = join(dir, "proto.lock.json");
    const pin = await cli(["mcp", "pin", fixtureCommand("prototype-names.mjs"), "--lock", lock]);
    assert.equal(pin.code, 0, pin.stderr);
    const names = (JSON.parse(readFileSync(lock, "utf8")) as { tools: Array<{ name: string }> }).tools.map(
      (t) => t.name,
    );
    assert.deepEqual(names, ["__proto__", "constructor", "hasOwnProperty", "toString", "valueOf"]);
    const verify = await cli(["mcp", "verify-pin", fixtureCommand("prototype-names.mjs"), "--lock", lock]);
    assert.equal(verify.code, 0, verify.stderr + verify.stdout);
  });

  test("a 100,000-character name among 1,000 tools: the list's name column is capped", async () => {
    const r = await cli(["mcp", "list", fixtureCommand("long-tool-name.mjs")], { FIXTURE_TOOLS: "1000" });
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split("\n");
    assert.equal(lines.length, 1_003);
    assert.ok(Math.max(...lines.slice(0, 100).map((l) => l.length)) <= 200);
  });

  test("a name of a megabyte: one line naming the name-chars limit, exit 2; raised, it is listed", async () => {
    const server = fixtureCommand("long-description.mjs");
    const env = { FIXTURE_WHERE: "name", FIXTURE_MB: "1" };
    const r = await cli(["mcp", "list", server], env);
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      `toolscore: the name of tool 1 ('Reads ${"a".repeat(71)}...') is longer than the name-chars limit of 1000000 characters: raise it with --limit name-chars=N or TOOLSCORE_LIMIT_NAME_CHARS\n`,
    );
    const raised = await cli(["mcp", "list", server, "--limit", "name-chars=2000000"], env);
    assert.equal(raised.code, 0, raised.stderr);
    assert.match(raised.stdout, /\n {2}Reads a+…/);
  });
});

describe("argument generation and patterns under bounds", () => {
  // One run of mcp test against hostile-bounds, for the two tests that read its scorecard.
  let bounds: Promise<Awaited<ReturnType<typeof cli>>>;
  before(() => {
    bounds = cli(["mcp", "test", fixtureCommand("hostile-bounds.mjs"), "--report", "json"]);
    bounds.catch(() => {});
  });

  test("minLength 1e9, maxLength 1e9, multipleOf 1e-300, a{100000000}, minItems 1e9: skipped with the cap", async () => {
    const r = await bounds;
    assert.doesNotMatch(r.stderr, /internal error/);
    const card = JSON.parse(r.stdout) as {
      coverage: { skipped: Array<{ tool: string; reason: string }> };
      tools: Array<{ name: string; skipped_reason: string | null }>;
    };
    const skipped = Object.fromEntries(card.coverage.skipped.map((s) => [s.tool, s.reason]));
    assert.deepEqual(Object.keys(skipped).sort(), ["long_pattern", "many_items", "min_length", "tiny_step"]);
    assert.match(
      skipped.min_length!,
      /its minLength 1000000000 is past the string-chars limit of 10000 characters: raise it with --limit string-chars=N/,
    );
    assert.match(skipped.long_pattern!, /its pattern can make strings past the string-chars limit/);
    assert.match(skipped.many_items!, /its minItems 1000000000 is past the array-items limit of 1000 items/);
    assert.match(skipped.tiny_step!, /multipleOf 1e-300/);
  });

  test("a catastrophic outputSchema pattern is checked in linear time: the mismatch is found", async () => {
    const r = await bounds;
    assert.match(r.stdout, /structuredContent does not match the outputSchema: \/word must match pattern/);
  });

  test("a schema that refers to itself: the run ends, no internal error", async () => {
    const r = await cli(["mcp", "test", fixtureCommand("recursive-ref.mjs")]);
    assert.ok(r.code === 0 || r.code === 1, r.stderr);
    assert.doesNotMatch(r.stderr, /internal error/);
  });
});

// Runs that wait (on servers that do not stop when asked, on a stream that never ends) go side
// by side. A run sets the limits of the process it runs in, so every run
// here sets the same one, message-mb=2, whether or not it is what the run meets.
describe("runs that end only at a limit or once stopped, side by side", { concurrency: true }, () => {
  const limit = ["--limit", "message-mb=2"];

  test("a message past message-mb ends the run at the limit, even one that never ends", async () => {
    const own = pidRecorder();
    try {
      const r = await cli(["mcp", "list", fixtureCommand("endless-line.mjs"), ...limit], {}, own);
      assert.equal(r.code, 2);
      assert.equal(
        r.stderr,
        "toolscore: one message from the server is larger than the message-mb limit of 2 MB: raise it with --limit message-mb=N or TOOLSCORE_LIMIT_MESSAGE_MB\n",
      );
    } finally {
      own.cleanup();
    }
  });

  test("a server that floods requests and never reads: the queue of answers is bounded", async () => {
    const own = pidRecorder();
    try {
      const r = await cli(["mcp", "list", fixtureCommand("request-flood.mjs"), ...limit], {}, own);
      assert.equal(r.code, 2);
      oneLine(r.stderr);
      assert.match(
        r.stderr,
        /the queued-replies limit of 1000 replies: raise it with --limit queued-replies=N/,
      );
    } finally {
      own.cleanup();
    }
  });

  test("a gzip answer that inflates past message-mb: one line, exit 2", async () => {
    const server = await startGzipBomb(8);
    try {
      const r = await cli(["mcp", "list", server.url, ...limit]);
      assert.equal(r.code, 2);
      assert.match(
        r.stderr,
        /one HTTP answer from the server \(after decompression\) is larger than the message-mb limit of 2 MB: raise it with --limit message-mb=N/,
      );
      oneLine(r.stderr);
    } finally {
      await server.close();
    }
  });

  test("an event that never ends: stopped at message-mb, exit 2", async () => {
    const server = await startEndlessEvent();
    try {
      const r = await cli(["mcp", "list", server.url, ...limit]);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /one event the server streamed is larger than the message-mb limit of 2 MB/);
      oneLine(r.stderr);
    } finally {
      await server.close();
    }
  });
});

// Alone: its run must answer within the one second of --timeout, and it uses the default limits.
describe("HTTP bounds", () => {
  // The test's own timeout only stops a hang: the run ends when the DELETE times out.
  test(
    "a server that never answers the closing DELETE: the run ends at the timeout",
    { timeout: 120_000 },
    async () => {
      const server = await startDeafToDelete();
      try {
        const r = await cli(["mcp", "list", server.url, "--timeout", "1"]);
        assert.equal(r.code, 0, r.stderr);
        assert.match(r.stdout, /hang_up/);
        assert.ok(
          server.seen.some((s) => s.method === "DELETE"),
          "no DELETE was sent",
        );
      } finally {
        await server.close();
      }
    },
  );
});
