// How the scorecard judges answers published servers really gave, captured verbatim into
// test/fixtures/real/answers/ (each server run with dummy keys and no backend or browser): an
// error as a JSON-encoded string, an error that repeats the argument it is about, a browser that
// is not installed, a rejected token, and "not found" for a generated process id.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { CallOutcome } from "../../src/mcp/types.js";
import { collectFixes } from "../../src/score/fixes.js";
import { judgeOutcome, softError } from "../../src/score/judge.js";
import type { CallRecord } from "../../src/score/types.js";
import { formatFix } from "../../src/report/fix-messages.js";

const DIR = join(import.meta.dirname, "..", "fixtures", "real", "answers");

interface Answer {
  tool: string;
  arguments: Record<string, unknown>;
  result: Record<string, unknown>;
}

function answer(file: string, tool: string): Answer {
  const doc = JSON.parse(readFileSync(join(DIR, file), "utf8")) as { answers: Answer[] };
  return doc.answers.find((a) => a.tool === tool)!;
}

function record(a: Answer, kind: "happy" | "edge" = "happy"): CallRecord {
  const o: CallOutcome = { ok: true, result: a.result, latencyMs: 5 };
  const v = judgeOutcome(o, kind, undefined, { invalid: true }, a.arguments);
  return {
    tool: a.tool,
    kind,
    case: `${kind}-1`,
    arguments: a.arguments,
    ok: v.ok,
    outcome: v.outcome,
    class: v.class,
    counted: v.counted,
    facts: { said: v.said },
    latency_ms: 5,
  };
}

test("valid-input answers of published servers: what counts and what passes", () => {
  // [file, tool, ok, class, counted]
  const table: Array<[string, string, boolean, string, boolean]> = [
    // `"\"Failed to list products\""`: the quotes of a JSON string hide nothing.
    ["stripe.json", "list_products", false, "soft-error", true],
    ["stripe.json", "list_customers", false, "soft-error", true],
    // `Error fetching library documentation … Invalid library ID format: bravo`, asked for `bravo`.
    ["context7.json", "get-library-docs", false, "soft-error", true],
    // No browser on the machine: the environment, not the server.
    ["playwright.json", "browser_navigate", false, "environment", false],
    ["chrome-devtools.json", "list_pages", false, "environment", false],
    // `invalid service account token`: the credentials, not the input.
    ["1password.json", "vault_list", false, "environment", false],
    // `No session found for PID 47`: a generated id that does not exist.
    ["desktop-commander.json", "read_process_output", false, "not-found", false],
  ];
  for (const [file, tool, ok, cls, counted] of table) {
    const r = record(answer(file, tool));
    assert.deepEqual(
      [r.ok, r.class, r.counted],
      [ok, cls, counted],
      `${file} ${tool}: ${JSON.stringify(r.facts)}`,
    );
  }
});

test("softError judges the text inside a JSON-encoded string", () => {
  const stripe = answer("stripe.json", "list_products");
  assert.equal(softError(stripe.result), "Failed to list products");
  const text = (t: string) => ({ content: [{ type: "text", text: t }] });
  assert.equal(softError(text(JSON.stringify(JSON.stringify("Error: boom")))), "Error: boom");
  assert.equal(softError(text('"3 products"')), null);
  assert.equal(softError(text('"Failed"x')), null);
});

test("an argument echoed in an error excuses it only where it makes the error words", () => {
  const ctx = answer("context7.json", "get-library-docs");
  assert.match(softError(ctx.result, ctx.arguments) ?? "", /^Error fetching library documentation/);
  const text = (t: string) => ({ content: [{ type: "text", text: t }] });
  // A tool asked for an "error" message returns one: that is its answer.
  assert.equal(softError(text("Error: Operation failed"), { messageType: "error" }), null);
  assert.equal(softError(text("Failed to find bravo"), { q: "bravo" }), "Failed to find bravo");
});

test("the fix for a missing browser says install it; for a rejected token, set the credentials", () => {
  const fixFor = (file: string, tool: string) => {
    const fixes = collectFixes([record(answer(file, tool))], [], []);
    const env = fixes.find((f) => f.kind === "environment");
    assert.ok(env, `${file}: an environment fix`);
    assert.ok(!fixes.some((f) => f.kind === "valid-input-refused"), `${file}: no "narrow the schema"`);
    return env;
  };
  const browser = formatFix(fixFor("playwright.json", "browser_navigate"));
  assert.match(browser.fix, /^Install the browser or program the server needs/);
  assert.match(browser.issue, /need a program this machine lacks/);
  assert.match(formatFix(fixFor("chrome-devtools.json", "list_pages")).fix, /^Install the browser/);
  const token = formatFix(fixFor("1password.json", "vault_list"));
  assert.match(token.fix, /^Set the credentials the server needs \(--env KEY=VALUE\)/);
  assert.match(token.issue, /refused for missing or rejected credentials/);
});
