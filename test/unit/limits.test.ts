// The limits module and the walks that must not recurse on a server's depth.
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { canonicalJson } from "../../src/pin/canonical.js";
import { walkSchema, walkStrings } from "../../src/lint/walk.js";
import { diffField } from "../../src/pin/field-diff.js";
import { renderFieldDiff } from "../../src/report/field-diff.js";
import { jsonDepth } from "../../src/util/json.js";
import { DEFAULT_LIMITS, limitError, limits, limitsFrom, setLimits } from "../../src/util/limits.js";
import { isToolscoreError } from "../../src/util/errors.js";
import { errorLine } from "../../src/report/advice.js";

/** `{"p":{"p":…{"s":"x"}}}` nested `depth` objects deep, built without recursion. */
function nested(depth: number): unknown {
  let v: unknown = { s: "x\u200b" };
  for (let i = 1; i < depth; i++) v = { p: v };
  return v;
}

describe("limits", () => {
  afterEach(() => setLimits());

  test("environment variables, then --limit arguments, override the defaults", () => {
    const got = limitsFrom({ TOOLSCORE_LIMIT_MESSAGE_MB: "128", TOOLSCORE_LIMIT_DEPTH: "300" }, [
      "depth=400",
    ]);
    assert.deepEqual(got, { "message-mb": 128, depth: 400 });
    setLimits(got);
    assert.equal(limits()["message-mb"], 128);
    assert.equal(limits().pages, DEFAULT_LIMITS.pages);
  });

  test("a wrong name, a value past the maximum or not a number is a usage error", () => {
    for (const [env, args] of [
      [{}, ["nope=1"]],
      [{}, ["depth=1001"]],
      [{}, ["depth"]],
      [{ TOOLSCORE_LIMIT_PAGES: "many" }, []],
      [{ TOOLSCORE_LIMIT_PAGES: "0" }, []],
    ] as const) {
      assert.throws(
        () => limitsFrom(env, args),
        (e: unknown) => isToolscoreError(e, "USAGE"),
      );
    }
  });

  test("a limit hit names the limit and its value; the CLI adds both ways to raise it", () => {
    setLimits({ "diff-edits": 50 });
    const e = limitError("diff-edits", "the diff has more edits than");
    assert.equal(e.code, "LIMIT");
    assert.equal(e.message, "the diff has more edits than the diff-edits limit of 50 edits");
    assert.deepEqual(e.data, { limit: "diff-edits", value: 50 });
    assert.equal(
      errorLine(e),
      "the diff has more edits than the diff-edits limit of 50 edits: raise it with --limit diff-edits=N or TOOLSCORE_LIMIT_DIFF_EDITS",
    );
  });
});

describe("walks over data deeper than the stack", () => {
  // 50,000 levels: JSON.stringify and a plain recursive writer overflow the stack well short of that.
  test("canonical JSON of 50,000 levels", () => {
    const text = canonicalJson(nested(50_000));
    assert.equal(text, '{"p":'.repeat(49_999) + '{"s":"x\u200b"}' + "}".repeat(49_999));
  });

  test("jsonDepth counts without recursion and stops early past its bound", () => {
    assert.equal(jsonDepth(nested(50_000)), 50_000);
    assert.equal(jsonDepth(nested(50_000), 10), 11);
    assert.equal(jsonDepth([[], { a: [1] }]), 3);
    assert.equal(jsonDepth("x"), 0);
  });

  test("walkSchema and walkStrings reach the bottom of a 10,000-level schema, in document order", () => {
    let schema: unknown = { type: "string", description: "deep\u200b" };
    for (let i = 0; i < 10_000; i++) schema = { type: "object", properties: { a: schema }, required: ["a"] };
    const nodes = walkSchema(schema, "inputSchema");
    assert.equal(nodes.length, 10_001);
    assert.equal(nodes.at(-1)!.path, `inputSchema${".properties.a".repeat(10_000)}`);
    const strings = walkStrings(schema, "inputSchema");
    const last = strings.find((s) => s.text === "deep\u200b");
    assert.equal(last?.path, `inputSchema${".properties.a".repeat(10_000)}.description`);
    assert.deepEqual(
      walkStrings({ b: ["x", { c: "y" }], a: "z" }, "t").map((s) => s.text),
      ["b", "x", "c", "y", "a", "z"],
    );
  });
});

describe("text diffs past their bounds", () => {
  afterEach(() => setLimits());

  const lines = (n: number, tag: string) =>
    Array.from({ length: n }, (_, i) => `line ${i} ${tag}`).join("\n");

  test("past diff-edits: no hunks, line counts and hashes, and the limit to raise", () => {
    setLimits({ "diff-edits": 100 });
    const d = diffField("description", lines(500, "a"), lines(500, "b"))!;
    assert.deepEqual(d.hunks, []);
    assert.equal(d.tooLarge?.limit, "diff-edits");
    assert.equal(d.tooLarge?.from.lines, 500);
    assert.match(
      renderFieldDiff(d).join("\n"),
      /^--- description \(lock\)\n\+\+\+ description\ndiff too large to show: 500 lines, sha256 [0-9a-f]{12} -> 500 lines, sha256 [0-9a-f]{12}; past the diff-edits limit of 100 edits: raise it with --limit diff-edits=N or TOOLSCORE_LIMIT_DIFF_EDITS$/,
    );
  });

  test("within the bounds the diff is shown as before; past diff-lines or diff-kb it is not", () => {
    const small = diffField("description", lines(30, "a"), `${lines(30, "a")}\nmore`)!;
    assert.equal(small.tooLarge, undefined);
    assert.equal(small.hunks.length, 1);
    setLimits({ "diff-lines": 10 });
    assert.equal(
      diffField("description", lines(30, "a"), `${lines(30, "a")}\nmore`)?.tooLarge?.limit,
      "diff-lines",
    );
    setLimits({ "diff-kb": 1 });
    assert.equal(diffField("description", "x".repeat(2000), "y")?.tooLarge?.limit, "diff-kb");
  });
});
