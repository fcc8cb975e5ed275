// Escaping untrusted strings for display: every hidden or control character is written out.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { runs } from "../support/runs.js";
import { escapeForDisplay, findHiddenChars } from "../../src/util/unicode.js";

describe("escapeForDisplay", () => {
  // [case, input, expected (multiline default), expected single-line]
  const CASES: Array<[string, string, string, string]> = [
    ["plain text", "Read a file.", "Read a file.", "Read a file."],
    ["zero-width space", "a\u200bb", "a\\u200bb", "a\\u200bb"],
    ["right-to-left override", "\u202eelif\u202c", "\\u202eelif\\u202c", "\\u202eelif\\u202c"],
    ["ANSI colour escape", "\u001b[31mRED\u001b[0m", "\\u001b[31mRED\\u001b[0m", "\\u001b[31mRED\\u001b[0m"],
    ["newline", "a\nb", "a\nb", "a\\nb"],
    ["carriage return", "a\rb", "a\\rb", "a\\rb"],
    ["tag characters", "x\u{e0041}", "x\\u{e0041}", "x\\u{e0041}"],
    ["C1 control", "a\u0085b", "a\\u0085b", "a\\u0085b"],
    ["BOM", "\ufeffhi", "\\ufeffhi", "\\ufeffhi"],
    ["emoji with a joiner stays", "👩\u200d💻", "👩\u200d💻", "👩\u200d💻"],
    ["accents stay", "café ñ", "café ñ", "café ñ"],
  ];
  for (const [name, input, multi, single] of CASES) {
    test(name, () => {
      assert.equal(escapeForDisplay(input), multi);
      assert.equal(escapeForDisplay(input, { multiline: false }), single);
    });
  }

  test("single-line output holds no hidden character and no line break (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        const out = escapeForDisplay(s, { multiline: false });
        assert.deepEqual(findHiddenChars(out), []);
        assert.doesNotMatch(out, /[\n\r\u001b]/);
      }),
      { numRuns: runs(100) },
    );
  });
});
