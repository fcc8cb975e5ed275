// Which engine runs a pattern from a server is V8's answer, not a guess from the pattern's text:
// what its linear engine runs runs on the main thread, anything else on the worker within
// regex-ms, so that no pattern blocks the main thread (and Ctrl-C) for longer than that.
import assert from "node:assert/strict";
import { test } from "node:test";
import { NotChecked, compileSchema } from "../../src/schema/compile.js";
import { setLimits } from "../../src/util/limits.js";

function check(pattern: string, value: string): string | null {
  const compiled = compileSchema({ type: "string", pattern });
  assert.equal(compiled.kind, "compiled");
  return compiled.kind === "compiled" ? compiled.check(value) : null;
}

test("a counted repeat the linear engine refuses (no lookaround, no back-reference) is bounded by regex-ms", (t) => {
  t.after(() => setLimits());
  setLimits({ "regex-ms": 200 });
  // Run on the main thread this takes seconds and then answers "must match pattern": 2^25 ways to
  // split 26 a's before the `!` fails. On the worker it is stopped at regex-ms and not checked.
  assert.throws(
    () => check("^(a+){1,50}$", `${"a".repeat(26)}!`),
    (e) => e instanceof NotChecked && /ran past the regex-ms limit/.test(e.message),
  );
  // Such patterns still check values, on the worker (a pattern that once ran out of time is not
  // run again: another one).
  assert.equal(check("^(b+){1,50}$", "bbb"), null);
  assert.match(check("^(b+){1,50}$", "bab") ?? "", /must match pattern/);
  assert.match(check("^[a-z0-9]{1,64}$", "not valid!") ?? "", /must match pattern/);
});

test("patterns the linear engine runs are checked at once, with JSON Schema's meaning", () => {
  assert.equal(check("^(a+)+$", `${"a".repeat(40)}`), null);
  assert.match(check("^(a+)+$", `${"a".repeat(40)}!`) ?? "", /must match pattern/);
  assert.equal(check("^[a-z]+-\\d+$", "abc-12"), null);
  // A back-reference and a lookahead: the worker, with the same answers as V8's own engine.
  assert.equal(check("^(a)\\1$", "aa"), null);
  assert.match(check("^(?!x)[a-z]+$", "xyz") ?? "", /must match pattern/);
});
