// Servers that attack toolscore with what they control: sizes, depths, counts, odd types, names
// and floods. Each run must end in bounded time with the expected exit code and one clear line,
// and leave no process behind. The memory-heavy cases run the built bin under a capped heap, so
// a regression fails instead of swapping.
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { alive, fixtureCommand, groupAlive, pidRecorder, ROOT, runCli, runNode } from "../support/cli.js";

const pids = pidRecorder();
const dir = mkdtempSync(join(tmpdir(), "toolscore-hostile-"));
after(() => {
  pids.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI in-process; checks afterwards that every process the fixture recorded is gone. */
async function cli(argv: string[], env: Record<string, string> = {}) {
  const before = new Set(pids.pids());
  const run = await runCli(argv, { env: { ...pids.env, ...env }, cwd: dir });
  for (const pid of pids.pids().filter((p) => !before.has(p))) {
    assert.equal(alive(pid), false, `process ${pid} is still alive`);
    assert.equal(groupAlive(pid), false, `a process of group ${pid} is still alive`);
  }
  return run;
}

/** Runs the built bin under a heap of `heapMb`, so that running out of it fails the test. */
function bin(argv: string[], heapMb: number, env: Record<string, string> = {}) {
  return runNode(`--max-old-space-size=${heapMb}`, [join(ROOT, "dist", "cli.js"), ...argv], {
    env: { ...pids.env, ...env },
    cwd: dir,
    timeoutMs: 90_000,
  });
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

  test("a message past message-mb ends the run at the limit, even one that never ends", async () => {
    const r = await cli(["mcp", "list", fixtureCommand("endless-line.mjs"), "--limit", "message-mb=2"]);
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      "toolscore: one message from the server is larger than the message-mb limit of 2 MB: raise it with --limit message-mb=N or TOOLSCORE_LIMIT_MESSAGE_MB\n",
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

  test("a server that floods requests and never reads: the queue of answers is bounded", async () => {
    const r = await cli(["mcp", "list", fixtureCommand("request-flood.mjs")]);
    assert.equal(r.code, 2);
    oneLine(r.stderr);
    assert.match(
      r.stderr,
      /the queued-replies limit of 1000 replies: raise it with --limit queued-replies=N/,
    );
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
    const lint = await cli(["mcp", "lint", fixtureCommand("wrong-typed-tools.mjs"), "--json", "-"]);
    assert.equal(lint.code, 1, lint.stderr);
    const rules = (JSON.parse(lint.stdout) as { findings: Array<{ rule: string }> }).findings.map(
      (f) => f.rule,
    );
    assert.equal(rules.filter((r) => r === "name-invalid").length, 3);
    assert.equal(rules.filter((r) => r === "input-schema-missing").length, 2);
    const pin = await cli(["mcp", "pin", fixtureCommand("wrong-typed-tools.mjs")]);
    assert.equal(pin.code, 0, pin.stderr);
    const verify = await cli(["mcp", "verify-pin", fixtureCommand("wrong-typed-tools.mjs")]);
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

  test("a 100,000-character name among 10,000 tools: the list's name column is capped", async () => {
    const r = await cli(["mcp", "list", fixtureCommand("long-tool-name.mjs")]);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split("\n");
    assert.equal(lines.length, 10_003);
    assert.ok(Math.max(...lines.slice(0, 100).map((l) => l.length)) <= 200);
  });
});

describe("large listings under a capped heap", () => {
  test("300,000 tools: list shows and saves them all; nothing spreads a listing into arguments", async () => {
    const snap = join(dir, "many.json");
    const r = await bin(["mcp", "list", fixtureCommand("many-tools.mjs"), "--json", snap], 768);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /protocol [^,]+, 300000 tools\n/);
    assert.equal(r.stdout.split("\n").length, 300_003);
    assert.equal((JSON.parse(readFileSync(snap, "utf8")) as { tools: unknown[] }).tools.length, 300_000);
  });

  test("a changed 300,000-line description: verify-pin and diff say 'diff too large to show'", async () => {
    const lock = join(dir, "long.lock.json");
    const pin = await bin(["mcp", "pin", fixtureCommand("long-description.mjs"), "--lock", lock], 512, {
      FIXTURE_VARIANT: "a",
    });
    assert.equal(pin.code, 0, pin.stderr);
    const verify = await bin(
      ["mcp", "verify-pin", fixtureCommand("long-description.mjs"), "--lock", lock],
      512,
      {
        FIXTURE_VARIANT: "b",
      },
    );
    assert.equal(verify.code, 1, verify.stderr);
    assert.match(
      verify.stdout,
      /diff too large to show: 300000 lines, sha256 [0-9a-f]{12} -> 300000 lines, sha256 [0-9a-f]{12}; past the diff-kb limit of 1024 KB: raise it with --limit diff-kb=N/,
    );
    const summary = join(dir, "summary.md");
    const diff = await bin(
      ["mcp", "diff", lock, fixtureCommand("long-description.mjs"), "--ci", "--json", join(dir, "diff.json")],
      512,
      { FIXTURE_VARIANT: "b", GITHUB_STEP_SUMMARY: summary },
    );
    assert.equal(diff.code, 1, diff.stderr);
    assert.match(diff.stdout, /diff too large to show: 300000 lines/);
    assert.match(readFileSync(summary, "utf8"), /diff too large to show: 300000 lines/);
    const json = JSON.parse(readFileSync(join(dir, "diff.json"), "utf8")) as {
      changed: Array<{
        diffs: Array<{ hunks: unknown[]; tooLarge?: { limit: string; from: { lines: number } } }>;
      }>;
    };
    const fd = json.changed[0]!.diffs[0]!;
    assert.deepEqual([fd.hunks.length, fd.tooLarge?.limit, fd.tooLarge?.from.lines], [0, "diff-kb", 300_000]);
  });
});
