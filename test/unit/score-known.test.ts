import { test } from "node:test";
import assert from "node:assert/strict";
import { hasKnownSlot, pathsIn, withKnown } from "../../src/score/known.js";

test("pathsIn: absolute paths in text, in order, once each", () => {
  assert.deepEqual(pathsIn("Allowed directories:\n/tmp/a\n/srv/data, /tmp/a (again) C:\\Users\\me."), [
    "/tmp/a",
    "/srv/data",
    "C:\\Users\\me",
  ]);
  assert.deepEqual(pathsIn("see https://example.com/x and //host/share and a/b"), []);
});

test("withKnown fills id-like and path-like arguments, only while the schema accepts them", () => {
  const schema = {
    type: "object",
    properties: { id: { type: "string" }, path: { type: "string" }, note: { type: "string" } },
    required: ["id"],
  };
  const known = { ids: ["note-1", "note-2"], paths: ["/tmp/a"] };
  const args = { id: "random", path: "random", note: "x" };
  assert.equal(hasKnownSlot(args), true);
  assert.deepEqual(withKnown(args, schema, known, 1), { id: "note-2", path: "/tmp/a", note: "x" });
  const strict = {
    ...schema,
    properties: { ...schema.properties, id: { type: "string", pattern: "^n-\\d+$" } },
  };
  assert.equal(withKnown(args, strict, known), args);
  assert.equal(hasKnownSlot({ note: "x", count: 1 }), false);
});
