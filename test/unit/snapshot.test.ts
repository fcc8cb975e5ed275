// The snapshot file: checked on read, canonical on write, the same bytes for the same data.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { runs } from "../support/runs.js";
import { ServerSnapshot, sortTools } from "../../src/mcp/snapshot.js";
import { isToolscoreError } from "../../src/util/errors.js";

const base = {
  kind: "toolscore.mcp-snapshot",
  snapshot_version: "1",
  server: { name: "s", version: "1" },
  protocol: "2025-11-25",
  capabilities: { tools: {} },
  client_capabilities: [],
  instructions: null,
  tools: [{ name: "b" }, { name: "a", inputSchema: { type: "string" }, "x-extra": [1] }],
};

describe("ServerSnapshot", () => {
  test("serialize: fixed key order, sorted tools kept as sent, two spaces, trailing newline", () => {
    const shuffled = Object.fromEntries(Object.entries(base).reverse());
    const text = ServerSnapshot.serialize(ServerSnapshot.parse(shuffled));
    assert.equal(
      text,
      `{
  "kind": "toolscore.mcp-snapshot",
  "snapshot_version": "1",
  "server": {
    "name": "s",
    "version": "1"
  },
  "protocol": "2025-11-25",
  "capabilities": {
    "tools": {}
  },
  "client_capabilities": [],
  "instructions": null,
  "tools": [
    {
      "name": "a",
      "inputSchema": {
        "type": "string"
      },
      "x-extra": [
        1
      ]
    },
    {
      "name": "b"
    }
  ]
}
`,
    );
  });

  test("parse → serialize → parse is stable for any tools (property)", () => {
    const tool = fc.record(
      { name: fc.string(), description: fc.string(), extra: fc.jsonValue() },
      { requiredKeys: ["name"] },
    );
    fc.assert(
      fc.property(
        fc.array(tool),
        fc.constantFrom<Array<"roots" | "sampling" | "elicitation">>([], ["sampling", "roots"]),
        (tools, caps) => {
          const once = ServerSnapshot.serialize(
            ServerSnapshot.parse({ ...base, tools, client_capabilities: caps }),
          );
          const twice = ServerSnapshot.serialize(ServerSnapshot.parse(JSON.parse(once)));
          assert.equal(twice, once);
          const names = (JSON.parse(once) as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
          assert.deepEqual(
            names,
            [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
          );
        },
      ),
      { numRuns: runs(100) },
    );
  });

  test("sortTools keeps the server's order among equal names", () => {
    assert.deepEqual(sortTools([{ name: "x", n: 1 }, { name: "a" }, { name: "x", n: 2 }]), [
      { name: "a" },
      { name: "x", n: 1 },
      { name: "x", n: 2 },
    ]);
  });

  // [case, data, message pattern]
  const BAD: Array<[string, unknown, RegExp]> = [
    ["not an object", [], /not a JSON object/],
    ["a lock", { ...base, kind: "toolscore.mcp-lock" }, /is not a snapshot \(kind "toolscore\.mcp-lock"/],
    ["no kind", { tools: [] }, /kind null/],
    ["another version", { ...base, snapshot_version: "2" }, /snapshot_version "2" is not supported/],
    ["server not an object", { ...base, server: "s" }, /"server" is not an object/],
    ["protocol missing", { ...base, protocol: undefined }, /"protocol" is not a string/],
    ["instructions a number", { ...base, instructions: 3 }, /"instructions" is neither/],
    ["unknown client capability", { ...base, client_capabilities: ["telepathy"] }, /client_capabilities/],
    ["tools not a list", { ...base, tools: {} }, /"tools" is not a list/],
    ["a tool not an object", { ...base, tools: [1] }, /tools\[0\] is not an object/],
  ];
  for (const [name, data, message] of BAD) {
    test(`parse rejects ${name}`, () => {
      assert.throws(
        () => ServerSnapshot.parse(data, "snap.json"),
        (e) =>
          isToolscoreError(e, "FILE_INVALID") && message.test(e.message) && e.message.startsWith("snap.json"),
      );
    });
  }
});
