import { test } from "node:test";
import assert from "node:assert/strict";
import { htmlText, mdText } from "../../src/report/markdown.js";

test("mdText: hidden characters escaped, then Markdown syntax made inert", () => {
  assert.equal(mdText("a|b"), "a\\|b");
  assert.equal(mdText("[click](https://x.example)"), "\\[click\\]\\(https://x.example\\)");
  assert.equal(mdText("<img src=x>"), "\\<img src=x\\>");
  assert.equal(mdText("**bold** _it_ `code`"), "\\*\\*bold\\*\\* \\_it\\_ \\`code\\`");
  assert.equal(mdText("x\u200b\u001b[2J"), "x\\\\u200b\\\\u001b\\[2J");
  assert.equal(mdText("line\nbreak"), "line\\\\nbreak");
});

test("htmlText: entities for what HTML reads, hidden characters escaped", () => {
  assert.equal(htmlText(`<b a="1">&</b>`), "&#60;b a=&#34;1&#34;&#62;&#38;&#60;/b&#62;");
  assert.equal(htmlText("\u202e"), "\\u202e");
});
