import { test } from "node:test";
import assert from "node:assert/strict";
import type { CallOutcome } from "../../src/mcp/types.js";
import { errorClass, judgeOutcome, softError } from "../../src/score/judge.js";

test("errorClass: the environment, not found and needs input, from codes and messages seen on real servers", () => {
  const table: Array<[string, number | undefined, string | null]> = [
    [
      "request to https://api.notion.com/v1/search failed, reason: getaddrinfo ENOTFOUND api.notion.com",
      undefined,
      "environment",
    ],
    ["fetch failed", undefined, "environment"],
    ["connect ECONNREFUSED 127.0.0.1:6443", undefined, "environment"],
    ["Request timed out", undefined, "environment"],
    ["401 Unauthorized: invalid api key", undefined, "environment"],
    ["Invalid API key provided: sk_test_***", undefined, "environment"],
    ["GITHUB_PERSONAL_ACCESS_TOKEN environment variable is not set", undefined, "environment"],
    ["Bad credentials", undefined, "environment"],
    ["Rate limit exceeded, retry later", undefined, "environment"],
    [
      "browserType.launch: Executable doesn't exist at /root/.cache/ms-playwright/chromium-1187/chrome",
      undefined,
      "environment",
    ],
    ["spawn kubectl ENOENT", undefined, "environment"],
    ["Item abc123 not found", undefined, "not-found"],
    ["ENOENT: no such file or directory, open '/tmp/x'", undefined, "not-found"],
    ["Page with ID 'x' does not exist", undefined, "not-found"],
    ["no note with id n-9", undefined, "not-found"],
    ["This action requires user confirmation", undefined, "needs-input"],
    ["open this URL to continue", -32042, "needs-input"],
    ["Method not found", -32601, null],
    ["Tool not found: x", undefined, null],
    ["Unknown tool: x", -32602, null],
    ["export format csv is not supported", undefined, null],
    ["Failed to list customers", undefined, null],
  ];
  for (const [text, code, want] of table) assert.equal(errorClass(text, code), want, text);
});

const result = (text: string, extra: Record<string, unknown> = {}) => ({
  content: [{ type: "text", text }],
  ...extra,
});

test("softError: an error as the only content of a successful answer", () => {
  assert.equal(softError(result("Failed to list customers")), "Failed to list customers");
  assert.equal(softError(result('{"error":"fetch failed"}')), '{"error":"fetch failed"}');
  assert.equal(softError(result("Error: index corrupt")), "Error: index corrupt");
  assert.equal(
    softError({ content: [], structuredContent: { error: "no access" } }),
    '{"error":"no access"}',
  );
  assert.equal(softError(result("3 customers found")), null);
  assert.equal(softError(result('{"error":null,"items":[1]}')), null);
  assert.equal(softError(result("Error handling in JavaScript: " + "x".repeat(600))), null);
  // An answer that repeats what was asked is about it: a tool asked for an "error" message.
  assert.equal(softError(result("Error: Operation failed"), { messageType: "error" }), null);
});

const ok = (text: string): CallOutcome => ({ ok: true, result: result(text), latencyMs: 1 });
const err = (text: string): CallOutcome => ({
  ok: true,
  result: result(text, { isError: true }),
  latencyMs: 1,
});

test("judgeOutcome: what counts, what passes, and why", () => {
  const j = (o: CallOutcome, kind: "happy" | "edge", invalid = true) =>
    (({ ok, class: cls, counted }) => [ok, cls, counted])(
      judgeOutcome(o, kind, undefined, { invalid, property: "query" }),
    );
  assert.deepEqual(j(ok("3 results"), "happy"), [true, "ok", true]);
  assert.deepEqual(j(err("boom"), "happy"), [false, "tool-error", true]);
  assert.deepEqual(j(ok("Failed to search"), "happy"), [false, "soft-error", true]);
  assert.deepEqual(j(err("getaddrinfo ENOTFOUND api.x.com"), "happy"), [false, "environment", false]);
  assert.deepEqual(j(ok('{"error":"fetch failed"}'), "happy"), [false, "environment", false]);
  assert.deepEqual(j(err("Item 9 not found"), "happy"), [false, "not-found", false]);
  // Edge cases: a rejection that says what was wrong passes; silence and vague errors do not.
  assert.deepEqual(j(err("'query' is required"), "edge"), [true, "tool-error", true]);
  assert.deepEqual(j(err("query: expected string"), "edge"), [true, "tool-error", true]);
  assert.deepEqual(j(err("something broke"), "edge"), [false, "tool-error", true]);
  assert.deepEqual(j(ok("3 results"), "edge"), [false, "ok", true]);
  assert.deepEqual(j(ok("Failed: bad query"), "edge"), [false, "soft-error", true]);
  assert.deepEqual(j(err("Item 9 not found"), "edge"), [true, "not-found", true]);
  // Invalid input that reached the backend was not checked: it counts. Allowed input is not counted.
  assert.deepEqual(j(err("fetch failed"), "edge"), [false, "tool-error", true]);
  assert.deepEqual(j(ok("Search failed: fetch failed"), "edge"), [false, "soft-error", true]);
  assert.deepEqual(j(err("fetch failed"), "edge", false), [false, "environment", false]);
  // A missing program or credentials say nothing of whether the input was checked.
  assert.deepEqual(j(err("browserType.launch: Executable doesn't exist"), "edge"), [
    false,
    "environment",
    false,
  ]);
  // Input the schema allows (an empty string where no minLength is set) passes on any answer.
  assert.deepEqual(j(ok("0 results"), "edge", false), [true, "ok", true]);
  const rpc: CallOutcome = {
    ok: false,
    error: { code: -32602, message: "Invalid params: query must be string" },
    latencyMs: 1,
  };
  assert.deepEqual(j(rpc, "edge"), [true, "tool-error", true]);
  assert.deepEqual(judgeOutcome(ok("x"), "edge", undefined, { invalid: true }).said, {
    what: "accepted-silently",
  });
});
