import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../src/cli/main.js";
import { startSurfaceHttp } from "../fixtures/servers/surface-http.mjs";
import { ROOT, fixtureCommand, runBin, runCli, tempDir, type CliRun } from "../support/cli.js";
import { surfaceFile } from "../support/fake-home.js";

const NOTES = `node ${JSON.stringify(join(ROOT, "dist", "notes-server.js"))}`;
const spyCalls = (file: string): Array<{ tool: string }> =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { tool: string })
    : [];

test("safe by default: the spy server records no call to a tool that may write, delete or execute", async () => {
  const tmp = tempDir();
  const file = join(tmp.dir, "calls.jsonl");
  try {
    const r = await runCli([
      "mcp",
      "test",
      fixtureCommand("score-spy.mjs"),
      "--env",
      `SCORE_SPY_FILE=${file}`,
    ]);
    assert.equal(r.code, 0, r.stderr);
    const unsafe = ["create_item", "delete_item", "run_shell", "frobnicate"];
    assert.deepEqual(
      spyCalls(file).filter((c) => unsafe.includes(c.tool)),
      [],
    );
    for (const t of unsafe) assert.match(r.stdout, new RegExp(`^  ${t} .* skipped \\(`, "m"));
    assert.match(r.stdout, /called \d of 5 tools/);
    assert.match(r.stdout, /^  frobnicate +its capabilities are unknown: nothing shows it only reads$/m);
    assert.match(r.stdout, /^  run_shell +may exec \(.*description 'Runs a shell command'\)$/m);

    const all = await runCli([
      "mcp",
      "test",
      fixtureCommand("score-spy.mjs"),
      "--env",
      `SCORE_SPY_FILE=${file}`,
      "--allow-writes",
    ]);
    assert.equal(all.code, 0, all.stderr);
    assert.deepEqual([...new Set(spyCalls(file).map((c) => c.tool))].sort(), [
      "create_item",
      "delete_item",
      "frobnicate",
      "list_items",
      "run_shell",
    ]);
    assert.match(all.stdout, /called 5 of 5 tools/);
  } finally {
    tmp.remove();
  }
});

test("--capabilities overrides decide what is safe to call", async () => {
  const tmp = tempDir();
  const file = join(tmp.dir, "calls.jsonl");
  const caps = join(tmp.dir, "caps.json");
  writeFileSync(caps, JSON.stringify({ frobnicate: ["read"], list_items: ["write"], nope: ["read"] }));
  try {
    const r = await runCli([
      "mcp",
      "test",
      fixtureCommand("score-spy.mjs"),
      "--env",
      `SCORE_SPY_FILE=${file}`,
      "--capabilities",
      caps,
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual([...new Set(spyCalls(file).map((c) => c.tool))], ["frobnicate"]);
    assert.match(r.stderr, /warning: --capabilities names 'nope', which the server does not have/);
    writeFileSync(caps, JSON.stringify({ frobnicate: ["fly"] }));
    const bad = await runCli(["mcp", "test", fixtureCommand("score-spy.mjs"), "--capabilities", caps]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /not a valid capability override file/);
  } finally {
    tmp.remove();
  }
});

test("on a terminal, a progress line on stderr, cleared at the end", async () => {
  let stderr = "";
  let stdout = "";
  const code = await main(["mcp", "test", store.url], {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    env: { ...process.env, NO_COLOR: "1" },
    cwd: ROOT,
    isTTY: true,
    columns: 120,
  });
  assert.equal(code, 0);
  assert.match(stderr, /\rcalling tools|calling tools 1\/\d+/);
  assert.match(stderr, /calling tools (\d+)\/\1/);
  assert.ok(stderr.endsWith("\r\u001b[2K"));
  assert.match(stdout, /^Grade /m);
});

// The sample server scored twice with the same seed (the default one, named), its writes and probes
// included: the card of the first is checked for the documented defects, both are compared, and
// the second, with --ci, gives the CI outputs.
const sampleRuns: Array<{ run: CliRun; card: string }> = [];
const work = tempDir();
const summary = join(work.dir, "summary.md");
// For what is not about the sample server's own tools: a small surface at a URL, served from this
// process.
let store: { url: string; close(): Promise<void> };
// A server that offers tools but has none, served the same way.
let empty: { url: string; close(): Promise<void> };
before(async () => {
  const surface = join(work.dir, "store.json");
  writeFileSync(surface, JSON.stringify(surfaceFile("store", ["get_item", "list_items"])));
  store = await startSurfaceHttp(surface);
  const none = join(work.dir, "empty.json");
  writeFileSync(none, JSON.stringify(surfaceFile("empty", [])));
  empty = await startSurfaceHttp(none);
  // The second run is also a CI run: a job summary and annotations beside the same card.
  writeFileSync(summary, "");
  for (const ci of [[], ["--ci"]]) {
    const out = join(work.dir, `card-${sampleRuns.length}.json`);
    const argv = ["mcp", "test", NOTES, "--allow-writes", "--probes", "--seed", "1", ...ci];
    const run = await runCli([...argv, "--report", "json", "--output", out], {
      env: { GITHUB_STEP_SUMMARY: summary },
    });
    sampleRuns.push({ run, card: readFileSync(out, "utf8") });
  }
});
after(async () => {
  await store.close();
  await empty.close();
  work.remove();
});

test("the sample server: its documented defects are what the scorecard finds", () => {
  const { run: r, card: text } = sampleRuns[0]!;
  assert.equal(r.code, 0, r.stderr);
  const card = JSON.parse(text);
  assert.equal(card.kind, "toolscore.mcp-scorecard");
  assert.equal(card.scorecard_version, "1");
  for (const key of [
    "server",
    "grade",
    "not_graded_reason",
    "score",
    "rates",
    "coverage",
    "tools",
    "calls",
    "lint",
    "probes",
    "fixes",
  ])
    assert.ok(key in card, key);
  const failing = card.calls.filter((c: { kind: string; ok: boolean }) => c.kind === "happy" && !c.ok);
  assert.deepEqual([...new Set(failing.map((c: { tool: string }) => c.tool))].sort(), [
    "export_notes",
    "update_note",
  ]);
  assert.ok(
    failing.some(
      (c: { tool: string; arguments: { format?: string } }) =>
        c.tool === "export_notes" && c.arguments.format === "csv",
    ),
  );
  const rules = card.lint.map((f: { rule: string; tool: string }) => `${f.rule} ${f.tool}`);
  for (const r of [
    "property-no-type search_notes",
    "description-short search_notes",
    "name-style-mixed null",
  ])
    assert.ok(rules.includes(r), r);
  assert.match(r.stdout, /^Grade [A-F] \(score 0\.\d\d\)  called 8 of 8 tools$/m);
  assert.match(r.stdout, /Top issues to fix/);
  assert.match(
    r.stdout,
    /export_notes: fails on valid input \(1 of 3 calls\): error result: export format csv is not supported/,
  );
  assert.match(r.stderr, /Report written to/);
});

test("the same seed gives the same report (latencies aside)", () => {
  const [a, b] = sampleRuns.map(({ card: text }) => {
    const card = JSON.parse(text);
    for (const c of card.calls) c.latency_ms = 0;
    for (const t of card.tools) t.avg_latency_ms = 0;
    return JSON.stringify(card);
  });
  assert.equal(a, b);
});

test("--report md writes the Markdown scorecard", async () => {
  const r = await runCli(["mcp", "test", store.url, "--report", "md"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^## MCP scorecard: store 1\.0\.0/);
  assert.match(r.stdout, /\| tool \| valid input \| edge cases \|/);
});

test("zero tools and --cases 0 are not graded; --fail-under fails them", async () => {
  const zero = await runCli(["mcp", "test", empty.url]);
  assert.equal(zero.code, 0);
  assert.match(zero.stdout, /^Not graded: the server has no tools/m);
  const bar = await runCli(["mcp", "test", empty.url, "--fail-under", "F"]);
  assert.equal(bar.code, 1);
  assert.match(bar.stderr, /below --fail-under F/);
  const none = await runCli(["mcp", "test", store.url, "--cases", "0", "--report", "json"]);
  const card = JSON.parse(none.stdout);
  assert.equal(card.grade, null);
  assert.equal(card.score, null);
  assert.match(card.not_graded_reason, /--cases 0/);
});

test("--fail-under: exit 1 below the bar, 0 at or above it", async () => {
  // A server whose outputs break their schema grades below A: the bar at A fails it, its own passes.
  const server = fixtureCommand("score-output-violator.mjs");
  const below = await runCli(["mcp", "test", server, "--report", "json", "--fail-under", "A"]);
  const card = JSON.parse(below.stdout);
  assert.notEqual(card.grade, "A");
  assert.equal(below.code, 1, below.stderr);
  assert.match(below.stderr, /below --fail-under A/);
  assert.equal((await runCli(["mcp", "test", server, "--fail-under", card.grade])).code, 0);
});

test("--ci: job summary, annotations for blocking issues, exit 1", () => {
  const { run: r } = sampleRuns[1]!;
  assert.equal(r.code, 1, r.stderr);
  assert.match(readFileSync(summary, "utf8"), /## MCP scorecard: notes-server/);
  assert.match(r.stdout, /^::error title=toolscore call%3Ahappy export_notes::fails on valid input/m);
  assert.match(r.stdout, /^::error title=toolscore lint%3Aproperty-no-type search_notes::/m);
});

test("usage errors: one line, exit 2", async () => {
  const table: Array<[string[], RegExp]> = [
    [["--cases=-1"], /--cases takes a whole number/],
    [["--concurrency", "0"], /--concurrency takes a whole number/],
    [["--fail-under", "E"], /--fail-under takes one of A, B, C, D, F/],
    [["--report", "xml"], /--report takes one of md, json/],
  ];
  for (const [extra, message] of table) {
    const r = await runCli(["mcp", "test", NOTES, ...extra]);
    assert.equal(r.code, 2, extra.join(" "));
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split("\n").length, 1);
  }
  const tmp = tempDir();
  try {
    const file = join(tmp.dir, "snap.json");
    const list = await runCli(["mcp", "list", store.url, "--json", file]);
    assert.equal(list.code, 0);
    const r = await runCli(["mcp", "test", file]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /needs a live server/);
  } finally {
    tmp.remove();
  }
});

test("a failed run leaves an existing report file as it was", async () => {
  const tmp = tempDir();
  const out = join(tmp.dir, "card.json");
  writeFileSync(out, "previous");
  try {
    const r = await runCli(["mcp", "test", fixtureCommand("crash-on-start.mjs"), "--output", out]);
    assert.equal(r.code, 2);
    assert.equal(readFileSync(out, "utf8"), "previous");
  } finally {
    tmp.remove();
  }
});

test("dist/cli.js mcp test prints the README's scorecard example (latencies aside), and no progress line off a terminal", async () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8").split("\n");
  const start = readme.indexOf('$ toolscore mcp test "toolscore-notes-server"');
  assert.ok(start > 0, "the README example is missing");
  const shown = readme.slice(start + 1, readme.indexOf("```", start));
  // As wide as the in-process runs, so that no line of the example wraps.
  const r = await runBin(["mcp", "test", NOTES], { env: { COLUMNS: "200" } });
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stderr, /calling tools/);
  // The AVG MS column is measured: compare every other column.
  const mask = (line: string) => line.replace(/^( {2}\S+ +\S+ +\S+ +)\S+ +(\d+)/, "$1# $2");
  const actual = r.stdout.trimEnd().split("\n").map(mask);
  const cut = shown.indexOf("  ...");
  const head = shown.slice(0, cut).map(mask);
  const tail = shown.slice(cut + 1).map(mask);
  assert.deepEqual(actual.slice(0, head.length), head);
  assert.deepEqual(actual.slice(actual.length - tail.length), tail);
});
