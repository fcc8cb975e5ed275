// Fitting console text to a width: cuts between grapheme clusters and never inside an escape,
// wrapping at spaces with a hanging indent, colour codes never split.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fitLine, fitText, visibleWidth } from "../../src/report/fit.js";
import fc from "fast-check";
import {
  cellsOf,
  cellWidth,
  COLOR,
  displayWidth,
  truncate,
  truncateMiddle,
  widthUpTo,
} from "../../src/report/style.js";
import { escapeLine } from "../../src/util/unicode.js";
import { runs } from "../support/runs.js";

test("truncate cuts between grapheme clusters: accents, emoji sequences and flags stay whole", () => {
  const family = "👨‍👩‍👧";
  assert.equal(displayWidth(family), 2);
  assert.equal(displayWidth("🇫🇷"), 2);
  assert.equal(displayWidth("e\u0301te\u0301"), 3);
  for (let w = 1; w <= 8; w++) {
    for (const s of [`ab${family}cd${family}`, "ré\u0301sumé\u0301 x", "🇫🇷🇩🇪🇮🇹🇪🇸", "取得取得取得"]) {
      const cut = truncate(s, w);
      assert.ok(displayWidth(cut) <= w, `${s} at ${w}`);
      const kept = cut.endsWith("…") ? cut.slice(0, -1) : cut;
      assert.ok(s.startsWith(kept), `${s} at ${w}`);
      // What is kept ends on a cluster boundary: the rest of the string starts a new cluster.
      const seg = [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(s)].map((x) => x.index);
      assert.ok(
        seg.includes(kept.length) || kept.length === s.length,
        `${JSON.stringify(s)} cut inside a cluster at ${w}`,
      );
    }
  }
});

test("cells are the grapheme segmenter's clusters for every character beside itself and a letter", () => {
  // Text of characters that always stand alone is cut without the segmenter: a character wrongly
  // taken for one (a mark, a joiner, a prefix, a Hangul jamo) would join its neighbour here.
  const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
  const clusters = (s: string) => [...segmenter.segment(s)].map((x) => x.segment);
  // Up to the CJK symbols and kana, which hold the first marks past the characters cut alone.
  for (let cp = 0x20; cp <= 0x30ff; cp++) {
    if (cp === 0x5c) continue;
    const c = String.fromCharCode(cp);
    // A mark, joiner or spacing mark joins the letter before it, a prefix the character after
    // it, and a regional indicator or a Hangul jamo its own kind.
    const s = `a${c}${c}a`;
    const [cells, expected] = [cellsOf(s), clusters(s)];
    if (cells.join("\0") !== expected.join("\0")) assert.deepEqual(cells, expected, `U+${cp.toString(16)}`);
  }
  assert.deepEqual(cellsOf("café — “x” → ✓"), [..."café — “x” → ✓"]);
  assert.deepEqual(cellsOf("e\u0301 — 👍🏽"), ["e\u0301", " ", "—", " ", "👍🏽"]);
});

test("truncate never splits an escape written by escapeLine", () => {
  const shown = escapeLine("ab\u200bcd\u{e0041}ef\ngh\u202e");
  assert.equal(shown, "ab\\u200bcd\\u{e0041}ef\\ngh\\u202e");
  for (let w = 1; w <= displayWidth(shown); w++) {
    const cut = truncate(shown, w).replace(/…$/, "");
    assert.doesNotMatch(cut, /\\(u(\{[0-9a-f]*|[0-9a-f]{0,3})?)?$/, `a broken escape at ${w}: ${cut}`);
    assert.ok(displayWidth(truncate(shown, w)) <= w);
  }
});

// Cells of every kind a width counts differently: ASCII, accents, wide characters, emoji
// sequences, flags, escapes and lone marks.
const CELLS = [
  "a",
  " ",
  "é",
  "e\u0301",
  "中",
  "👍🏽",
  "👨‍👩‍👧",
  "🇫🇷",
  "\\u200b",
  "\\u{e0041}",
  "\\n",
  "\u200d",
  "ｱ",
];
const mixed = fc.array(fc.constantFrom(...CELLS), { maxLength: 30 }).map((cs) => cs.join(""));

test("property: truncate keeps the longest run of whole cells that fits beside the ellipsis", () => {
  fc.assert(
    fc.property(mixed, fc.integer({ min: 1, max: 16 }), (s, width) => {
      let expected = s;
      if (displayWidth(s) > width) {
        let kept = "";
        let w = 0;
        for (const cell of cellsOf(s)) {
          if (w + cellWidth(cell) > width - 1) break;
          kept += cell;
          w += cellWidth(cell);
        }
        expected = `${kept}…`;
      }
      assert.equal(truncate(s, width), expected);
      assert.equal(widthUpTo(s, width), Math.min(displayWidth(s), width));
    }),
    { numRuns: runs(400) },
  );
  // The first cell that does not fit ends the kept run: a lone mark after it (here after an
  // escape, a cell of its own) is not kept either, though it is zero columns wide.
  assert.equal(truncate("a\\n\u0301b", 3), "a…");
});

test("truncateMiddle keeps the start and the end of a name", () => {
  assert.equal(truncateMiddle("firecrawl_research_search_github", 22), "firecrawl…earch_github");
  assert.equal(displayWidth(truncateMiddle("firecrawl_research_search_github", 22)), 22);
  assert.equal(truncateMiddle("short", 22), "short");
});

test("fitLine wraps at spaces with a hanging indent under the text", () => {
  const fix = `     fix: ${"word ".repeat(30).trim()}`;
  const lines = fitLine(fix, 40);
  assert.ok(lines.length > 1);
  for (const l of lines) assert.ok(visibleWidth(l) <= 40, l);
  assert.ok(
    lines.slice(1).every((l) => /^ {10}word/.test(l)),
    lines.join("\n"),
  );
  const numbered = fitLine(`  1. error ${"issue ".repeat(20)}`, 50);
  assert.ok(numbered.slice(1).every((l) => /^ {5}issue/.test(l)));
  const plain = fitLine(`    ${"text ".repeat(30)}`, 50);
  assert.ok(plain.slice(1).every((l) => /^ {6}text/.test(l)));
  assert.deepEqual(fitLine("short line", 50), ["short line"]);
});

test("fitLine breaks a word wider than a line after punctuation, and never splits a colour code", () => {
  const path = "inputSchema.properties.scrapeOptions.properties.queryOptions.properties.mode";
  const lines = fitLine(`  required-with-default  firecrawl_crawl  ${path}`, 60);
  for (const l of lines) assert.ok(visibleWidth(l) <= 60, l);
  assert.equal(
    lines
      .map((l) => l.trim())
      .join("")
      .replace(/\s/g, ""),
    `required-with-defaultfirecrawl_crawl${path}`,
  );
  assert.ok(
    lines.slice(1, -1).every((l) => l.endsWith(".")),
    lines.join("\n"),
  );
  const styled = fitText(`${COLOR.red("ERROR")}  ${COLOR.dim("a ".repeat(60))}`, 30);
  for (const l of styled.split("\n")) {
    assert.ok(visibleWidth(l) <= 30);
    assert.doesNotMatch(l.replace(/\u001b\[[0-9;]*m/g, ""), /\u001b|\[\d+m/);
  }
});
