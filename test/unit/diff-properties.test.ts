import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { diffSnapshots } from "../../src/diff/index.js";
import { sameJson } from "../../src/diff/same-json.js";
import { stableJson } from "../../src/util/json.js";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import type { RawTool } from "../../src/mcp/types.js";
import { renderDiff } from "../../src/report/diff.js";
import { runs } from "../support/runs.js";
import { diffFails } from "../../src/diff/diff.js";

const SEED = 20261202;
const RUNS = 120;

// Schemas of nested objects and arrays, with types, descriptions and required lists.
const { schema } = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record({
      type: fc.constantFrom("string", "integer", "number", "boolean"),
      description: fc.string({ maxLength: 8 }),
    }),
    fc.record({ type: fc.constant("array"), items: tie("schema") }),
    tie("object"),
  ),
  object: fc
    .dictionary(fc.constantFrom("a", "b", "c", "path", "tags"), tie("schema"), { maxKeys: 3 })
    .chain((properties) =>
      fc.record({
        type: fc.constant("object"),
        properties: fc.constant(properties),
        required: fc.subarray(Object.keys(properties)),
      }),
    ),
}));

const toolArb = (name: string) =>
  fc.record(
    {
      name: fc.constant(name),
      description: fc.string({ maxLength: 30, unit: "grapheme" }),
      inputSchema: fc
        .dictionary(fc.constantFrom("q", "filter", "items"), schema, { maxKeys: 3 })
        .map((properties) => ({
          type: "object",
          properties,
        })),
      annotations: fc.record(
        { readOnlyHint: fc.boolean(), destructiveHint: fc.boolean() },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ["name", "description", "inputSchema"] },
  );

const snapshotArb = fc
  .uniqueArray(fc.constantFrom("add_note", "delete_note", "list_notes", "run_script", "search", "get_item"), {
    maxLength: 5,
  })
  .chain((names) => fc.tuple(...names.map(toolArb)))
  .chain((tools) =>
    fc
      .record({
        version: fc.constantFrom("1.0.0", "1.1.0"),
        protocol: fc.constantFrom("2025-06-18", "2025-11-25"),
        instructions: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
      })
      .map((s) =>
        ServerSnapshot.of({
          server: { name: "prop", version: s.version },
          protocol: s.protocol,
          capabilities: { tools: {} },
          client_capabilities: [],
          instructions: s.instructions,
          tools: tools as RawTool[],
        }),
      ),
  );

const reversedKeys = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(reversedKeys)
    : v && typeof v === "object"
      ? Object.fromEntries(
          Object.entries(v)
            .reverse()
            .map(([k, x]) => [k, reversedKeys(x)]),
        )
      : v;

test("diff(A, A) is empty for any A, whatever the key order", () => {
  fc.assert(
    fc.property(snapshotArb, (a) => {
      const d = diffSnapshots(a, reversedKeys(structuredClone(a)) as ServerSnapshot);
      assert.equal(d.identical, true);
      assert.deepEqual(
        [d.added, d.removed, d.changed, d.breaking, d.lintNew, d.server],
        [[], [], [], [], [], []],
      );
      assert.equal(diffFails(d, "any"), false);
    }),
    { seed: SEED, numRuns: runs(RUNS) },
  );
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// One mutation each: it must show up in the diff, named where it happened.
const MUTATIONS: Array<{ name: string; apply: (s: Json, rnd: number) => string | null }> = [
  {
    name: "description",
    apply: (s, r) => pick(s, r, (t) => ((t.description = `${t.description}!`), t.name)),
  },
  {
    name: "invisible character",
    apply: (s, r) => pick(s, r, (t) => ((t.description = `${t.description}\u200b`), t.name)),
  },
  {
    name: "new parameter",
    apply: (s, r) => pick(s, r, (t) => ((t.inputSchema.properties.zz_new = { type: "string" }), t.name)),
  },
  {
    name: "parameter removed",
    apply: (s, r) =>
      pick(s, r, (t) => {
        const k = Object.keys(t.inputSchema.properties)[0];
        if (k === undefined) return null;
        delete t.inputSchema.properties[k];
        return t.name;
      }),
  },
  {
    name: "annotations",
    apply: (s, r) => pick(s, r, (t) => ((t.annotations = { ...t.annotations, openWorldHint: true }), t.name)),
  },
  {
    name: "tool removed",
    apply: (s, r) => pick(s, r, (t) => ((s.tools = s.tools.filter((x: Json) => x !== t)), t.name)),
  },
  {
    name: "tool added",
    apply: (s) => (
      s.tools.push({ name: "zz_added", description: "x", inputSchema: { type: "object" } }),
      "zz_added"
    ),
  },
  { name: "server version", apply: (s) => ((s.server.version = "9.9.9"), "(server)") },
  { name: "protocol", apply: (s) => ((s.protocol = "2099-01-01"), "(server)") },
  { name: "instructions", apply: (s) => ((s.instructions = `${s.instructions ?? ""}?`), "(server)") },
];

function pick(s: Json, r: number, f: (t: Json) => string | null): string | null {
  if (s.tools.length === 0) return null;
  return f(s.tools[r % s.tools.length]);
}

test("every single mutation of B is reported, at the tool it touched", () => {
  fc.assert(
    fc.property(snapshotArb, fc.constantFrom(...MUTATIONS), fc.nat(), (a, m, r) => {
      const b = structuredClone(a) as Json;
      const where = m.apply(b, r);
      fc.pre(where !== null);
      const d = diffSnapshots(a, ServerSnapshot.of(b as ServerSnapshot));
      assert.equal(d.identical, false, m.name);
      assert.equal(diffFails(d, "any"), true);
      if (where === "(server)") assert.ok(d.server.length > 0, m.name);
      else assert.ok([...d.added, ...d.removed, ...d.changed.map((c) => c.name)].includes(where!), m.name);
      assert.ok(!renderDiff(d).includes("\u200b"));
    }),
    { seed: SEED, numRuns: runs(RUNS) },
  );
});

test("diff(A, B) and diff(B, A) mirror each other", () => {
  const flip: Record<string, string> = {
    added: "removed",
    removed: "added",
    required: "optional",
    optional: "required",
    type: "type",
  };
  const key = (f: { rule: string; tool: string | null; path: string }) => `${f.rule}|${f.tool}|${f.path}`;
  fc.assert(
    fc.property(snapshotArb, snapshotArb, (a, b) => {
      const ab = diffSnapshots(a, b);
      const ba = diffSnapshots(b, a);
      assert.deepEqual(ab.added, ba.removed);
      assert.deepEqual(ab.removed, ba.added);
      assert.deepEqual(ab.identical, ba.identical);
      assert.deepEqual(
        ab.changed.map((c) => [c.name, c.fields]),
        ba.changed.map((c) => [c.name, c.fields]),
      );
      for (const [i, c] of ab.changed.entries()) {
        const back = ba.changed[i]!;
        // A new parameter that is required is "added" and "required"; seen backwards it is only
        // "removed", so the requirement of an added parameter has no mirror.
        const own = (ps: typeof c.parameters) => {
          const added = new Set(ps.filter((p) => p.kind === "added").map((p) => p.path));
          return ps.filter((p) => !(p.kind === "required" && added.has(p.path)));
        };
        assert.deepEqual(
          own(c.parameters)
            .map((p) => `${p.path} ${flip[p.kind]} ${p.to ?? ""} ${p.from ?? ""}`)
            .sort(),
          own(back.parameters)
            .map((p) => `${p.path} ${p.kind} ${p.from ?? ""} ${p.to ?? ""}`)
            .sort(),
        );
        assert.deepEqual(
          c.capabilities.map((x) => `${x.capability} ${x.change === "added" ? "removed" : "added"}`).sort(),
          back.capabilities.map((x) => `${x.capability} ${x.change}`).sort(),
        );
      }
      assert.deepEqual(ab.lintNew.map(key), ba.lintResolved.map(key));
      assert.deepEqual(ab.lintResolved.map(key), ba.lintNew.map(key));
      assert.deepEqual(
        ab.server.map((s) => [s.field, s.from, s.to]),
        ba.server.map((s) => [s.field, s.to, s.from]),
      );
    }),
    { seed: SEED, numRuns: runs(RUNS) },
  );
});

test("sameJson agrees with comparing sorted-key JSON text", () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), fc.jsonValue({ maxDepth: 4 }), (a, b) => {
      assert.equal(sameJson(a, b), stableJson(a) === stableJson(b));
      assert.equal(sameJson(a, reversedKeys(structuredClone(a))), true);
    }),
    { seed: SEED, numRuns: runs(500) },
  );
  // Near misses a random pair rarely produces.
  assert.equal(sameJson({ a: 1, b: undefined }, { a: 1 }), true);
  assert.equal(sameJson({ a: 1 }, { a: 1, b: 2 }), false);
  assert.equal(sameJson([1, 2], { 0: 1, 1: 2 }), false);
  assert.equal(sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] }), false);
});
