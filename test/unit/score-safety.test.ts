import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { describedChange, isWriteModeValue, writeLikeParameter } from "../../src/pin/effect-words.js";
import { generateArguments } from "../../src/score/arguments.js";
import { Prng } from "../../src/score/prng.js";
import { unsafeArguments } from "../../src/score/safety.js";
import { skipCause } from "../../src/report/scorecard-words.js";

// What a skip for unsafe arguments says: the facts unsafeArguments finds, in the scorecard's words.
const said = (t: Parameters<typeof unsafeArguments>[0]): string | null => {
  const says = unsafeArguments(t);
  return says && skipCause({ rule: "unsafe-arguments", says });
};
import { runs } from "../support/runs.js";

test("describedChange: a description that says the tool sets, writes, deletes or runs something", () => {
  const table: Array<[string, string | null]> = [
    ["Manage Kubernetes contexts - list, get, or set the current context", "set the current context"],
    ["Writes a file to disk and returns its path.", "Writes a file to disk and"],
    ["Read a file. Deletes the cache when asked.", "Deletes the cache when asked"],
    ["Use this to change the active project", "change the active project"],
    ["List all changes the user made", null],
    ["List all running processes", null],
    ["Read output from a running process", null],
    ["Never writes the file; only reads it.", null],
    ["Does not change the data", null],
    ["Returns the value of a setting", null],
    ["Search notes by text.", null],
  ];
  for (const [text, want] of table) assert.equal(describedChange(text), want, text);
});

test("isWriteModeValue: enum values that name a write, delete or exec mode", () => {
  for (const v of ["set", "create", "delete", "apply", "run", "exec", "set_context", "Update", "kill"])
    assert.equal(isWriteModeValue(v), true, v);
  for (const v of ["get", "list", "json", "created", "settings", "address", "tail", 3, true, null])
    assert.equal(isWriteModeValue(v), false, String(v));
});

test("writeLikeParameter: names and descriptions that say where to write", () => {
  const table: Array<[string, unknown, boolean]> = [
    ["filename", { type: "string" }, true],
    ["file_name", {}, true],
    ["outputPath", {}, true],
    ["save_to", {}, true],
    ["overwrite", { type: "boolean" }, true],
    ["target", { description: "File name to save the snapshot to" }, true],
    ["delete_after", {}, true],
    ["query", { description: "Text to search for" }, false],
    ["path", { description: "The file to read" }, false],
    ["limit", { type: "integer" }, false],
  ];
  for (const [name, schema, want] of table)
    assert.equal(writeLikeParameter(name, schema) !== null, want, name);
});

test("unsafeArguments: the reasons a read tool is still not called", () => {
  const tool = (description: string, properties: Record<string, unknown>, required: string[]) => ({
    name: "x",
    description,
    inputSchema: { type: "object", properties, required },
    annotations: { readOnlyHint: true },
  });
  assert.equal(
    said(tool("List, get, or set the current context.", {}, [])),
    "its description says it changes something ('set the current context')",
  );
  assert.equal(
    said(tool("Show a plan.", { mode: { enum: ["apply", "destroy"] } }, ["mode"])),
    "required 'mode' takes only write, delete or exec values ('apply', 'destroy')",
  );
  assert.equal(
    said(tool("Show a plan.", { mode: { oneOf: [{ const: "apply" }, { const: "run" }] } }, ["mode"])),
    "required 'mode' takes only write, delete or exec values ('apply', 'run')",
  );
  assert.equal(
    said(
      tool("Render a page.", { out: { type: "string", description: "Path to save the PDF to" } }, ["out"]),
    ),
    "required 'out' says where to write ('Path to save')",
  );
  // The facts, before they are put into words.
  assert.deepEqual(
    unsafeArguments(tool("Show a plan.", { mode: { enum: ["apply", "destroy"] } }, ["mode"])),
    {
      kind: "write-values",
      parameter: "mode",
      values: ["apply", "destroy"],
    },
  );
  assert.equal(said(tool("Show a plan.", { mode: { enum: ["apply", "show"] } }, ["mode"])), null);
  assert.equal(said(tool("Read a file.", { path: { type: "string" } }, ["path"])), null);
});

// Written out here, independent of the word lists under test.
const WRITE_NAMES = ["filename", "output_path", "save_to", "overwrite", "destination", "force", "outFile"];
const WRITE_VALUES = ["set", "delete", "apply", "create", "run", "exec", "remove", "update"];
const SAFE_VALUES = ["list", "get", "json", "tail", "summary"];
const SAFE_NAMES = ["query", "limit", "mode", "format", "id", "scope"];

type S = Record<string, unknown>;
const leaf = (required: boolean): fc.Arbitrary<S> =>
  fc.oneof(
    fc.constant({ type: "string" }),
    fc.constant({ type: "integer", minimum: 0, maximum: 9 }),
    fc.constant({ type: "boolean" }),
    // An enum mixing write modes and harmless values (at least one harmless when required).
    fc
      .tuple(fc.subarray(WRITE_VALUES), fc.subarray(SAFE_VALUES, { minLength: required ? 1 : 0 }))
      .filter(([w, s]) => w.length + s.length > 0)
      .map(([w, s]) => ({ type: "string", enum: [...w, ...s].sort() })),
    fc
      .constantFrom(...(required ? SAFE_VALUES : [...SAFE_VALUES, ...WRITE_VALUES]))
      .map((c) => ({ const: c })),
    fc
      .tuple(fc.subarray(WRITE_VALUES, { minLength: 1 }), fc.constantFrom(...SAFE_VALUES))
      .map(([w, s]) => ({ oneOf: [...w.map((c) => ({ const: c })), { const: s }] })),
  );
const objectSchema: (depth: number) => fc.Arbitrary<S> = (depth) =>
  fc
    .tuple(
      fc.uniqueArray(fc.constantFrom(...SAFE_NAMES), { maxLength: 4 }),
      fc.uniqueArray(fc.constantFrom(...WRITE_NAMES), { maxLength: 3 }),
      fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    )
    .chain(([safe, write, req]) => {
      const required = safe.filter((_, i) => req[i]);
      const prop = (name: string) =>
        (depth > 0
          ? fc.oneof(leaf(required.includes(name)), objectSchema(depth - 1))
          : leaf(required.includes(name))
        ).map((s): [string, S] => [name, s]);
      const writeProp = (name: string) =>
        fc
          .oneof(leaf(false), fc.constant({ type: "string", description: "Where to save the result" }))
          .map((s): [string, S] => [name, s]);
      return fc
        .tuple(...safe.map(prop), ...write.map(writeProp))
        .map((entries) => ({ type: "object", properties: Object.fromEntries(entries), required }));
    });

function offences(v: unknown, at: string, out: string[]): string[] {
  if (typeof v === "string" && WRITE_VALUES.includes(v)) out.push(`${at} = ${v}`);
  else if (Array.isArray(v)) v.forEach((x, i) => offences(x, `${at}[${i}]`, out));
  else if (v !== null && typeof v === "object")
    for (const [k, x] of Object.entries(v)) {
      if (WRITE_NAMES.includes(k)) out.push(`${at}.${k}`);
      offences(x, `${at}.${k}`, out);
    }
  return out;
}

test("property: safe generation never fills a write-like optional parameter nor picks a write-like value", () => {
  fc.assert(
    fc.property(objectSchema(2), fc.string(), fc.nat(5), fc.boolean(), (schema, seed, variant, full) => {
      const g = generateArguments(schema, new Prng(seed), { safe: true, variant, full });
      assert.equal(g.valid, true, JSON.stringify(g.problem));
      assert.deepEqual(offences(g.args, "args", []), []);
    }),
    { numRuns: runs(300) },
  );
});
