import { test } from "node:test";
import assert from "node:assert/strict";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import type { CallOutcome, CallTool, RawTool } from "../../src/mcp/types.js";
import { probeReason } from "../../src/report/probe-messages.js";
import { renderScorecardJson } from "../../src/report/scorecard.js";
import { runScorecard } from "../../src/score/run.js";

// An in-memory store behind a fake `call`, with tools that keep or break their declared behaviour.
function fakeServer() {
  const items: Array<{ id: string; title: string; flag: boolean; views: number }> = [
    { id: "item-1", title: "First", flag: false, views: 0 },
    { id: "item-2", title: "Second", flag: false, views: 0 },
  ];
  let next = 3;
  const answer = (structured: unknown): CallOutcome => ({
    ok: true,
    result: {
      content: [{ type: "text", text: JSON.stringify(structured) }],
      structuredContent: structured as object,
    },
    latencyMs: 1,
  });
  const fail = (text: string): CallOutcome => ({
    ok: true,
    result: { content: [{ type: "text", text }], isError: true },
    latencyMs: 1,
  });
  const call: CallTool = async (name, args) => {
    const item = items.find((i) => i.id === args.id);
    switch (name) {
      case "list_items":
        return answer({ items });
      case "get_item": // declared read-only, but counts views in the store
        if (!item) return fail("no such item");
        item.views++;
        return answer(item);
      case "peek_item": // read-only and clean, but accepts a call without its required id
        return answer(item ?? { none: true });
      case "add_item":
        if (typeof args.title !== "string") return fail("title is required");
        items.push({ id: `item-${next++}`, title: args.title, flag: false, views: 0 });
        return answer({ ok: true });
      case "rename_item": // says it is not destructive, but overwrites the title
        if (!item || typeof args.title !== "string") return fail("id and title are required");
        item.title = args.title;
        return answer(item);
      case "toggle_item": // says it is idempotent, but each call flips the flag
        if (!item) return fail("no such item");
        item.flag = !item.flag;
        return answer(item);
      default:
        return { ok: false, error: { code: -32602, message: `Unknown tool: ${name}` }, latencyMs: 1 };
    }
  };
  return { call };
}

const t = (
  name: string,
  properties: Record<string, unknown>,
  required: string[],
  annotations: Record<string, unknown>,
): RawTool => ({
  name,
  description: `The ${name} tool of the fake item store.`,
  inputSchema: { type: "object", properties, required },
  annotations,
});
const id = { id: { type: "string" } };
const tools = [
  t("list_items", {}, [], { readOnlyHint: true }),
  t("get_item", id, ["id"], { readOnlyHint: true }),
  t("peek_item", id, ["id"], { readOnlyHint: true }),
  t("add_item", { title: { type: "string" } }, ["title"], { readOnlyHint: false, destructiveHint: false }),
  t("rename_item", { ...id, title: { type: "string" } }, ["id", "title"], {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
  }),
  t("toggle_item", id, ["id"], { readOnlyHint: false, destructiveHint: false, idempotentHint: true }),
];
const snapshot = ServerSnapshot.of({
  server: { name: "items" },
  protocol: "2025-11-25",
  capabilities: { tools: {} },
  client_capabilities: [],
  instructions: null,
  tools,
});

const verdicts = (probes: Array<{ id: string; tool: string; status: string }>) =>
  Object.fromEntries(probes.map((p) => [`${p.id} ${p.tool}`, p.status]));

test("effect probes find each declared behaviour that does not hold", async () => {
  const card = await runScorecard(
    { snapshot, call: fakeServer().call },
    { probes: true, allowWrites: true, edgeCases: false },
  );
  const v = verdicts(card.probes);
  assert.equal(v["readonly-no-side-effect get_item"], "fail");
  assert.equal(v["readonly-no-side-effect peek_item"], "pass");
  assert.equal(v["readonly-no-side-effect list_items"], "pass");
  assert.equal(v["invalid-input-rejected get_item"], "pass");
  assert.equal(v["invalid-input-rejected peek_item"], "fail");
  assert.equal(v["write-visible add_item"], "pass");
  assert.equal(v["non-destructive-hint-honoured add_item"], "pass");
  assert.equal(v["non-destructive-hint-honoured rename_item"], "fail");
  assert.equal(v["idempotent-hint-honoured rename_item"], "pass");
  assert.equal(v["idempotent-hint-honoured toggle_item"], "fail");
  // Each result is data: a message id and its facts, the reason made from them in one place.
  const messages = Object.fromEntries(card.probes.map((p) => [`${p.id} ${p.tool}`, p.message]));
  assert.equal(messages["readonly-no-side-effect get_item"], "state-changed");
  assert.equal(messages["invalid-input-rejected peek_item"], "missing-accepted");
  assert.equal(messages["idempotent-hint-honoured toggle_item"], "repeat-changed");
  const lost = card.probes.find((p) => p.message === "facts-lost");
  assert.ok(lost && lost.message === "facts-lost" && lost.args.first.length > 0);
  const json = JSON.parse(renderScorecardJson(card)) as { probes: Array<Record<string, unknown>> };
  for (const p of json.probes)
    assert.deepEqual(Object.keys(p), ["id", "tool", "confidence", "status", "reason"]);
  card.probes.forEach((p, i) => {
    assert.equal(json.probes[i]!.reason, probeReason(p));
    assert.ok(probeReason(p).length > 0);
    assert.equal(
      p.confidence,
      p.id.startsWith("readonly") || p.id.startsWith("invalid") || p.id.startsWith("output")
        ? "high"
        : "medium",
    );
  });
  // Probes are a fifth of the score.
  const judged = card.probes.filter((p) => p.status !== "skip");
  const probeRate = judged.filter((p) => p.status === "pass").length / judged.length;
  assert.equal(card.rates.probes, probeRate);
  const expected =
    0.5 * card.rates.happy! + 0.15 * card.rates.edge! + 0.15 * card.rates.lint + 0.2 * probeRate;
  assert.equal(card.score, Math.round(expected * 10_000) / 10_000);
  // A failing high-confidence probe blocks CI; a medium one does not.
  assert.equal(card.fixes.find((f) => f.source === "probe:readonly-no-side-effect")!.blocking, true);
  assert.equal(card.fixes.find((f) => f.source === "probe:idempotent-hint-honoured")!.blocking, false);
});

test("without --allow-writes only the read and input probes run, and no write tool is called", async () => {
  const server = fakeServer();
  const called = new Set<string>();
  const call: CallTool = (name, args, o) => (called.add(name), server.call(name, args, o));
  const card = await runScorecard({ snapshot, call }, { probes: true });
  assert.deepEqual([...new Set(card.probes.map((p) => p.id))].sort(), [
    "invalid-input-rejected",
    "readonly-no-side-effect",
  ]);
  assert.deepEqual([...called].sort(), ["get_item", "list_items", "peek_item"]);
});

test("no observer: the state probes are skipped with the reason", async () => {
  const lone = ServerSnapshot.of({ ...snapshot, tools: tools.filter((x) => x.name !== "list_items") });
  const card = await runScorecard({ snapshot: lone, call: fakeServer().call }, { probes: true });
  const p = card.probes.find((x) => x.id === "readonly-no-side-effect")!;
  assert.equal(p.status, "skip");
  assert.match(probeReason(p), /no read-only tool without required arguments/);
});
