import { test } from "node:test";
import assert from "node:assert/strict";
import { jsonEqual, sortKeysDeep, stableJson } from "../../src/util/json.js";

test("stableJson sorts keys at every depth and keeps array order", () => {
  assert.equal(
    stableJson({ b: 1, a: [{ d: 1, c: 2 }] }),
    '{\n  "a": [\n    {\n      "c": 2,\n      "d": 1\n    }\n  ],\n  "b": 1\n}',
  );
});

test("a key named __proto__ from a server survives sorting", () => {
  const value = JSON.parse('{"z": 1, "__proto__": {"type": "string"}}') as unknown;
  assert.equal(JSON.stringify(sortKeysDeep(value)), '{"__proto__":{"type":"string"},"z":1}');
  assert.equal(jsonEqual(value, JSON.parse('{"z": 1}')), false);
});

test("jsonEqual ignores key order only", () => {
  assert.equal(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 }), true);
  assert.equal(jsonEqual([1, 2], [2, 1]), false);
});
