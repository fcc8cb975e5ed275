import { test } from "node:test";
import assert from "node:assert/strict";
import type { RawTool } from "../../src/mcp/types.js";
import { buildLock } from "../../src/pin/lock.js";
import { checkPin } from "../../src/pin/verify.js";
import { renderPinReport } from "../../src/report/pin.js";
import { renderPinJson } from "../../src/report/pin-json.js";
import { renderPinMarkdown } from "../../src/report/pin-markdown.js";
import { snapshotOf } from "../support/snapshot.js";

const snap = (tools: RawTool[]) => snapshotOf({ tools });

// A hostile server: a tool name with a terminal escape, a table pipe, backticks and a zero-width space.
const NAME = "evil|`x`\u001b[31m\u200b<b>";
const report = checkPin(
  buildLock(snap([{ name: "get_a", description: "A.", inputSchema: { type: "object" } }])),
  snap([
    { name: "get_a", description: "A.\u202e```", inputSchema: { type: "object" } },
    { name: NAME, description: "Deletes everything.", inputSchema: { type: "object" } },
  ]),
);

test("the console report escapes what a server sends", () => {
  const text = renderPinReport(report);
  assert.ok(!text.includes("\u001b"), "no raw terminal escape");
  assert.ok(!text.includes("\u200b") && !text.includes("\u202e"));
  assert.match(
    text,
    /new tool 'evil\|`x`\\u001b\[31m\\u200b<b>' can delete \(description starts with 'Deletes'\) \(pin-capability-added\)/,
  );
  assert.match(text, /\n {9}\+A\.\\u202e```\n/);
});

test("the Markdown report keeps server text inside its cells and fences", () => {
  const md = renderPinMarkdown(report);
  assert.ok(!md.includes("\u001b") && !md.includes("\u200b"));
  const rows = md.split("\n").filter((l) => l.startsWith("| error"));
  assert.equal(rows.length, 3);
  for (const row of rows) assert.equal(row.split(/(?<!\\)\|/).length, 7, row);
  assert.match(md, /<summary>get_a: description<\/summary>/);
  assert.match(md, /\n\+A\.\\u202e` ``\n/);
  assert.equal(md.match(/^```/gm)?.length, 2);
});

test("the JSON report has kind, fail_on, counts and findings with messages", () => {
  const json = JSON.parse(renderPinJson(report)) as Record<string, unknown> & {
    findings: Array<Record<string, unknown>>;
  };
  assert.equal(json.kind, "toolscore.mcp-pin-report");
  assert.equal(json.fail_on, "drift");
  assert.equal(json.failing, 3);
  assert.equal(json.total, 3);
  assert.deepEqual(
    json.findings.map((f) => f.rule),
    ["pin-capability-added", "pin-tool-added", "pin-tool-changed"],
  );
  assert.equal(json.findings[2]!.message, "'get_a' changed: description");
  // JSON keeps the server's text as it is: escaping is for people, not machines.
  assert.equal(json.findings[0]!.tool, NAME);
});
