// Large listings from a server, run through the built bin under a capped heap and a tenth of the
// default stack: a regression in memory fails instead of swapping, one that spreads a listing
// into a call's arguments overflows the stack (15,000 items overflow a 100 KB stack, where 12,000
// do not, as 150,000 do the default one), one that looks for renames past rename-pairs or diffs
// text past diff-kb says nothing of a limit. Each size is just past its bound; the time and memory
// of listings many times larger are measured by bench/hostile.bench.mjs. The runs whose input is
// too small for the heap or the stack to matter (a lock of one prompt, the rename and diff-kb
// cases) run the CLI in-process.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cappedBin } from "../support/capped-bin.js";
import { fixtureCommand, runCli } from "../support/cli.js";

const { dir, bin } = cappedBin();
// A tenth of Node's default stack (984 KB).
const STACK_KB = 100;
const cli = (argv: string[], env: Record<string, string> = {}) => runCli(argv, { env, cwd: dir });

describe("large listings under a capped heap", () => {
  test("15,000 tools: list shows and saves them all; nothing spreads a listing into arguments", async () => {
    const snap = join(dir, "many.json");
    const env = { FIXTURE_TOOLS: "15000" };
    const r = await bin(["mcp", "list", fixtureCommand("many-tools.mjs"), "--json", snap], 96, env, STACK_KB);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /protocol [^,]+, 15000 tools\n/);
    assert.equal(r.stdout.split("\n").length, 15_003);
    assert.equal((JSON.parse(readFileSync(snap, "utf8")) as { tools: unknown[] }).tools.length, 15_000);
  });

  test("15,000 prompts and resource templates: list, diff and verify-pin show them all; nothing spreads them into arguments", async () => {
    const server = fixtureCommand("many-tools.mjs");
    const many = join(dir, "many-prompts.json");
    const env = { FIXTURE_TOOLS: "1", FIXTURE_PROMPTS: "15000" };
    const r = await bin(["mcp", "list", server, "--json", many], 96, env, STACK_KB);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /\nPrompts \(15000\)\n {2}prompt_0000000 {2}topic\* {2}Writes thing 0\.\n/);
    assert.match(r.stdout, /\nResource templates \(15000\)\n/);
    // Against a lock and a snapshot of one prompt and one template: 29,998 of them are new.
    const one = { FIXTURE_TOOLS: "1", FIXTURE_PROMPTS: "1" };
    const lock = join(dir, "one-prompt.lock.json");
    assert.equal((await cli(["mcp", "pin", server, "--lock", lock], one)).code, 0);
    const diff = await bin(["mcp", "diff", lock, many], 96, {}, STACK_KB);
    assert.equal(diff.code, 1, diff.stderr);
    assert.equal(diff.stdout.match(/^\+ prompt /gm)?.length, 14_999);
    assert.equal(diff.stdout.match(/^\+ resource template /gm)?.length, 14_999);
    const verify = await bin(["mcp", "verify-pin", many, "--lock", lock, "--json", "-"], 96, {}, STACK_KB);
    assert.equal(verify.code, 1, verify.stderr);
    assert.equal((JSON.parse(verify.stdout) as { total: number }).total, 29_998);
  });

  test("every one of 1,001 tools renamed (a million and 2,001 pairs): diff ends at once, saying renames were not looked for", async () => {
    const snapshot = join(dir, "named.json");
    const env = { FIXTURE_TOOLS: "1001" };
    assert.equal(
      (await cli(["mcp", "list", fixtureCommand("many-tools.mjs"), "--json", snapshot], env)).code,
      0,
    );
    const r = await cli(["mcp", "diff", snapshot, fixtureCommand("many-tools.mjs"), "--json", "-"], {
      ...env,
      FIXTURE_PREFIX: "op",
    });
    assert.equal(r.code, 1, r.stderr);
    const d = JSON.parse(r.stdout) as {
      renames: unknown[];
      renames_not_searched: unknown;
      removed: string[];
    };
    assert.deepEqual(
      [d.renames, d.renames_not_searched, d.removed.length],
      [[], { removed: 1001, added: 1001, limit: 1_000_000 }, 1001],
    );
  });

  // The text (116 KB) is just past a diff-kb of a tenth of the default, as a ten times longer one
  // is past the default: the same bound, at a tenth of the cost.
  test("a changed 10,000-line description: verify-pin and diff say 'diff too large to show'", async () => {
    const lock = join(dir, "long.lock.json");
    const server = fixtureCommand("long-description.mjs");
    const lines = { FIXTURE_LINES: "10000" };
    const pin = await cli(["mcp", "pin", server, "--lock", lock], { ...lines, FIXTURE_VARIANT: "a" });
    assert.equal(pin.code, 0, pin.stderr);
    const limit = ["--limit", "diff-kb=100"];
    const verify = await cli(["mcp", "verify-pin", server, "--lock", lock, ...limit], {
      ...lines,
      FIXTURE_VARIANT: "b",
    });
    assert.equal(verify.code, 1, verify.stderr);
    assert.match(
      verify.stdout,
      /diff too large to show: 10000 lines, sha256 [0-9a-f]{12} -> 10000 lines, sha256 [0-9a-f]{12}; past the diff-kb limit of 100 KB: raise it with --limit diff-kb=N/,
    );
    const summary = join(dir, "summary.md");
    const diff = await cli(
      ["mcp", "diff", lock, server, "--ci", "--json", join(dir, "diff.json"), ...limit],
      {
        ...lines,
        FIXTURE_VARIANT: "b",
        GITHUB_STEP_SUMMARY: summary,
      },
    );
    assert.equal(diff.code, 1, diff.stderr);
    assert.match(diff.stdout, /diff too large to show: 10000 lines/);
    assert.match(readFileSync(summary, "utf8"), /diff too large to show: 10000 lines/);
    const json = JSON.parse(readFileSync(join(dir, "diff.json"), "utf8")) as {
      changed: Array<{
        diffs: Array<{ hunks: unknown[]; tooLarge?: { limit: string; from: { lines: number } } }>;
      }>;
    };
    const fd = json.changed[0]!.diffs[0]!;
    assert.deepEqual([fd.hunks.length, fd.tooLarge?.limit, fd.tooLarge?.from.lines], [0, "diff-kb", 10_000]);
  });
});
