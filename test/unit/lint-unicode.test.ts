import { test } from "node:test";
import assert from "node:assert/strict";
import { escapeForDisplay, findHiddenChars, hiddenCharKind } from "../../src/util/unicode.js";

// [label, text, hidden code points expected]
const CASES: Array<[string, string, number[]]> = [
  ["ZWJ family", "👨‍👩‍👧‍👦", []],
  ["skin tone and ZWJ", "👩🏽‍💻", []],
  ["regional-indicator flags", "🇫🇷🇯🇵", []],
  ["rainbow flag", "🏳️‍🌈", []],
  ["England flag (tag sequence)", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", []],
  ["keycap", "1️⃣", []],
  ["Arabic", "ابحث في الملاحظات", []],
  ["Hebrew", "חפש בהערות", []],
  ["Persian ZWNJ between letters", "می\u200Cخواهم", []],
  ["Devanagari ZWJ", "क्\u200Dष", []],
  ["ZWNJ between Latin letters", "a\u200Cb", [0x200c]],
  ["ZWJ between Latin letters", "a\u200Db", [0x200d]],
  ["ZWJ after an emoji before a letter", "👍\u200Da", [0x200d]],
  ["zero-width space", "a\u200Bb", [0x200b]],
  ["tags after a letter", "hi\u{E0068}\u{E0069}", [0xe0068, 0xe0069]],
  [
    "tags after a black flag, too long",
    "🏴" + "\u{E0073}\u{E0065}\u{E006E}\u{E0064}\u{E0020}\u{E0061}\u{E007F}",
    [0xe0073, 0xe0065, 0xe006e, 0xe0064, 0xe0020, 0xe0061, 0xe007f],
  ],
  ["tags after a black flag, no cancel tag", "🏴\u{E0067}\u{E0062}\u{E0065}", [0xe0067, 0xe0062, 0xe0065]],
  ["right-to-left override", "abc\u202Edef", [0x202e]],
  ["bidi isolate", "\u2066x\u2069", [0x2066, 0x2069]],
  ["escape character", "x\u001b[31m", [0x1b]],
  ["a right-to-left mark after Hebrew punctuation is writing, not hiding", "שלום!\u200F עולם", []],
  ["an Arabic letter mark beside a number in Arabic text", "العدد \u061C123", []],
  ["a left-to-right mark inside Hebrew text", "קובץ\u200E.txt", []],
  ["a right-to-left mark in English text hides", "open the\u200F file", [0x200f]],
  ["an override in Hebrew text still hides", "שלום\u202Eabc", [0x202e]],
];

for (const [label, text, expected] of CASES) {
  test(`findHiddenChars: ${label}`, () => {
    assert.deepEqual(
      findHiddenChars(text).map((c) => c.codePoint),
      expected,
    );
  });
}

test("escapeForDisplay keeps a subdivision flag and escapes stray tags", () => {
  const england = "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}";
  assert.equal(escapeForDisplay(england), england);
  assert.equal(escapeForDisplay("ok\u{E0041}"), "ok\\u{e0041}");
  assert.equal(escapeForDisplay("می\u200Cخواهم"), "می\u200Cخواهم");
});

test("findHiddenChars's quick check lets through every code point hiddenCharKind flags", () => {
  const missed: string[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue; // lone surrogates are checked below
    if (hiddenCharKind(cp) && findHiddenChars(String.fromCodePoint(cp)).length === 0)
      missed.push(cp.toString(16));
  }
  assert.deepEqual(missed, []);
  assert.equal(findHiddenChars("a\ud800b").length, 1);
});
