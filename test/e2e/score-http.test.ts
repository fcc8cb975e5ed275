import { test } from "node:test";
import assert from "node:assert/strict";
import { scorecardForTarget } from "../../src/api/scorecard.js";
import { resolveTarget } from "../../src/mcp/target.js";
import { formatCallDetail } from "../../src/report/call-detail.js";
import { startStreamableHttp } from "../fixtures/servers/http-servers.mjs";

test("the scorecard runs over Streamable HTTP too (127.0.0.1), and grades what it gets", async () => {
  const server = await startStreamableHttp();
  try {
    const { scorecard: card } = await scorecardForTarget(resolveTarget(server.url), {
      cases: 1,
      allowWrites: true,
      connect: { timeout: 10 },
    });
    assert.equal(card.coverage.called, 2);
    // This fixture lists tools but has no tools/call handler: every valid-input call fails, visibly.
    const happy = card.calls.filter((c) => c.kind === "happy");
    assert.equal(happy.length, 2);
    for (const c of happy) {
      assert.equal(c.outcome, "rpc-error");
      assert.match(formatCallDetail(c.facts), /^JSON-RPC error -32601: /);
    }
    assert.ok(server.seen.filter((r) => r.method === "POST").length >= 4);
  } finally {
    await server.close();
  }
});
