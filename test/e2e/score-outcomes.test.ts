// Each way a call can end, on a fixture server that ends it that way: the class the scorecard
// gives the calls, the grade, and the exact reasons it shows. One run gives both the JSON report
// (--output) and the console scorecard; the runs share nothing, so the tests go side by side.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import type { ScorecardJson } from "../../src/score/types.js";
import { fixtureCommand, runCli, tempDir } from "../support/cli.js";

const tmp = tempDir("toolscore-outcomes-");
after(() => tmp.remove());
let reports = 0;

async function card(
  behaviour: string,
  extra: string[] = [],
): Promise<{ card: ScorecardJson; code: number; stdout: string; stderr: string }> {
  const output = join(tmp.dir, `card-${++reports}.json`);
  const r = await runCli([
    "mcp",
    "test",
    `${fixtureCommand("score-outcome.mjs")} ${behaviour}`,
    "--output",
    output,
    ...extra,
  ]);
  return { card: JSON.parse(readFileSync(output, "utf8")) as ScorecardJson, ...r };
}
const classes = (c: ScorecardJson, tool: string, kind: "happy" | "edge") =>
  c.calls.filter((x) => x.tool === tool && x.kind === kind).map((x) => x.class);

describe("outcome classes", { concurrency: true }, () => {
  test("an unreachable backend: not counted, the card is incomplete, and --fail-under fails it unless --allow-incomplete", async () => {
    const [{ card: c, ...console }, allowed] = await Promise.all([
      card("unreachable", ["--fail-under", "B"]),
      card("unreachable", ["--fail-under", "B", "--allow-incomplete"]),
    ]);
    assert.deepEqual(classes(c, "search_docs", "happy"), ["environment", "environment", "environment"]);
    assert.equal(c.grade, "A");
    assert.deepEqual(c.counts.happy, { passed: 3, total: 3 });
    assert.equal(c.counts.not_counted.environment, 3);
    assert.equal(c.incomplete?.calls, 3);
    assert.match(c.incomplete!.examples[0]!, /^Search failed: fetch failed: ECONNREFUSED /);
    const fix = c.fixes.find((f) => f.source === "call:environment")!;
    assert.equal(fix.blocking, false);
    assert.match(fix.fix, /credentials or network access/);
    assert.equal(
      c.fixes.some((f) => /narrow the schema/.test(f.fix)),
      false,
    );

    assert.equal(console.code, 1);
    assert.match(
      console.stdout,
      /^  incomplete: 3 calls could not reach their backend \(Search failed: fetch failed: ECONNREFUSED/m,
    );
    assert.match(console.stderr, /the scorecard is incomplete \(3 call\(s\) could not reach their backend\)/);
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.equal(allowed.card.incomplete?.calls, 3);
  });

  test("an error returned as text counts against the server, with a fix that says isError", async () => {
    const { card: c } = await card("text-error");
    assert.deepEqual(classes(c, "list_customers", "happy"), ["soft-error", "soft-error", "soft-error"]);
    assert.equal(c.grade, "F");
    assert.equal(c.incomplete, null);
    const fix = c.fixes[0]!;
    assert.equal(fix.source, "call:soft-error");
    assert.equal(
      fix.issue,
      "answers valid input with an error as a normal result (3 of 3 calls): error as a normal result: Failed to list customers",
    );
    assert.match(fix.fix, /isError: true/);
  });

  test('a soft {"error": …} object counts against the server too', async () => {
    const { card: c } = await card("soft-json");
    assert.deepEqual(classes(c, "list_events", "happy"), ["soft-error", "soft-error", "soft-error"]);
    assert.equal(c.grade, "F");
    assert.match(c.fixes[0]!.issue, /\{"error":"the event index is corrupt"\}$/);
  });

  test("ids shown only in text are used; an unknown id answered 'not found' passes its edge case", async () => {
    const { card: c } = await card("not-found");
    assert.deepEqual(
      c.calls.filter((x) => x.tool === "get_item" && x.kind === "happy").map((x) => x.arguments.item_id),
      ["item-1", "item-2", "item-1"],
    );
    assert.deepEqual(classes(c, "get_item", "happy"), ["ok", "ok", "ok"]);
    const unknown = c.calls.find((x) => x.case === "unknown-id")!;
    assert.equal(unknown.class, "not-found");
    assert.equal(unknown.ok, true);
    assert.equal(c.grade, "A");
    assert.deepEqual(c.fixes, []);
  });

  test("with nothing stored, 'not found' for a made-up id is not a failure of valid input", async () => {
    const { card: c } = await card("not-found-empty");
    assert.deepEqual(classes(c, "get_item", "happy"), ["not-found", "not-found", "not-found"]);
    assert.deepEqual(c.counts.happy, { passed: 3, total: 3 });
    assert.equal(c.counts.not_counted.not_found, 3);
    assert.equal(c.incomplete, null);
    assert.equal(c.grade, "A");
  });

  test("invalid input accepted silently is a finding; the edge cases say how many were informative", async () => {
    const { card: c } = await card("lenient");
    assert.equal(c.grade, "B");
    assert.deepEqual(c.counts.edge, { passed: 0, total: 5 });
    assert.equal(c.counts.edge_informative, 5);
    const fix = c.fixes.find((f) => f.source === "call:edge")!;
    assert.equal(
      fix.issue,
      "5 edge case(s) not rejected with a clear error: without required 'prefix': accepted silently",
    );
  });
});

describe(
  "no valid-input call reaches its backend: a grade marked incomplete, not 'not graded'",
  { concurrency: true },
  () => {
    test("graded on edge cases and lint alone; --fail-under fails it unless --allow-incomplete", async () => {
      const [{ card: c, ...console }, allowed] = await Promise.all([
        card("unreachable-only", ["--fail-under", "B"]),
        card("unreachable-only", ["--fail-under", "B", "--allow-incomplete"]),
      ]);
      assert.deepEqual(classes(c, "search_docs", "happy"), ["environment", "environment", "environment"]);
      assert.equal(c.not_graded_reason, null);
      assert.deepEqual(c.counts.happy, { passed: 0, total: 0 });
      assert.equal(c.incomplete?.calls, 3);
      // The server says what is wrong with a missing or wrong-typed query: full marks there and in lint.
      assert.deepEqual(c.counts.edge, { passed: 3, total: 3 });
      assert.deepEqual(c.rates, { edge: 1, lint: 1 });
      assert.equal(c.score, 1);
      assert.equal(c.grade, "A");

      assert.equal(console.code, 1);
      assert.match(console.stdout, /^Grade A \(score 1\.00\)  called 1 of 1 tool$/m);
      assert.match(
        console.stdout,
        /^  incomplete: 3 calls could not reach their backend \(Search failed: fetch failed: ECONNREFUSED .*\); graded on edge cases and lint alone$/m,
      );
      assert.match(
        console.stdout,
        /^  valid input - \(0\/0\)  edge cases 1\.00 \(3\/3, 2 informative\)  lint 1\.00$/m,
      );
      assert.doesNotMatch(console.stdout, /Not graded/);
      assert.equal(allowed.code, 0, allowed.stderr);
    });

    test("without edge cases nothing measured the server: no letter from lint alone", async () => {
      const { card: c, ...console } = await card("unreachable-only", ["--no-edge-cases"]);
      assert.equal(c.grade, null);
      assert.equal(c.score, null);
      assert.equal(
        c.not_graded_reason,
        "no call measured the server: 3 calls could not reach their backend (the lint findings alone are mcp lint's answer)",
      );
      assert.equal(c.incomplete?.calls, 3);
      assert.match(console.stdout, /^Not graded: no call measured the server/m);
      // No full credit for what measured nothing.
      assert.match(
        console.stdout,
        /^  valid input - \(0\/0\)  edge cases - \(0\/0, 0 informative\)  lint 1\.00$/m,
      );
    });
  },
);
