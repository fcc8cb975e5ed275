import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { runs } from "../support/runs.js";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { generateArguments } from "../../src/score/arguments.js";
import { argumentsProblemWords, capWords } from "../../src/report/call-detail.js";
import { Prng } from "../../src/score/prng.js";

// An ajv of the test's own, so the generator is not checked by its own validator.
const addFormats = addFormatsModule as unknown as (a: Ajv) => Ajv;
const ajv2020 = addFormats(new Ajv2020({ strict: false }) as unknown as Ajv);
const ajv07 = addFormats(new Ajv({ strict: false }));
function validates(schema: Record<string, unknown>, value: unknown, draft07 = false): string | null {
  const validate = (draft07 ? ajv07 : ajv2020).compile(schema);
  return validate(value) ? null : JSON.stringify(validate.errors);
}

const FORMATS = [
  "email",
  "uri",
  "date",
  "date-time",
  "time",
  "uuid",
  "ipv4",
  "ipv6",
  "hostname",
  "uri-reference",
  "json-pointer",
  "duration",
];
const PATTERNS = [
  "^[a-z]+$",
  "^[A-Z]{2}-\\d{3}$",
  "^note-[0-9]+$",
  "^(foo|bar)_\\d$",
  "^\\w{3,8}$",
  "^[0-9a-f]{8}$",
  "^x+y?$",
];
const STEPS = [1, 2, 5, 0.5, 0.25, 0.1, 0.01, 3];

const stringSchema = fc.oneof(
  fc
    .record({ type: fc.constant("string"), minLength: fc.nat(5), extra: fc.nat(10) })
    .map(({ minLength, extra }) => ({
      type: "string",
      minLength,
      maxLength: minLength + extra,
    })),
  fc.constantFrom(...FORMATS).map((format) => ({ type: "string", format })),
  fc.constantFrom(...PATTERNS).map((pattern) => ({ type: "string", pattern })),
);

const numberSchema = fc
  .record({
    integer: fc.boolean(),
    lo: fc.integer({ min: -1000, max: 1000 }),
    width: fc.oneof(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1000, max: 2 ** 40 })),
    step: fc.option(fc.constantFrom(...STEPS), { nil: undefined }),
    exclusive: fc.boolean(),
    open: fc.constantFrom("none", "low", "high", "both"),
  })
  .map(({ integer, lo, width, step, exclusive, open }) => {
    const w = Math.max(width, 2 * (step ?? 1) + 2);
    const s: Record<string, unknown> = { type: integer ? "integer" : "number" };
    if (open !== "low" && open !== "both") s[exclusive ? "exclusiveMinimum" : "minimum"] = lo;
    if (open !== "high" && open !== "both") s[exclusive ? "exclusiveMaximum" : "maximum"] = lo + w;
    if (step !== undefined) s.multipleOf = step;
    return s;
  });

const scalar = fc.oneof(
  stringSchema,
  numberSchema,
  fc.constant({ type: "boolean" }),
  fc.constant({ type: "null" }),
  fc
    .array(fc.oneof(fc.string(), fc.integer(), fc.boolean()), { minLength: 1, maxLength: 4 })
    .map((e) => ({ enum: e })),
  fc.jsonValue().map((v) => ({ const: v })),
  fc
    .constantFrom(["string", "null"], ["integer", "string"], ["number", "boolean", "null"])
    .map((type) => ({ type })),
);

const { schema } = fc.letrec<{ schema: Record<string, unknown> }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc
      .record({ items: tie("schema"), min: fc.nat(2), extra: fc.nat(3) })
      .map(({ items, min, extra }) => ({ type: "array", items, minItems: min, maxItems: min + extra })),
    fc
      .dictionary(fc.constantFrom("a", "b", "c", "d_e", "fG"), tie("schema"), { maxKeys: 4 })
      .chain((properties) =>
        fc.subarray(Object.keys(properties)).map((required) => ({ type: "object", properties, required })),
      ),
    fc.tuple(tie("schema"), tie("schema")).map(([x, y]) => ({ anyOf: [x, y] })),
    fc.constant({
      oneOf: [
        { type: "string", minLength: 1 },
        { type: "boolean" },
        { type: "array", items: { type: "integer" } },
      ],
    }),
    fc
      .tuple(fc.constantFrom("x", "y"), stringSchema, fc.constantFrom("z", "w"), numberSchema)
      .map(([k1, s1, k2, s2]) => ({
        allOf: [
          { type: "object", properties: { [k1]: s1 }, required: [k1] },
          { properties: { [k2]: s2 }, required: [k2] },
        ],
      })),
  ),
}));

test("every generated valid input validates against its schema (ajv), for any schema and seed", () => {
  fc.assert(
    fc.property(schema, fc.integer(), (s, seed) => {
      const input = { type: "object", properties: { v: s }, required: ["v"] };
      const g = generateArguments(input, new Prng(seed));
      assert.equal(g.valid, true, `${JSON.stringify(input)}: ${JSON.stringify(g.problem)}`);
      assert.equal(validates(input, g.args), null, JSON.stringify({ input, args: g.args }));
    }),
    { numRuns: runs(400) },
  );
});

test("generation is deterministic: the same seed gives the same arguments", () => {
  fc.assert(
    fc.property(schema, fc.integer(), (s, seed) => {
      const input = { type: "object", properties: { v: s }, required: ["v"] };
      assert.deepEqual(
        generateArguments(input, new Prng(seed)).args,
        generateArguments(input, new Prng(seed)).args,
      );
    }),
    { numRuns: runs(100) },
  );
});

test("different seeds give different arguments", () => {
  const input = {
    type: "object",
    properties: { name: { type: "string" }, n: { type: "integer" } },
    required: ["name", "n"],
  };
  const seen = new Set(
    [1, 2, 3, 4, 5, 6].map((seed) => JSON.stringify(generateArguments(input, new Prng(seed)).args)),
  );
  assert.ok(seen.size >= 4, `only ${seen.size} distinct`);
});

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  required: Object.keys(properties),
  ...extra,
});

// The reference's known failures, and the keywords it ignored, one line each.
const cases: Array<[string, Record<string, unknown>, (args: Record<string, unknown>) => void, boolean?]> = [
  [
    "type array [string, null]",
    obj({ v: { type: ["string", "null"] } }),
    (a) => assert.ok(a.v === null || typeof a.v === "string"),
  ],
  [
    "minimum over 100 without maximum",
    obj({ v: { type: "number", minimum: 150 } }),
    (a) => assert.ok((a.v as number) >= 150),
  ],
  [
    "integer minimum 1000",
    obj({ v: { type: "integer", minimum: 1000 } }),
    (a) => assert.ok(Number.isInteger(a.v) && (a.v as number) >= 1000),
  ],
  [
    "list-form items",
    obj(
      {
        v: {
          type: "array",
          items: [{ type: "string" }, { type: "integer" }],
          additionalItems: false,
          minItems: 2,
        },
      },
      { $schema: "http://json-schema.org/draft-07/schema#" },
    ),
    (a) => {
      const v = a.v as unknown[];
      assert.equal(typeof v[0], "string");
      assert.ok(Number.isInteger(v[1]));
    },
    true,
  ],
  [
    "4-character username with a pattern",
    obj({ username: { type: "string", minLength: 4, maxLength: 4, pattern: "^[a-z]+$" } }),
    (a) => assert.match(a.username as string, /^[a-z]{4}$/),
  ],
  [
    "maxLength 3",
    obj({ v: { type: "string", maxLength: 3 } }),
    (a) => assert.ok((a.v as string).length <= 3),
  ],
  [
    "email format",
    obj({ v: { type: "string", format: "email" } }),
    (a) => assert.match(a.v as string, /^[^@\s]+@[^@\s]+\.[a-z]+$/),
  ],
  [
    "uuid format",
    obj({ v: { type: "string", format: "uuid" } }),
    (a) =>
      assert.match(a.v as string, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
  ],
  [
    "date format",
    obj({ v: { type: "string", format: "date" } }),
    (a) => assert.match(a.v as string, /^\d{4}-\d{2}-\d{2}$/),
  ],
  [
    "exclusive bounds 0 < x < 1",
    obj({ v: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 } }),
    (a) => assert.ok((a.v as number) > 0 && (a.v as number) < 1),
  ],
  [
    "multipleOf 0.1",
    obj({ v: { type: "number", multipleOf: 0.1, minimum: 0, maximum: 1 } }),
    (a) => assert.ok(Number.isInteger((a.v as number) / 0.1)),
  ],
  ["const", obj({ v: { const: "exactly" } }), (a) => assert.equal(a.v, "exactly")],
  [
    "local $ref and $defs",
    obj(
      { v: { $ref: "#/$defs/point" } },
      { $defs: { point: obj({ x: { type: "integer" }, y: { type: "integer" } }) } },
    ),
    (a) => assert.deepEqual(Object.keys(a.v as object), ["x", "y"]),
  ],
  [
    "recursive $ref stops",
    obj(
      { tree: { $ref: "#/$defs/node" } },
      {
        $defs: {
          node: { type: "object", properties: { kids: { type: "array", items: { $ref: "#/$defs/node" } } } },
        },
      },
    ),
    (a) => assert.equal(typeof a.tree, "object"),
  ],
  [
    "uniqueItems from a small enum",
    obj({ v: { type: "array", items: { enum: ["a", "b"] }, minItems: 2, uniqueItems: true } }),
    (a) => assert.deepEqual([...(a.v as string[])].sort(), ["a", "b"]),
  ],
];

for (const [name, input, check, draft07] of cases) {
  test(`valid input: ${name}`, () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const g = generateArguments(input, new Prng(seed));
      assert.equal(g.valid, true, JSON.stringify(g.problem));
      assert.equal(validates(input, g.args, draft07), null);
      check(g.args);
    }
  });
}

test("draft-04 boolean exclusive bounds are honoured (ajv cannot check draft-04, so validity is unknown)", () => {
  const input = obj({
    v: { type: "integer", minimum: 1, maximum: 3, exclusiveMinimum: true, exclusiveMaximum: true },
  });
  const g = generateArguments(input, new Prng(1));
  assert.equal(g.valid, null);
  assert.equal(g.args.v, 2);
});

test("an empty enum does not throw: no valid input, with the reason", () => {
  const g = generateArguments(obj({ v: { type: "string", enum: [] } }), new Prng(1));
  assert.equal(g.valid, false);
  assert.deepEqual(g.problem, { problem: "admits-none" });
  assert.match(argumentsProblemWords(g.problem!), /empty enum/);
});

test("happy case i takes the i-th enum value, so every choice is tried", () => {
  const input = obj({ format: { type: "string", enum: ["json", "csv", "xml"] } });
  const picked = [0, 1, 2].map((i) => generateArguments(input, new Prng(9), { variant: i }).args.format);
  assert.deepEqual(picked, ["json", "csv", "xml"]);
});

test("wide ranges give natural values: 1..100 inside 1..2^53", () => {
  const input = obj({ n: { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER } });
  const small = [1, 2, 3, 4, 5, 6, 7, 8].filter(
    (seed) => (generateArguments(input, new Prng(seed)).args.n as number) <= 100,
  );
  assert.ok(small.length >= 5, `only ${small.length} of 8 in 1..100`);
});

test("a marker goes into free-form strings, within maxLength", () => {
  const input = obj({ title: { type: "string", maxLength: 10 }, kind: { enum: ["a"] } });
  const g = generateArguments(input, new Prng(1), { marker: "tsprobe123456" });
  assert.equal(g.args.title, "tsprobe123");
  assert.equal(g.args.kind, "a");
});

test("a recursive $ref tree with required children: arguments end, and a tree that cannot end says where it stopped", () => {
  const tree = (minItems?: number) => ({
    type: "object",
    properties: { tree: { $ref: "#/$defs/node" } },
    required: ["tree"],
    $defs: {
      node: {
        type: "object",
        properties: {
          name: { type: "string" },
          children: { type: "array", items: { $ref: "#/$defs/node" }, ...(minItems ? { minItems } : {}) },
        },
        required: ["name", "children"],
      },
    },
  });
  for (let seed = 0; seed < 5; seed++) {
    const g = generateArguments(tree(), new Prng(`tree-${seed}`));
    assert.equal(g.valid, true, JSON.stringify(g.problem));
  }
  const endless = generateArguments(tree(1), new Prng("tree"));
  assert.equal(endless.valid, false);
  assert.deepEqual(endless.capped, { cap: "depth", depth: 32 });
  assert.equal(
    capWords(endless.capped!),
    "generation stopped at depth 32: the schema nests itself (a recursive $ref) with required children",
  );
});
