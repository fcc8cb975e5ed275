// The calls mcp test plans for a tool: edge cases change one argument of the smallest valid call,
// and over a wire that carries Mcp-Param-* headers the last valid-input call holds header text that
// must travel Base64-encoded.
import { test } from "node:test";
import assert from "node:assert/strict";
import { generateArguments } from "../../src/score/arguments.js";
import { headerEncoded, planCalls } from "../../src/score/plan.js";
import { Prng } from "../../src/score/prng.js";
import { compileSchema } from "../../src/score/validate.js";
import type { RawTool } from "../../src/mcp/types.js";

const NOTES: RawTool = {
  name: "search_notes",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string" },
      limit: { type: "integer", minimum: 1, maximum: 50 },
      tag: { type: "string", enum: ["work", "home"] },
      archived: { type: "boolean" },
    },
    required: ["query"],
  },
};

const HEADERS: RawTool = {
  name: "query_region",
  inputSchema: {
    type: "object",
    properties: {
      region: { type: "string", "x-mcp-header": "Region" },
      zone: { type: "string", pattern: "^[a-z]+$", "x-mcp-header": "Zone" },
      shards: { type: "integer", "x-mcp-header": "Shards" },
      verbose: { type: "boolean", "x-mcp-header": "Verbose" },
      scope: {
        type: "object",
        properties: { team: { type: "string", "x-mcp-header": "Team" } },
        required: ["team"],
      },
      query: { type: "string" },
    },
    required: ["region", "zone", "query", "scope"],
  },
};

const plan = (tool: RawTool, opts: { cases?: number; paramHeaders?: boolean; seed?: string } = {}) =>
  planCalls([tool], {
    seed: opts.seed ?? "1",
    cases: opts.cases ?? 3,
    edgeCases: true,
    allowWrites: true,
    paramHeaders: opts.paramHeaders,
  })[0]!;

test("minimal generation makes only the required properties, and they validate", () => {
  for (const seed of ["1", "2", "3", "4", "5"]) {
    const g = generateArguments(NOTES.inputSchema, new Prng(seed), { minimal: true });
    assert.equal(g.valid, true);
    assert.deepEqual(Object.keys(g.args), ["query"]);
  }
});

test("each edge case changes one argument of the smallest valid call: no other optional argument rides along", () => {
  for (const seed of ["1", "2", "3", "4", "5"]) {
    const edges = plan(NOTES, { seed }).calls.filter((c) => c.kind === "edge");
    assert.deepEqual(
      edges.map((c) => c.case),
      ["missing-required", "wrong-type", "empty-value", "zero", "out-of-range", "not-in-enum"],
    );
    for (const c of edges) {
      const optional = Object.keys(c.args).filter((k) => k !== "query");
      assert.ok(
        optional.length === 0 || (optional.length === 1 && optional[0] === c.edge!.property),
        `${c.case}: ${JSON.stringify(c.args)}`,
      );
    }
  }
});

test("over the header wire, the last valid-input call sends each header string as text that needs Base64", () => {
  const check = compileSchema(HEADERS.inputSchema as Record<string, unknown>)!;
  const happy = plan(HEADERS, { paramHeaders: true }).calls.filter((c) => c.kind === "happy");
  assert.equal(happy.length, 3);
  const [first, second, last] = happy.map((c) => c.args);
  for (const args of [first!, second!])
    assert.ok(/^[\x20-\x7e]*$/.test(JSON.stringify(args)), `plain ASCII: ${JSON.stringify(args)}`);
  assert.equal(check.check(last!), null, "still valid input");
  assert.match(last!.region as string, /é$/);
  assert.match((last!.scope as { team: string }).team, /é$/, "a nested header property too");
  // A value the schema would refuse (a pattern of ASCII letters) keeps its drawn value; an
  // argument without x-mcp-header is never changed.
  assert.match(last!.zone as string, /^[a-z]+$/);
  assert.ok(/^[\x20-\x7e]*$/.test(last!.query as string));
});

test("no encoded text where no header is sent, with a single valid-input call, or on a tool without header strings", () => {
  const ascii = (args: Record<string, unknown>) => /^[\x20-\x7e]*$/.test(JSON.stringify(args));
  for (const [name, p] of [
    ["not over the header wire", plan(HEADERS)],
    ["--cases 1", plan(HEADERS, { cases: 1, paramHeaders: true })],
    ["no x-mcp-header", plan(NOTES, { paramHeaders: true })],
  ] as const)
    for (const c of p.calls) assert.ok(ascii(c.args), `${name}: ${c.case} ${JSON.stringify(c.args)}`);
});

test("headerEncoded leaves arguments alone when the schema accepts no such text", () => {
  const schema = {
    type: "object",
    properties: { code: { type: "string", maxLength: 3, pattern: "^[A-Z]*$", "x-mcp-header": "Code" } },
  };
  assert.deepEqual(headerEncoded({ code: "ABC" }, schema), { code: "ABC" });
  // With room for one more character and no pattern, the text gains a non-ASCII letter.
  const loose = {
    type: "object",
    properties: { code: { type: "string", maxLength: 3, "x-mcp-header": "Code" } },
  };
  assert.deepEqual(headerEncoded({ code: "AB" }, loose), { code: "ABé" });
  assert.deepEqual(headerEncoded({ code: "ABC" }, loose), { code: "ABé" });
});
