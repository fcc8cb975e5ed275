import { test } from "node:test";
import assert from "node:assert/strict";
import { lintTools } from "../../src/lint/index.js";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import type { CallOutcome, CallTool, RawTool } from "../../src/mcp/types.js";
import { edgeCases } from "../../src/score/edge.js";
import { gradeBelow, gradeOf, lintRate, scoreOf } from "../../src/score/grade.js";
import { runScorecard } from "../../src/score/run.js";
import { ToolscoreError } from "../../src/util/errors.js";
import { formatFix } from "../../src/report/fix-messages.js";
import { edgeChangeWords, formatCallDetail } from "../../src/report/call-detail.js";
import { scorecardJson } from "../../src/report/scorecard-words.js";
import type { LintFinding } from "../../src/lint/types.js";

const snap = (tools: RawTool[]) =>
  ServerSnapshot.of({
    server: { name: "fake", version: "1.0.0" },
    protocol: "2025-11-25",
    capabilities: { tools: {} },
    client_capabilities: [],
    instructions: null,
    tools,
  });
const ok = (text = "ok", structured?: unknown): CallOutcome => ({
  ok: true,
  result: {
    content: [{ type: "text", text }],
    ...(structured === undefined ? {} : { structuredContent: structured }),
  },
  latencyMs: 1,
});
const err = (text: string): CallOutcome => ({
  ok: true,
  result: { content: [{ type: "text", text }], isError: true },
  latencyMs: 1,
});
const RO = { readOnlyHint: true };
const tool = (
  name: string,
  properties: Record<string, unknown> = {},
  required: string[] = [],
  extra: Record<string, unknown> = {},
): RawTool => ({
  name,
  description: `Do the ${name} thing for the caller.`,
  inputSchema: { type: "object", properties, required },
  ...extra,
});

test("grades: A >= 0.90, B >= 0.80, C >= 0.70, D >= 0.60, else F", () => {
  const table: Array<[number, string]> = [
    [1, "A"],
    [0.9, "A"],
    [0.8999, "B"],
    [0.8, "B"],
    [0.7, "C"],
    [0.6, "D"],
    [0.5999, "F"],
    [0, "F"],
  ];
  for (const [score, grade] of table) assert.equal(gradeOf(score), grade, String(score));
  assert.equal(gradeBelow("C", "B"), true);
  assert.equal(gradeBelow("B", "B"), false);
  assert.equal(gradeBelow(null, "F"), true);
});

test("score weights: 0.6/0.2/0.2, and 0.5/0.15/0.15/0.2 with probes; lint score per SPEC", () => {
  assert.equal(scoreOf({ happy: 0.5, edge: 1, lint: 1 }), 0.7);
  assert.equal(scoreOf({ happy: 1, edge: 0.5, lint: 0.5, probes: 0 }), 0.65);
  const f = (severity: "error" | "warning"): LintFinding => ({
    rule: "enum-empty",
    severity,
    tool: "t",
    path: "",
    messageId: "empty",
    data: {},
  });
  assert.equal(lintRate([f("error"), f("warning")], 2), 1 - 0.35 / 2);
  assert.equal(lintRate([f("error"), f("error"), f("error"), f("error"), f("error")], 1), 0);
});

test("zero tools: not graded, with the reason", async () => {
  const card = await runScorecard({ snapshot: snap([]), call: () => assert.fail("no call expected") });
  assert.equal(card.grade, null);
  assert.equal(card.score, null);
  assert.equal(scorecardJson(card).not_graded_reason, "the server has no tools");
});

test("--cases 0: not graded, and no valid-input call is made", async () => {
  const calls: string[] = [];
  const card = await runScorecard(
    {
      snapshot: snap([tool("list_things", {}, [], { annotations: RO })]),
      call: async (n) => (calls.push(n), ok()),
    },
    { cases: 0 },
  );
  assert.equal(card.grade, null);
  assert.match(scorecardJson(card).not_graded_reason!, /--cases 0/);
  assert.equal(card.counts.happy.total, 0);
});

test("safe by default: only read tools are called; the others are skipped with the reason and counted in the coverage", async () => {
  const called = new Set<string>();
  const tools = [
    tool("list_things", {}, [], { annotations: RO }),
    tool("create_thing", { title: { type: "string" } }, ["title"]),
    tool("delete_thing", { id: { type: "string" } }, ["id"], {
      annotations: { destructiveHint: true, readOnlyHint: false },
    }),
    tool("frobnicate", { level: { type: "integer" } }),
  ];
  const call: CallTool = async (n) => (called.add(n), ok());
  const card = await runScorecard({ snapshot: snap(tools), call });
  assert.deepEqual([...called], ["list_things"]);
  assert.deepEqual(
    card.coverage.skipped.map((s) => s.tool),
    ["create_thing", "delete_thing", "frobnicate"],
  );
  for (const s of scorecardJson(card).coverage.skipped)
    assert.match(s.reason, /not called without --allow-writes/);
  assert.equal(card.coverage.called, 1);
  assert.equal(card.coverage.total, 4);
  assert.notEqual(card.grade, null);

  called.clear();
  const all = await runScorecard({ snapshot: snap(tools), call }, { allowWrites: true });
  assert.deepEqual([...called].sort(), ["create_thing", "delete_thing", "frobnicate", "list_things"]);
  assert.equal(all.coverage.called, 4);
});

test("nothing callable without --allow-writes: not graded, and the reason says how to call them", async () => {
  const card = await runScorecard({
    snapshot: snap([tool("create_thing")]),
    call: () => assert.fail("no call expected"),
  });
  assert.equal(card.grade, null);
  assert.match(scorecardJson(card).not_graded_reason!, /--allow-writes/);
});

test("the score follows SPEC 7 exactly: a tool failing one enum value of two", async () => {
  const tools = [
    tool("export_things", { format: { type: "string", enum: ["json", "csv"] } }, ["format"], {
      annotations: RO,
    }),
  ];
  const call: CallTool = async (_n, args) =>
    args.format === "csv"
      ? err("csv is not supported")
      : args.format === "json"
        ? ok()
        : err("format must be one of json, csv");
  const card = await runScorecard({ snapshot: snap(tools), call }, { cases: 4 });
  assert.deepEqual(card.counts.happy, { passed: 2, total: 4 });
  assert.equal(card.rates.edge, 1);
  const lint = lintRate(lintTools(tools), 1);
  assert.equal(card.score, Math.round((0.6 * 0.5 + 0.2 * 1 + 0.2 * lint) * 10_000) / 10_000);
  const fix = card.fixes.find((f) => f.source === "call:happy")!;
  assert.equal(fix.tool, "export_things");
  assert.equal(fix.blocking, true);
  assert.match(
    formatFix(fix).issue,
    /fails on valid input \(2 of 4 calls\): error result: csv is not supported/,
  );
});

test("a timeout fails a valid-input call; an edge case that gets any answer passes", async () => {
  const tools = [tool("get_thing", { id: { type: "string" } }, ["id"], { annotations: RO })];
  const call: CallTool = async (_n, args) => {
    if (args.id === undefined)
      return { ok: false, error: { code: -32602, message: "id is required" }, latencyMs: 1 };
    throw new ToolscoreError("TIMEOUT", "the server did not answer tools/call within 1s");
  };
  const card = await runScorecard({ snapshot: snap(tools), call }, { cases: 2 });
  assert.deepEqual(card.counts.happy, { passed: 0, total: 2 });
  assert.ok(card.calls.filter((c) => c.kind === "happy").every((c) => c.outcome === "timeout"));
  const missing = card.calls.find((c) => c.case === "missing-required")!;
  assert.equal(missing.ok, true);
  assert.equal(missing.outcome, "rpc-error");
  assert.ok(card.fixes.some((f) => f.source === "timeout" && f.tool === "get_thing"));
});

test("an outputSchema is enforced on valid-input calls", async () => {
  const tools = [
    tool("count_things", {}, [], {
      annotations: RO,
      outputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
    }),
  ];
  const card = await runScorecard(
    { snapshot: snap(tools), call: async () => ok("x", { n: "many" }) },
    { cases: 1 },
  );
  assert.equal(card.calls[0]!.outcome, "invalid-output");
  assert.match(formatCallDetail(card.calls[0]!.facts), /structuredContent does not match the outputSchema/);
});

test("the same input and seed give the same scorecard, byte for byte", async () => {
  const tools = [
    tool(
      "search_things",
      { q: { type: "string", minLength: 2 }, limit: { type: "integer", maximum: 50 } },
      ["q"],
      { annotations: RO },
    ),
    tool("list_things", {}, [], { annotations: RO }),
  ];
  const call: CallTool = async (_n, args) => ok(JSON.stringify(args));
  const a = await runScorecard({ snapshot: snap(tools), call }, { seed: 7, concurrency: 3 });
  const b = await runScorecard({ snapshot: snap(tools), call }, { seed: 7, concurrency: 1 });
  assert.equal(JSON.stringify(a), JSON.stringify(b));
  const c = await runScorecard({ snapshot: snap(tools), call }, { seed: 8 });
  assert.notDeepEqual(
    a.calls.map((x) => x.arguments),
    c.calls.map((x) => x.arguments),
  );
});

test("bounded concurrency: reads run side by side up to --concurrency; writes one at a time", async () => {
  const tools = [
    tool("list_a", {}, [], { annotations: RO }),
    tool("list_b", {}, [], { annotations: RO }),
    tool("create_thing", { title: { type: "string" } }, ["title"]),
  ];
  let inFlight = 0;
  const peak = { read: 0, write: 0 };
  const call: CallTool = async (n) => {
    inFlight++;
    const kind = n.startsWith("list") ? "read" : "write";
    peak[kind] = Math.max(peak[kind], inFlight);
    await new Promise((r) => setTimeout(r, 5));
    inFlight--;
    return ok();
  };
  await runScorecard({ snapshot: snap(tools), call }, { cases: 6, concurrency: 3, allowWrites: true });
  assert.equal(peak.read, 3);
  assert.equal(peak.write, 1);
  peak.read = 0;
  await runScorecard({ snapshot: snap(tools), call }, { cases: 6, concurrency: 1 });
  assert.equal(peak.read, 1);
});

test("edge cases: one of each kind that applies, on the first property it fits", () => {
  const schema = {
    type: "object",
    properties: {
      name: { type: "string", maxLength: 5 },
      count: { type: "integer", minimum: 1, maximum: 9 },
      mode: { type: "string", enum: ["a", "b"] },
      tags: { type: "array", items: { type: "string" } },
    },
    required: ["name"],
  };
  const base = { name: "abc", count: 3, mode: "a", tags: ["x"] };
  const cases = edgeCases(schema, base);
  assert.deepEqual(
    cases.map((c) => [c.kind, edgeChangeWords(c.change)]),
    [
      ["missing-required", "without required 'name'"],
      ["wrong-type", `'name' given 12345 (the schema says string)`],
      ["empty-value", "'name' empty"],
      ["out-of-range", "'name' longer than its maxLength"],
      ["zero", "'count' zero"],
      ["not-in-enum", "'mode' outside its enum"],
    ],
  );
  assert.equal("name" in cases[0]!.args, false);
  assert.equal(cases.find((c) => c.kind === "out-of-range")!.args.name, "xxxxxx");
});

test("a local tool's timeouts are the environment when other calls could not reach their backend", async () => {
  const tools = [
    tool("search_docs", { query: { type: "string" } }, ["query"], { annotations: RO }),
    tool("get_report", {}, [], { annotations: RO }),
  ];
  const call: CallTool = async (name, args) => {
    if (name === "get_report") throw new ToolscoreError("TIMEOUT", "no answer");
    if (typeof args.query !== "string") return err("query is required");
    return err("fetch failed: getaddrinfo ENOTFOUND api.example.com");
  };
  const card = await runScorecard({ snapshot: snap(tools), call }, { cases: 2, timeoutMs: 2000 });
  const report = card.calls.filter((c) => c.tool === "get_report");
  assert.deepEqual(
    report.map((c) => [c.outcome, c.class, c.counted, formatCallDetail(c.facts)]),
    Array(2).fill([
      "timeout",
      "environment",
      false,
      "could not reach its backend: no answer within 2 s, and other calls could not reach their backend",
    ]),
  );
  assert.equal(card.incomplete?.calls, 5); // three calls of search_docs (with an empty query too), two of get_report
  assert.equal(
    card.fixes.some((f) => f.source === "timeout"),
    false,
  );
  // No valid-input call could be judged: graded on the edge cases and lint, never "not graded".
  assert.equal(scorecardJson(card).not_graded_reason, null);
  assert.equal(card.rates.happy, undefined);
  assert.deepEqual(card.counts.edge, { passed: 2, total: 2 });
});

test("scoreOf leaves out the components an incomplete card could not measure, and rescales the others", () => {
  assert.equal(scoreOf({ edge: 0.5, lint: 1 }), 0.75);
  assert.equal(scoreOf({ lint: 0.8 }), 0.8);
  assert.equal(
    scoreOf({ edge: 1, lint: 0.5, probes: 0 }),
    Math.round(((0.15 + 0.075) / 0.5) * 10_000) / 10_000,
  );
  assert.equal(scoreOf({ happy: 1, edge: 0.5, lint: 1 }), 0.9);
});

test("valid input only 'not found' or needing input, with no backend unreachable, stays not graded", async () => {
  const tools = [tool("get_thing", { thing_id: { type: "string" } }, ["thing_id"], { annotations: RO })];
  const call: CallTool = async (_n, args) =>
    typeof args.thing_id === "string" ? err(`Thing ${args.thing_id} not found`) : err("thing_id is required");
  const card = await runScorecard({ snapshot: snap(tools), call }, { cases: 2 });
  assert.equal(card.grade, null);
  assert.equal(card.incomplete, null);
  assert.equal(
    scorecardJson(card).not_graded_reason,
    "no valid-input call could be judged: 2 calls named something that does not exist",
  );
});

test("a tree that nests itself without end: the tool is skipped with where generation stopped, never a stack overflow", async () => {
  const node = {
    type: "object",
    properties: { children: { type: "array", minItems: 1, items: { $ref: "#/$defs/node" } } },
    required: ["children"],
  };
  const tool: RawTool = {
    name: "get_tree_size",
    description: "Count the nodes of a tree.",
    inputSchema: {
      type: "object",
      properties: { tree: { $ref: "#/$defs/node" } },
      required: ["tree"],
      $defs: { node },
    },
    annotations: { readOnlyHint: true },
  };
  const card = await runScorecard({ snapshot: snap([tool]), call: async () => ok() }, { cases: 3 });
  assert.deepEqual(card.calls, []);
  assert.equal(
    scorecardJson(card).tools[0]!.skipped_reason,
    "its arguments were not generated: generation stopped at depth 32: the schema nests itself (a recursive $ref) with required children",
  );
  assert.equal(
    scorecardJson(card).not_graded_reason,
    "no tool was called: 1 tool's arguments could not be generated (a bound of generation stopped them)",
  );
});
