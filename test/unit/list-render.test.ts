// The mcp list table: columns aligned by display width, descriptions cut to the width, every
// server string escaped.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import { listRows, renderList } from "../../src/report/list.js";
import { COLOR, PLAIN, displayWidth } from "../../src/report/style.js";
import type { EffectFinding } from "../../src/pin/effects.js";

const snapshot = (
  tools: Array<Record<string, unknown>>,
  server: Record<string, unknown> = { name: "s", version: "1.0" },
) =>
  ServerSnapshot.of({
    server,
    protocol: "2025-11-25",
    capabilities: {},
    client_capabilities: [],
    instructions: null,
    tools,
  });
const read: EffectFinding[] = [{ capability: "read", sources: ["test"] }];

describe("renderList", () => {
  test("header, aligned columns and parameter counts", () => {
    const snap = snapshot([
      { name: "get", description: "Get it.", inputSchema: { type: "object", properties: { a: {}, b: {} } } },
      { name: "取得", description: "Wide name.", inputSchema: { type: "string" } },
    ]);
    const out = renderList(
      snap,
      listRows(snap, () => read),
      PLAIN,
      80,
    );
    assert.equal(
      out,
      [
        "s 1.0  protocol 2025-11-25, 2 tools",
        "  TOOL  PARAMS  CAPABILITIES  DESCRIPTION",
        "  get   2       read          Get it.",
        "  取得  0       read          Wide name.",
        "",
      ].join("\n"),
    );
  });

  test("descriptions are cut to the width, with an ellipsis", () => {
    const snap = snapshot([{ name: "t", description: "word ".repeat(50) }]);
    const lines = renderList(
      snap,
      listRows(snap, () => []),
      PLAIN,
      60,
    ).split("\n");
    assert.equal(displayWidth(lines[2]!), 60);
    assert.ok(lines[2]!.endsWith("…"));
  });

  test("server strings are escaped: names, versions, descriptions", () => {
    const snap = snapshot([{ name: "evil\u001b[2J", description: "a\u202eb\nc" }], {
      name: "x\u200b",
      version: "\u0007",
    });
    const out = renderList(
      snap,
      listRows(snap, () => []),
      PLAIN,
      200,
    );
    assert.match(out, /^x\\u200b \\u0007 /);
    assert.ok(out.includes("evil\\u001b[2J"));
    assert.ok(out.includes("a\\u202eb c"));
    assert.doesNotMatch(out, /[\u0007\u001b\u200b\u202e]/);
  });

  test("no tools, and colour only from the COLOR style", () => {
    const snap = snapshot([]);
    assert.equal(renderList(snap, [], PLAIN), "s 1.0  protocol 2025-11-25, 0 tools\n  (no tools)\n");
    assert.match(renderList(snap, [], COLOR), /\u001b\[/);
  });
});
