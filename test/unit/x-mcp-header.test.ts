// The x-mcp-header declarations of an input schema and the Mcp-Param-* headers of a call, on
// plain data: which declarations are valid (nested properties count, anything else does not),
// which argument values become which header values, and which arguments refer to network URLs.
import assert from "node:assert/strict";
import { test } from "node:test";
import { scanHeaderDeclarations } from "../../src/schema/x-mcp-header.js";
import { encodeHeaderValue, paramHeaders } from "../../src/mcp/param-headers.js";
import { networkArguments } from "../../src/score/plan.js";

const nested = {
  type: "object",
  properties: {
    target: {
      type: "object",
      properties: {
        region: { type: "string", "x-mcp-header": "Region" },
        zone: { type: "integer", "x-mcp-header": "Zone" },
      },
    },
    verbose: { type: "boolean", "x-mcp-header": "Verbose" },
    query: { type: "string" },
  },
};

test("declarations on properties reached through properties alone, at any depth, in document order", () => {
  assert.deepEqual(scanHeaderDeclarations(nested), {
    declarations: [
      { path: ["target", "region"], name: "Region" },
      { path: ["target", "zone"], name: "Zone" },
      { path: ["verbose"], name: "Verbose" },
    ],
    problems: [],
  });
});

test("a schema without declarations, or that is not an object, has none and no problem", () => {
  for (const s of [{ type: "object", properties: { a: { type: "string" } } }, undefined, null, "x", []])
    assert.deepEqual(scanHeaderDeclarations(s), { declarations: [], problems: [] });
});

test("a declaration under $defs, a property named like a keyword, and each problem's path", () => {
  const scan = scanHeaderDeclarations({
    type: "object",
    $defs: { Region: { type: "string", "x-mcp-header": "Region" } },
    properties: { items: { type: "string", "x-mcp-header": "Items" }, ref: { $ref: "#/$defs/Region" } },
  });
  assert.deepEqual(scan.declarations, [{ path: ["items"], name: "Items" }]);
  assert.deepEqual(scan.problems, [{ kind: "not-reachable", at: ["$defs", "Region"], keyword: "$defs" }]);
});

test("the headers of a call: values by type, nested ones, and none for null, absent or unsafe", () => {
  const { declarations } = scanHeaderDeclarations(nested);
  assert.deepEqual(paramHeaders(declarations, { target: { region: "eu", zone: 3 }, verbose: true }), {
    "Mcp-Param-Region": "eu",
    "Mcp-Param-Zone": "3",
    "Mcp-Param-Verbose": "true",
  });
  assert.deepEqual(paramHeaders(declarations, { target: { region: null, zone: 2 ** 53 } }), {});
  assert.deepEqual(paramHeaders(declarations, { target: "eu", verbose: { no: 1 } }), {});
});

test("value encoding: the specification's examples, and the cases around them", () => {
  const cases: Array<[string, string]> = [
    ["us-west1", "us-west1"],
    ["Hello, 世界", "=?base64?SGVsbG8sIOS4lueVjA==?="],
    [" padded ", "=?base64?IHBhZGRlZCA=?="],
    ["line1\nline2", "=?base64?bGluZTEKbGluZTI=?="],
    ["=?base64?literal?=", "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="],
    ["=?base64?only a start", "=?base64?only a start"],
    ["a b", "a b"],
    ["a\tb", "=?base64?YQli?="],
    ["", "=?base64??="],
    ["\u007f", "=?base64?fw==?="],
  ];
  for (const [value, header] of cases) assert.equal(encodeHeaderValue(value), header, JSON.stringify(value));
});

test("network references: per argument, through local references, definitions counted where used", () => {
  const url = "https://schemas.example.com/profile.json";
  assert.deepEqual(
    networkArguments({
      type: "object",
      $defs: { Profile: { $ref: url }, Unused: { $ref: "https://schemas.example.com/unused.json" } },
      properties: { id: { type: "string" }, profile: { $ref: "#/$defs/Profile" }, again: { $ref: url } },
    }),
    [
      { argument: "profile", ref: url },
      { argument: "again", ref: url },
    ],
  );
  assert.deepEqual(networkArguments({ allOf: [{ $ref: url }] }), [{ argument: null, ref: url }]);
  assert.deepEqual(networkArguments({ type: "object", properties: { a: { $ref: "#/$defs/A" } } }), []);
  assert.deepEqual(networkArguments({ properties: { a: { $ref: "file:///etc/passwd" } } }), []);
});
