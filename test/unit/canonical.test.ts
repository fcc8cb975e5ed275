import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { canonicalJson, hashJson, sha256Hex } from "../../src/pin/canonical.js";
import { isToolscoreError } from "../../src/util/errors.js";
import { runs } from "../support/runs.js";

// RFC 8785 section 3.2.2, the example of the whole scheme.
test("RFC 8785 3.2.2: the example object", () => {
  const input = JSON.parse(
    '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
  );
  assert.equal(
    canonicalJson(input),
    '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
  );
});

// RFC 8785 section 3.2.3: keys sorted by UTF-16 code units, so the emoji (a surrogate pair) sorts
// before U+FB33 although its code point is higher.
test("RFC 8785 3.2.3: key order by UTF-16 code units, non-BMP keys", () => {
  const input = {
    "\u20ac": "Euro Sign",
    "\r": "Carriage Return",
    "\ufb33": "Hebrew Letter Dalet With Dagesh",
    "1": "One",
    "\ud83d\ude00": "Emoji: Grinning Face",
    "\u0080": "Control",
    "\u00f6": "Latin Small Letter O With Diaeresis",
  };
  assert.equal(
    canonicalJson(input),
    '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis","€":"Euro Sign","😀":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
  );
});

// RFC 8785 appendix B: IEEE 754 bit patterns and their serialisation.
const NUMBERS: Array<[string, string]> = [
  ["0000000000000000", "0"],
  ["8000000000000000", "0"],
  ["0000000000000001", "5e-324"],
  ["8000000000000001", "-5e-324"],
  ["7fefffffffffffff", "1.7976931348623157e+308"],
  ["ffefffffffffffff", "-1.7976931348623157e+308"],
  ["4340000000000000", "9007199254740992"],
  ["c340000000000000", "-9007199254740992"],
  ["4430000000000000", "295147905179352830000"],
  ["44b52d02c7e14af5", "9.999999999999997e+22"],
  ["44b52d02c7e14af6", "1e+23"],
  ["44b52d02c7e14af7", "1.0000000000000001e+23"],
  ["444b1ae4d6e2ef4e", "999999999999999700000"],
  ["444b1ae4d6e2ef4f", "999999999999999900000"],
  ["444b1ae4d6e2ef50", "1e+21"],
  ["3eb0c6f7a0b5ed8c", "9.999999999999997e-7"],
  ["3eb0c6f7a0b5ed8d", "0.000001"],
  ["41b3de4355555553", "333333333.3333332"],
  ["41b3de4355555554", "333333333.33333325"],
  ["41b3de4355555555", "333333333.3333333"],
  ["41b3de4355555556", "333333333.3333334"],
  ["41b3de4355555557", "333333333.33333343"],
  ["becbf647612f3696", "-0.0000033333333333333333"],
  ["43143ff3c1cb0959", "1424953923781206.2"],
];
for (const [bits, text] of NUMBERS) {
  test(`RFC 8785 appendix B: 0x${bits} -> ${text}`, () => {
    const view = new DataView(new ArrayBuffer(8));
    view.setBigUint64(0, BigInt(`0x${bits}`));
    assert.equal(canonicalJson(view.getFloat64(0)), text);
  });
}

const MORE: Array<[string, unknown, string]> = [
  ["1e21", 1e21, "1e+21"],
  ["1e-7", 1e-7, "1e-7"],
  ["-0", -0, "0"],
  ["0.1 + 0.2", 0.1 + 0.2, "0.30000000000000004"],
  ["1.0 parsed", JSON.parse("1.0"), "1"],
  ["1e20 stays an integer", 1e20, "100000000000000000000"],
  ["escapes", '\b\t\n\f\r"\\/\u0001\u001f\u007f', '"\\b\\t\\n\\f\\r\\"\\\\/\\u0001\\u001f\u007f"'],
  ["non-BMP string kept raw", "a😀b", '"a😀b"'],
  ["zero-width space kept raw", "a\u200bb", '"a\u200bb"'],
  ["lone surrogate escaped", "x\ud800y", '"x\\ud800y"'],
  ["nested, no white space", { b: [1, { d: null, c: true }], a: "" }, '{"a":"","b":[1,{"c":true,"d":null}]}'],
  ["undefined members left out", { a: undefined, b: 1 }, '{"b":1}'],
  ["empty containers", { a: {}, b: [] }, '{"a":{},"b":[]}'],
];
for (const [name, value, text] of MORE) {
  test(`canonicalJson: ${name}`, () => assert.equal(canonicalJson(value), text));
}

test("canonicalJson refuses NaN and Infinity with a ToolscoreError", () => {
  for (const bad of [NaN, Infinity, -Infinity]) {
    assert.throws(
      () => canonicalJson({ n: bad }),
      (e) => isToolscoreError(e, "FILE_INVALID"),
    );
  }
});

test("property: canonical JSON parses back to the same value and ignores key order", () => {
  fc.assert(
    fc.property(fc.jsonValue(), (v) => {
      const text = canonicalJson(v);
      assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(v)));
      const shuffled = JSON.parse(JSON.stringify(v), function (_k, val: unknown) {
        if (typeof val !== "object" || val === null || Array.isArray(val)) return val;
        return Object.fromEntries(Object.entries(val).reverse());
      }) as unknown;
      assert.equal(canonicalJson(shuffled), text);
    }),
    { numRuns: runs(300) },
  );
});

test("sha256Hex is lowercase hex of the UTF-8 bytes", () => {
  assert.equal(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  assert.equal(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  assert.equal(hashJson({ b: 1, a: "€" }), sha256Hex('{"a":"€","b":1}'));
});
