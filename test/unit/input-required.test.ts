// MCP 2026-07-28 input_required results: which are answered and retried, and which make a tool
// "needs input" in the scorecard.
import assert from "node:assert/strict";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { isInputRequired, retryParams } from "../../src/mcp/input-required.js";
import { judgeOutcome, needsInput } from "../../src/score/judge.js";
import type { CallSaid } from "../../src/score/call-facts.js";
import { formatCallDetail } from "../../src/report/call-detail.js";

const call = { name: "t", arguments: { a: 1 } };
const asked = (requests: Record<string, unknown>, requestState?: string) => ({
  resultType: "input_required",
  inputRequests: requests,
  ...(requestState === undefined ? {} : { requestState }),
});

test("roots and elicitation are answered only when declared; requestState is echoed exactly", () => {
  const r = asked(
    { where: { method: "roots/list" }, ok: { method: "elicitation/create", params: {} } },
    "s1 ",
  );
  assert.deepEqual(retryParams(call, r, ["elicitation", "roots"], "/tmp"), {
    ...call,
    inputResponses: {
      where: { roots: [{ uri: pathToFileURL("/tmp").href, name: "working directory" }] },
      ok: { action: "decline" },
    },
    requestState: "s1 ",
  });
  assert.equal(retryParams(call, r, ["roots"], "/tmp"), undefined);
  assert.equal(
    retryParams(call, asked({ s: { method: "sampling/createMessage" } }), ["sampling"], "/tmp"),
    undefined,
  );
  assert.deepEqual(retryParams(call, asked({}, "only-state"), [], "/tmp"), {
    ...call,
    requestState: "only-state",
  });
  assert.equal(retryParams(call, asked({}), [], "/tmp"), undefined);
  // A retry carries only this round's answers and state.
  const again = retryParams(
    { ...call, inputResponses: { old: 1 }, requestState: "old" },
    asked({}, "new"),
    [],
    "/",
  );
  assert.deepEqual(again, { ...call, requestState: "new" });
});

test("needs input: input_required and -32021; anything else is judged as before", () => {
  assert.equal(isInputRequired({ resultType: "input_required" }), true);
  assert.equal(isInputRequired({ resultType: "complete", content: [] }), false);
  const sampling = {
    ok: true as const,
    result: asked({ s: { method: "sampling/createMessage" } }),
    latencyMs: 1,
  };
  const words = (said: CallSaid | null) => (said === null ? null : formatCallDetail({ said }));
  assert.equal(
    words(needsInput(sampling)),
    "needs input: the server asked for sampling/createMessage, which toolscore does not give",
  );
  assert.deepEqual(judgeOutcome(sampling, "happy", undefined), {
    ok: false,
    outcome: "result",
    class: "needs-input",
    counted: false,
    said: { what: "input-required", methods: ["sampling/createMessage"] },
    latencyMs: 1,
  });
  const refused = { ok: false as const, error: { code: -32021, message: "declare sampling" }, latencyMs: 1 };
  assert.match(
    words(needsInput(refused))!,
    /^needs input: it requires a client capability toolscore did not declare/,
  );
  assert.equal(needsInput({ ok: false, error: { code: -32601, message: "no" }, latencyMs: 1 }), null);
  assert.equal(needsInput({ ok: true, result: { content: [] }, latencyMs: 1 }), null);
});
