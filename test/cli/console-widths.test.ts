// Every command's console output on the published servers' tool lists (test/fixtures/real/), at
// 80 and 120 columns and piped: no line is wider than the terminal, `mcp list` rows never wrap, and
// wrapped text breaks at spaces (a word is split only when it is wider than a whole line, and then
// after punctuation), so the words read the same as the unwrapped text.
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { visibleWidth } from "../../src/report/fit.js";
import { fixture, runCli, tempDir } from "../support/cli.js";
import { fakeHome, surfaceFile, writeEveryClient } from "../support/fake-home.js";

const REAL = join(import.meta.dirname, "..", "fixtures", "real");
const FILES = readdirSync(REAL).filter((f) => f.endsWith(".json"));
const WIDTHS = [80, 120];
const work = tempDir("toolscore-widths-");
after(() => work.remove());

/** Lines wider than `columns`, with their widths. */
function tooWide(text: string, columns: number): string[] {
  return text
    .split("\n")
    .filter((l) => visibleWidth(l) > columns)
    .map((l) => `${visibleWidth(l)}: ${l}`);
}

/**
 * Asserts that `wrapped` holds the words of `whole` in order, each one whole unless it is wider
 * than a line, when its pieces (split after punctuation where it has some) join back into it.
 */
function sameWords(wrapped: string, whole: string, columns: number, label: string): void {
  const words = (t: string) => t.split(/\s+/).filter(Boolean);
  const a = words(whole);
  const b = words(wrapped);
  let j = 0;
  for (const w of a) {
    if (b[j] === w) {
      j++;
      continue;
    }
    // A word wider than a line comes in pieces.
    assert.ok(w.length > columns / 2, `${label}: "${w}" was cut (got "${b[j]}")`);
    let joined = "";
    while (joined.length < w.length && j < b.length) joined += b[j++];
    assert.equal(joined, w, `${label}: the pieces of "${w}"`);
  }
  assert.equal(j, b.length, `${label}: words added`);
}

// A later build of each server: three descriptions longer and one tool that now runs commands.
function changed(file: string): string {
  const snap = JSON.parse(readFileSync(join(REAL, file), "utf8")) as {
    tools: Array<{ name: string; description?: string }>;
  };
  for (const t of snap.tools.slice(0, 3)) t.description = `${t.description ?? ""} Results are paged.`;
  snap.tools.at(-1)!.description = "Runs a shell command given by the caller and returns its output.";
  const out = join(work.dir, `changed-${file}`);
  writeFileSync(out, JSON.stringify(snap));
  return out;
}

describe("console widths on the published servers", () => {
  for (const file of FILES) {
    test(file, async () => {
      const snap = join(REAL, file);
      const lock = join(work.dir, `${file}.lock.json`);
      const later = changed(file);
      const commands: Array<[string, string[]]> = [
        ["list", ["mcp", "list", snap]],
        ["lint", ["mcp", "lint", snap]],
        ["pin", ["mcp", "pin", snap, "--lock", lock]],
        ["verify-pin", ["mcp", "verify-pin", later, "--lock", lock, "--fail-on", "capability"]],
        ["diff", ["mcp", "diff", snap, later]],
      ];
      for (const [name, argv] of commands) {
        // A second pin of the same server says "(unchanged)": every run below is a second one.
        if (name === "pin") await runCli(argv, { columns: undefined });
        const piped = await runCli(argv, { columns: undefined });
        assert.ok(piped.code === 0 || piped.code === 1, `${name}: ${piped.stderr}`);
        if (name === "list") assert.deepEqual(tooWide(piped.stdout, 100), [], `${file} ${name} piped`);
        for (const columns of WIDTHS) {
          const r = await runCli(argv, { columns });
          assert.equal(r.code, piped.code, `${name} at ${columns}`);
          assert.deepEqual(tooWide(r.stdout, columns), [], `${file} ${name} at ${columns}`);
          if (name === "list") {
            // One line a row: the table is never wrapped.
            assert.equal(r.stdout.split("\n").length, piped.stdout.split("\n").length);
          } else sameWords(r.stdout, piped.stdout, columns, `${file} ${name} at ${columns}`);
        }
        if (name === "list") {
          // COLUMNS sets the width of piped output.
          const narrow = await runCli(argv, { columns: undefined, env: { COLUMNS: "80" } });
          assert.deepEqual(tooWide(narrow.stdout, 80), []);
          assert.notEqual(narrow.stdout, piped.stdout);
        }
      }
    });
  }
});

test("mcp scan: a table wider than the terminal becomes one block per server", async () => {
  const h = fakeHome();
  try {
    const surface = h.write("surface.json", JSON.stringify(surfaceFile("s", ["get_a"])));
    writeEveryClient(h, surface);
    const piped = await runCli(["mcp", "scan"], { env: h.env, cwd: h.project, columns: undefined });
    assert.ok(tooWide(piped.stdout, 120).length > 0, "the fake home's table is wide");
    for (const columns of WIDTHS) {
      const r = await runCli(["mcp", "scan"], { env: h.env, cwd: h.project, columns });
      assert.equal(r.code, piped.code);
      assert.deepEqual(tooWide(r.stdout, columns), [], `scan at ${columns}`);
      const body = (t: string) =>
        t.replace(/^CLIENT.*$/m, "").replace(/^ {4}COMMAND OR URL \/ FILE \/ DETAILS$/m, "");
      sameWords(body(r.stdout), body(piped.stdout), columns, `scan at ${columns}`);
    }
  } finally {
    h.remove();
  }
});

test("mcp test: the scorecard of a server at 80 columns", async () => {
  const server = `node ${JSON.stringify(fixture("../../../dist/notes-server.js"))}`;
  for (const columns of [80]) {
    const r = await runCli(["mcp", "test", server, "--seed", "1"], { columns });
    assert.ok(r.code === 0 || r.code === 1, r.stderr);
    assert.deepEqual(tooWide(r.stdout, columns), [], `test at ${columns}`);
    // The NOTE column keeps its words whole: "skipped (may write, delete)".
    assert.match(r.stdout.replace(/\n {10,}/g, " "), /skipped \(may write, delete\)/);
  }
});

test("mcp list: the prompts, resource templates and resources sections fit too", async () => {
  const wiki = join(import.meta.dirname, "..", "..", "examples", "pinning", "wiki.json");
  const piped = await runCli(["mcp", "list", wiki], { columns: undefined });
  assert.match(piped.stdout, /^Prompts \(\d+\)$/m);
  for (const columns of [50, 80]) {
    const r = await runCli(["mcp", "list", wiki], { columns });
    assert.deepEqual(tooWide(r.stdout, columns), [], `at ${columns}`);
    assert.equal(r.stdout.split("\n").length, piped.stdout.split("\n").length, "no row wraps");
  }
});
