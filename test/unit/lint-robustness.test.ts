import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { estimateTokens, lintTools } from "../../src/lint/index.js";
import type { RawTool } from "../../src/mcp/types.js";
import { runs } from "../support/runs.js";
import { formatLintFinding, lintMessage } from "../../src/report/lint-messages.js";

// The reference implementation crashed on each of these; here each is linted like any schema.
const REFERENCE_FAILURES: Array<[string, Record<string, unknown>]> = [
  [
    "a type array",
    { type: "object", properties: { note: { type: ["string", "null"] } }, required: ["note"] },
  ],
  ["an empty enum", { type: "object", properties: { unit: { type: "string", enum: [] } }, required: [] }],
  [
    "list-form items",
    {
      type: "object",
      properties: { pair: { type: "array", items: [{ type: "string" }, { type: "integer" }] } },
      required: [],
    },
  ],
  [
    "a minimum over 100 without a maximum",
    { type: "object", properties: { n: { type: "integer", minimum: 150 } }, required: ["n"] },
  ],
];

for (const [label, inputSchema] of REFERENCE_FAILURES) {
  test(`lint handles ${label}`, () => {
    const findings = lintTools([{ name: "tool_x", description: "A tool with an odd schema.", inputSchema }]);
    const rules = findings.map((f) => f.rule);
    assert.deepEqual(rules, label === "an empty enum" ? ["enum-empty"] : []);
  });
}

const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(null, true, false, 0, -1, 150, "", "object", "string", "\u200b", "#/$defs/x"),
    fc.string(),
    fc.array(tie("value"), { maxLength: 3 }),
    tie("schema"),
  ),
  schema: fc.dictionary(
    fc.constantFrom(
      "type",
      "properties",
      "items",
      "required",
      "enum",
      "anyOf",
      "oneOf",
      "allOf",
      "$ref",
      "$defs",
      "description",
      "minimum",
      "additionalProperties",
      "const",
      "$schema",
      "not",
      "prefixItems",
      "x",
    ),
    tie("value"),
    { maxKeys: 5 },
  ),
}));

const toolArb = fc.record(
  {
    name: fc.oneof(fc.constantFrom("a", "get_x", "getX", "bad name", ""), fc.string(), fc.integer()),
    description: fc.oneof(fc.string(), fc.constant(undefined), fc.integer()),
    inputSchema: json.value,
    outputSchema: json.value,
    annotations: fc.oneof(fc.constant(undefined), fc.record({ readOnlyHint: fc.boolean() })),
  },
  { requiredKeys: ["name"] },
) as fc.Arbitrary<RawTool>;

test("lintTools never throws, whatever the definitions, and is deterministic", () => {
  fc.assert(
    fc.property(fc.array(toolArb, { maxLength: 4 }), (tools) => {
      const a = lintTools(tools);
      const b = lintTools(structuredClone(tools));
      assert.equal(JSON.stringify(a), JSON.stringify(b));
      for (const f of a) {
        assert.equal(typeof lintMessage(f), "string");
        assert.equal(typeof formatLintFinding(f).fix, "string");
      }
    }),
    { numRuns: runs(300), seed: 42 },
  );
});

test("lintTools does not depend on the order of the tools", () => {
  fc.assert(
    fc.property(fc.array(toolArb, { maxLength: 4 }), (tools) => {
      const forward = lintTools(tools);
      const backward = lintTools([...tools].reverse());
      // tool-duplicate is reported on the later copy, and tools[i] labels depend on position.
      const stable = (fs: typeof forward) =>
        fs
          .filter((f) => f.rule !== "tool-duplicate" && !/^tools\[/.test(f.tool ?? ""))
          .map((f) => JSON.stringify(f));
      assert.deepEqual(stable(forward).sort(), stable(backward).sort());
    }),
    { numRuns: runs(200), seed: 7 },
  );
});

test("estimateTokens counts a long description's escapes from its start, without copying it", () => {
  const tokens = (description: string) => estimateTokens({ name: "t", description });
  const overhead = JSON.stringify({ name: "t", description: "" }).length;
  // Short texts are counted exactly: their JSON.
  assert.equal(tokens("a\u0001".repeat(100)), Math.ceil((overhead + 100 * 7) / 4));
  // A long plain text is its length; one whose start is all control characters costs six each.
  const plain = "a".repeat(200_000);
  assert.equal(tokens(plain), Math.ceil((overhead + 200_000) / 4));
  const escaped = "\u0001".repeat(200_000);
  assert.equal(tokens(escaped), Math.ceil((overhead + 6 * 200_000) / 4));
  // Escapes are counted within the part lint scans (scan-kb, 1 MB): past it, a text plain at its
  // start counts as plain.
  assert.equal(tokens(plain + "\u0001".repeat(10)), tokens(plain + "a".repeat(10)) + 13);
  const past = "a".repeat(1_100_000);
  assert.equal(tokens(past + "\u0001".repeat(10)), tokens(past + "a".repeat(10)));
});
