// The scorecards of the two published builds of the official memory server (devDependencies
// mem2504 and mem2608), each on an empty memory file as a first run sees it.
//
// 2025.4.25 passes the arguments of a call to its handlers unchecked. On an empty graph its search
// and open never read them, so a call without `query` (or `names`), with the number 12345 for
// `query` or the string "not a list" for `names` answers `{"entities": [], "relations": []}`, as a
// search that found nothing would: an agent that sent a broken call is told "nothing there". With
// an entity stored, the same calls fail with a TypeError ("Cannot read properties of undefined
// (reading 'toLowerCase')") or, for `names: "Alice"`, match by substring. None of these values can be
// read as a lenient coercion of the right type, so the four edge cases are fair findings: B 0.87
// (0.6 · 1 + 0.2 · 2/6 + 0.2 · 1). 2026.8.31 checks its input schema and rejects all four with an
// error that names the argument: A.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, test } from "node:test";
import type { ScorecardJson } from "../../src/score/types.js";
import { ROOT, runCli, tempDir } from "../support/cli.js";

const tmp = tempDir();
after(() => tmp.remove());

async function scorecard(pkg: string): Promise<ScorecardJson> {
  const server = `node ${join(ROOT, "node_modules", pkg, "dist", "index.js")}`;
  const memory = `MEMORY_FILE_PATH=${join(tmp.dir, `${pkg}.jsonl`)}`;
  const r = await runCli(["mcp", "test", server, "--env", memory, "--report", "json"]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as ScorecardJson;
}
const edges = (c: ScorecardJson) =>
  c.calls.filter((x) => x.kind === "edge").map((x) => [x.tool, x.case, x.ok, x.detail]);

test("server-memory 2025.4.25: B, because it accepts a missing or wrong-typed query and names silently", async () => {
  const c = await scorecard("mem2504");
  assert.equal(c.grade, "B");
  assert.equal(c.score, 0.8667);
  assert.deepEqual(c.counts.happy, { passed: 9, total: 9 });
  assert.equal(c.rates.lint, 1);
  assert.deepEqual(edges(c), [
    ["open_nodes", "missing-required", false, "without required 'names': accepted silently"],
    [
      "open_nodes",
      "wrong-type",
      false,
      `'names' given "not a list" (the schema says array): accepted silently`,
    ],
    ["open_nodes", "empty-value", true, "'names' an empty list: ok"],
    ["search_nodes", "missing-required", false, "without required 'query': accepted silently"],
    ["search_nodes", "wrong-type", false, "'query' given 12345 (the schema says string): accepted silently"],
    ["search_nodes", "empty-value", true, "'query' empty: ok"],
  ]);
  // What it answers them: an empty graph, as to a search that found nothing.
  for (const x of c.calls.filter((x) => x.kind === "edge" && !x.ok)) assert.equal(x.outcome, "result");
  assert.equal(c.counts.edge_informative, 4);
});

test("server-memory 2026.8.31: A, its input schema checked and every invalid call rejected by name", async () => {
  const c = await scorecard("mem2608");
  assert.equal(c.grade, "A");
  assert.deepEqual(c.counts.happy, { passed: 9, total: 9 });
  assert.deepEqual(c.counts.edge, { passed: 6, total: 6 });
  for (const x of c.calls.filter((x) => x.kind === "edge" && x.case !== "empty-value"))
    assert.match(x.detail, /Input validation error: .*(names|query)/);
});
