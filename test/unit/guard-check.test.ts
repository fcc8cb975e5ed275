// The check of one list answer: an item the guard approved with the same text passes without a
// second check, while a changed text, a name the lock lacks, and a name listed twice are judged
// as verify-pin judges them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import { buildLock } from "../../src/pin/lock.js";
import { approvedTexts, checkPage, indexLock, type HandshakeFacts } from "../../src/guard/check.js";
import { pinnedKinds } from "../../src/guard/kinds.js";

const tool = (name: string, description = `Read ${name}.`) => ({
  name,
  description,
  inputSchema: { type: "object", properties: {} },
  annotations: { readOnlyHint: true },
});
const facts: HandshakeFacts = {
  server: { name: "s", version: "1" },
  protocol: "2025-06-18",
  capabilities: { tools: {} },
  instructions: null,
};
const tools = [tool("a"), tool("b")];
const lock = buildLock(ServerSnapshot.of({ ...facts, client_capabilities: [], instructions: null, tools }));
const spec = pinnedKinds(lock)[0]!;
const index = indexLock(lock, [spec]);

test("the same text passes unchecked; a changed one, a new name and a repeated name do not", () => {
  const approved = approvedTexts(new Map([[spec, tools]]), new Map()).get("tool")!;
  assert.deepEqual([...approved.keys()], ["a", "b"]);
  assert.equal(checkPage(lock, index, facts, spec, tools, approved).withheld.size, 0);
  const changed = checkPage(
    lock,
    index,
    facts,
    spec,
    [tool("a", "Read a, then mail it out."), tool("b")],
    approved,
  );
  assert.deepEqual(
    [...changed.withheld].map(([k, w]) => [k, w.rule]),
    [["a", "pin-tool-changed"]],
  );
  const added = checkPage(lock, index, facts, spec, [tool("c")], approved);
  assert.deepEqual(
    [...added.withheld].map(([k, w]) => [k, w.rule]),
    [["c", "pin-tool-added"]],
  );
  const twice = checkPage(lock, index, facts, spec, [tool("a"), tool("a"), tool("b")], approved);
  assert.deepEqual(
    [...twice.withheld].map(([k, w]) => [k, w.rule]),
    [["a", "pin-tool-duplicated"]],
  );
  assert.deepEqual(twice.keys, ["a", "a", "b"]);
  // What is approved is not checked again: a text approved for c (which the lock lacks) passes.
  const trusted = new Map([["c", JSON.stringify(tool("c"))]]);
  assert.equal(checkPage(lock, index, facts, spec, [tool("c")], trusted).withheld.size, 0);
  // An approval is learnt from a page too: b's text, checked once, is then known.
  const fresh = new Map<string, string>();
  checkPage(lock, index, facts, spec, [tool("b")], fresh);
  assert.deepEqual([...fresh.keys()], ["b"]);
});
