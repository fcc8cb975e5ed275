// The schema seam (src/schema) gives lint and the scorecard one answer per schema. These tests take
// every schema in the test corpus (the JSON fixtures and examples, and the edge cases below) and
// check that lint's verdict and the scorecard's are the same, and that the meta-schema validators
// generated at build time judge exactly as ajv does when it compiles the meta-schema itself.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { Ajv } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import * as draft04Module from "ajv-draft-04";
import { lintTools } from "../../src/lint/index.js";
import { outputProblem } from "../../src/score/judge.js";
import { formatCallDetail } from "../../src/report/call-detail.js";
import { compileSchema as scorecardCompile } from "../../src/score/validate.js";
import { compileSchema, dialectOf, type Dialect } from "../../src/schema/index.js";
import meta04 from "../../src/schema/meta/draft-04.js";
import meta07 from "../../src/schema/meta/draft-07.js";
import meta2019 from "../../src/schema/meta/draft-2019-09.js";
import meta2020 from "../../src/schema/meta/draft-2020-12.js";

const GENERATED = { "2020-12": meta2020, "2019-09": meta2019, "draft-07": meta07, "draft-04": meta04 };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? jsonFiles(p) : p.endsWith(".json") ? [p] : [];
  });
}

// Every inputSchema and outputSchema object found anywhere in a JSON document.
function schemasIn(v: unknown, out: Array<Record<string, unknown>>): void {
  if (Array.isArray(v)) for (const x of v) schemasIn(x, out);
  else if (isObject(v)) {
    for (const [k, x] of Object.entries(v)) {
      if ((k === "inputSchema" || k === "outputSchema") && isObject(x)) out.push(x);
      else schemasIn(x, out);
    }
  }
}

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  ...extra,
});

// Edge cases: one per dialect and per way a schema can fail.
const EDGES: Array<Record<string, unknown>> = [
  obj({ a: { type: "string" } }),
  obj({ a: { type: "strng" } }),
  obj({ a: { type: "string", minLength: -1 } }),
  obj({ a: { type: "string", description: 5 } }),
  obj({ a: { type: "string", pattern: "(" } }),
  obj({ a: { type: "string", pattern: "^\\d{3}\\-\\d{4}$" } }),
  obj({ a: { type: "string", pattern: "^(a+)+$" } }),
  obj({ a: { type: "string", pattern: "x".repeat(5000) } }),
  obj({ a: { type: "string", enum: [] } }),
  obj({ a: { type: "string", enum: [] }, b: { type: 7 } }),
  obj({ a: { type: "array", items: [{ type: "string" }, { type: "number" }] } }),
  obj({ a: { type: "array", prefixItems: [{ type: "string" }], items: false } }),
  obj({ a: { $ref: "#/$defs/A" } }, { $defs: { A: { type: "string" } } }),
  obj({ a: { $ref: "#/$defs/Missing" } }),
  obj({ a: { $ref: "https://example.com/remote.json" } }),
  obj(
    { a: { type: "number", maximum: 3, exclusiveMaximum: true } },
    {
      $schema: "http://json-schema.org/draft-04/schema#",
    },
  ),
  obj({ a: { type: "number", maximum: 3, exclusiveMaximum: true } }),
  obj({ a: { type: "number", exclusiveMaximum: 3 } }, { $schema: "http://json-schema.org/draft-07/schema#" }),
  obj({ a: { type: "string" } }, { $schema: "https://json-schema.org/draft/2019-09/schema" }),
  obj({ a: { $recursiveRef: "#" } }, { $schema: "https://json-schema.org/draft/2019-09/schema" }),
  obj({ a: { type: "string" } }, { $schema: "https://example.com/private-dialect" }),
  obj({ a: { type: "string" } }, { $id: "https://example.com/same-id" }),
  obj({ b: { type: "number" } }, { $id: "https://example.com/same-id" }),
  obj({ a: { type: "string", format: "no-such-format" } }),
  obj({ a: { type: "string" } }, { required: "a" }),
  obj({ a: { type: "string" } }, { required: ["a", "a"] }),
];

const CORPUS: Array<Record<string, unknown>> = [...EDGES];
for (const file of [...jsonFiles("test/fixtures"), ...jsonFiles("examples")]) {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    continue;
  }
  schemasIn(doc, CORPUS);
}

test("the corpus is large and holds schemas of every outcome", () => {
  assert.ok(CORPUS.length > 200, `${CORPUS.length} schemas`);
  const kinds = new Set(CORPUS.map((s) => compileSchema(s).kind));
  assert.deepEqual([...kinds].sort(), ["compiled", "invalid", "network-ref", "refused"]);
  const dialects = new Set(CORPUS.map((s) => compileSchema(s).dialect));
  assert.deepEqual([...dialects].sort(), ["2019-09", "2020-12", "draft-04", "draft-07"]);
});

test("lint and the scorecard agree on every schema in the corpus", () => {
  for (const schema of CORPUS) {
    const findings = lintTools([
      { name: "t", description: "A tool to check the schema seam with.", inputSchema: schema },
    ]).filter((f) => f.rule === "schema-invalid" || f.rule === "enum-empty");
    const lintSaysBroken = findings.length > 0;
    const compiled = compileSchema(schema);
    // A refused pattern is a bound of toolscore's, not a fault of the schema: lint is quiet, and
    // the scorecard cannot check values against it.
    const scorecardSaysBroken = compiled.kind === "invalid";
    assert.equal(lintSaysBroken, scorecardSaysBroken, JSON.stringify(schema).slice(0, 300));
    assert.equal(scorecardCompile(schema) === null, compiled.kind !== "compiled");
    const invalid = findings.find((f) => f.rule === "schema-invalid");
    if (invalid && compiled.kind === "invalid") assert.equal(invalid.args?.error, compiled.error);
  }
});

test("edge cases compile as their dialect says", () => {
  const kinds = EDGES.map((s) => `${dialectOf(s)} ${compileSchema(s).kind}`);
  assert.deepEqual(kinds, [
    "2020-12 compiled",
    "2020-12 invalid",
    "2020-12 invalid",
    "2020-12 invalid",
    "2020-12 invalid",
    "2020-12 invalid",
    "2020-12 compiled",
    "2020-12 refused",
    "2020-12 invalid",
    "2020-12 invalid",
    "draft-07 compiled",
    "2020-12 compiled",
    "2020-12 compiled",
    "2020-12 invalid",
    "2020-12 network-ref",
    "draft-04 compiled",
    "2020-12 invalid",
    "draft-07 compiled",
    "2019-09 compiled",
    "2019-09 compiled",
    "2020-12 compiled",
    "2020-12 compiled",
    "2020-12 compiled",
    "2020-12 compiled",
    "2020-12 invalid",
    "2020-12 invalid",
  ]);
});

const Ajv04 = ((draft04Module as unknown as { default?: typeof Ajv }).default ??
  draft04Module) as unknown as typeof Ajv;
const RUNTIME: Record<Dialect, Ajv> = {
  "2020-12": new Ajv2020({ strict: false, logger: false }),
  "2019-09": new Ajv2019({ strict: false, logger: false }),
  "draft-07": new Ajv({ strict: false, logger: false }),
  "draft-04": new Ajv04({ strict: false, logger: false }),
};

test("the generated meta-schema validators judge every schema as ajv's own meta-schema compile does", () => {
  for (const schema of CORPUS) {
    const dialect = dialectOf(schema);
    const { $schema: _named, ...body } = schema;
    const runtime = RUNTIME[dialect];
    const generated = GENERATED[dialect];
    const want = runtime.validateSchema(body) as boolean;
    const got = generated(body);
    const label = `${dialect} ${JSON.stringify(schema).slice(0, 200)}`;
    assert.equal(got, want, label);
    if (!want) assert.deepEqual(generated.errors?.[0], runtime.errors?.[0], label);
  }
});

test("a property named __proto__ is checked like any other, by lint and the scorecard alike", () => {
  const schema = JSON.parse(
    '{"type":"object","properties":{"__proto__":{"type":"string"},"b":{"type":"number"}},"required":["__proto__"]}',
  ) as Record<string, unknown>;
  const compiled = compileSchema(schema);
  assert.equal(compiled.kind, "compiled");
  const check = scorecardCompile(schema)!;
  assert.equal(check.check({}), "(root) must have required property '__proto__'");
  assert.equal(check.check(JSON.parse('{"__proto__": 5}')), "/__proto__ must be string");
  assert.equal(check.check(JSON.parse('{"__proto__": "x", "b": 1}')), null);
  assert.equal(check.check(JSON.parse('{"__proto__": "x", "b": "one"}')), "/b must be number");
  const lint = lintTools([
    { name: "t", description: "A tool to check the schema seam with.", inputSchema: schema },
  ]);
  assert.deepEqual(
    lint.map((f) => f.rule),
    [],
  );
});

test("a schema too large for the compiler is not checked, and neither side calls it invalid", () => {
  const properties = Object.fromEntries(
    Array.from({ length: 3500 }, (_, i) => [`p${i}`, { type: "string" }]),
  );
  const schema = { type: "object", properties, required: [] };
  const compiled = compileSchema(schema);
  assert.equal(compiled.kind, "too-large");
  assert.match(
    compiled.kind === "too-large" ? compiled.error : "",
    /^too large to check: .*\(3500 properties\)$/,
  );
  assert.equal(scorecardCompile(schema), null);
  const rules = lintTools([
    { name: "t", description: "A tool to check the schema seam with.", inputSchema: schema },
  ]).map((f) => f.rule);
  assert.ok(rules.includes("schema-unchecked"));
  assert.ok(!rules.includes("schema-invalid"));
  const problem = outputProblem({ structuredContent: {} }, schema);
  assert.match(
    problem === null ? "" : formatCallDetail({ said: { what: "output-invalid", problem } }),
    /^not checked: structuredContent could not be checked, the outputSchema is too large to check: /,
  );
});

test("the compile cache tells apart schemas that differ only inside a long string, or that mimic its key", () => {
  const long = "x".repeat(10_000);
  const check = (schema: unknown, value: unknown) => {
    const compiled = compileSchema(schema);
    assert.equal(compiled.kind, "compiled");
    return compiled.kind === "compiled" ? compiled.check(value) : "not compiled";
  };
  assert.equal(check({ const: `${long}a` }, `${long}a`), null);
  assert.notEqual(check({ const: `${long}b` }, `${long}a`), null);
  // A short string that reads like the key of a long one is still itself.
  const hash = createHash("sha256").update(`${long}a`, "utf16le").digest("hex");
  for (const mimic of [`\u0000${hash}:${long.length + 1}`, `\u0000\u0000${hash}:${long.length + 1}`])
    assert.equal(check({ const: mimic }, `${long}a`), "(root) must be equal to constant");
  // The dialect is found from the schema's structure, not from its text.
  assert.equal(dialectOf({ description: 'say "items":[1]' }), "2020-12");
  assert.equal(dialectOf({ properties: { a: { items: [{ type: "string" }] } } }), "draft-07");
  // __proto__ anywhere (a key, or a name in required) still compiles with its stand-in.
  const proto = JSON.parse(
    `{"type":"object","description":"${long}","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}`,
  ) as unknown;
  assert.equal(check(proto, JSON.parse('{"__proto__":"a"}')), null);
  assert.notEqual(check(proto, JSON.parse('{"__proto__":1}')), null);
});
