import { test } from "node:test";
import assert from "node:assert/strict";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import {
  renderScorecard,
  renderScorecardComparison,
  renderScorecardJson,
} from "../../src/report/scorecard.js";
import { renderScorecardMarkdown } from "../../src/report/scorecard-md.js";
import { PLAIN } from "../../src/report/style.js";
import { runScorecard } from "../../src/score/run.js";
import { FIX_MESSAGES } from "../../src/report/fix-messages.js";
import { skipCause, skipFlag, skipNote, skipReason } from "../../src/report/scorecard-words.js";
import type { SkipFacts } from "../../src/score/plan.js";

// A server whose strings try to reach the terminal raw: an escape sequence and a zero-width space.
const evilName = "list_\u001b[31mred\u200b";
const snapshot = ServerSnapshot.of({
  server: { name: "evil\u001b]0;title\u0007", version: "1" },
  protocol: "2025-11-25",
  capabilities: { tools: {} },
  client_capabilities: [],
  instructions: null,
  tools: [
    {
      name: evilName,
      description: "List every thing.",
      inputSchema: { type: "object", properties: {} },
      annotations: { readOnlyHint: true },
    },
  ],
});
const call = async () => ({
  ok: true as const,
  result: { content: [{ type: "text", text: "bad \u001b[2J| `x` <b>" }], isError: true },
  latencyMs: 1,
});

test("console and Markdown scorecards escape what the server sent", async () => {
  const card = await runScorecard({ snapshot, call }, { cases: 1 });
  for (const text of [renderScorecard(card, PLAIN), renderScorecardMarkdown(card)]) {
    assert.doesNotMatch(text, /\u001b|\u200b|\u0007/);
  }
  assert.match(renderScorecard(card, PLAIN), /list_\\u001b\[31mred\\u200b/);
  // In Markdown, every character Markdown reads as syntax is backslash-escaped as well.
  const md = renderScorecardMarkdown(card);
  assert.match(md, /list\\_\\\\u001b\\\[31mred\\\\u200b/);
  assert.match(md, /bad \\\\u001b\\\[2J\\\| \\`x\\` \\<b\\>/);
  assert.doesNotMatch(md, /<b>/);
  assert.equal(JSON.parse(renderScorecardJson(card)).tools[0].name, evilName);
});

test("two scorecards side by side: grade, rates and coverage, A -> B", async () => {
  const ok = async () => ({ ok: true as const, result: { content: [] }, latencyMs: 1 });
  const a = await runScorecard({ snapshot, call: ok }, { cases: 1 });
  const b = await runScorecard({ snapshot, call }, { cases: 1 });
  const text = renderScorecardComparison(a, b, PLAIN);
  assert.match(
    text,
    new RegExp(
      `^  grade +${a.grade} \\(${a.score!.toFixed(2)}\\) +-> +${b.grade} \\(${b.score!.toFixed(2)}\\)$`,
      "m",
    ),
  );
  assert.match(text, /^ {2}valid input +1\.00 +-> +0\.00$/m);
  assert.match(text, /^ {2}coverage +1\/1 +-> +1\/1$/m);
});

test("fixes are data: each has a kind and its facts, its sentences come from the kind's templates, the JSON keeps the sentences only", async () => {
  const card = await runScorecard({ snapshot, call }, { cases: 1 });
  assert.ok(card.fixes.length > 0);
  const doc = JSON.parse(renderScorecardJson(card)) as { fixes: Array<Record<string, unknown>> };
  card.fixes.forEach((f, i) => {
    const spec = FIX_MESSAGES[f.kind] as { issue(a: unknown): string; fix(a: unknown): string };
    const { issue, fix } = doc.fixes[i]!;
    assert.deepEqual([issue, fix], [spec.issue(f.args), spec.fix(f.args)]);
  });
  const refused = card.fixes.find((f) => f.kind === "valid-input-refused");
  assert.ok(refused && refused.kind === "valid-input-refused");
  assert.equal(refused.args.failed, 1);
  assert.equal(refused.args.unproven, false);
  const json = JSON.parse(renderScorecardJson(card)) as { fixes: Array<Record<string, unknown>> };
  for (const f of json.fixes)
    assert.deepEqual(Object.keys(f), ["tool", "severity", "source", "blocking", "issue", "fix"]);
});

test("a grade resting on one or two calls says so beside the letter; three calls need no word", async () => {
  const ok = async () => ({
    ok: true as const,
    result: { content: [{ type: "text", text: "3 things" }] },
    latencyMs: 1,
  });
  const plain = { ...snapshot, tools: [{ ...snapshot.tools[0]!, name: "list_things" }] };
  const one = await runScorecard({ snapshot: plain, call: ok }, { cases: 1 });
  assert.equal(one.counts.happy.total + one.counts.edge.total, 1);
  assert.match(
    renderScorecard(one, PLAIN),
    /^Grade A \(score 1\.00, from only 1 call\)  called 1 of 1 tool$/m,
  );
  assert.match(
    renderScorecardMarkdown(one),
    /^\*\*Grade A\*\* \(score 1\.00, from only 1 call\), called 1 of 1 tools$/m,
  );
  const three = await runScorecard({ snapshot: plain, call: ok }, { cases: 3 });
  assert.match(renderScorecard(three, PLAIN), /^Grade A \(score 1\.00\)  called 1 of 1 tool$/m);
});

test("a skip is facts: the JSON gives the whole reason, the console the cause under a header naming the flag, a table a few words", () => {
  const cases: Array<[SkipFacts, string, string | null]> = [
    [{ rule: "no-name" }, "its name is not a string: it cannot be called", "no name"],
    [
      {
        rule: "unsafe-effects",
        effects: [
          { capability: "delete", sources: ["name verb 'delete'"] },
          { capability: "unknown", sources: [] },
        ],
      },
      "may delete (name verb 'delete'); its capabilities are unknown: nothing shows it only reads: not called without --allow-writes",
      "may delete; capabilities unknown",
    ],
    [
      { rule: "unsafe-arguments", says: { kind: "write-values", parameter: "mode", values: ["apply"] } },
      "required 'mode' takes only write, delete or exec values ('apply'): not called without --allow-writes",
      "may write",
    ],
    [
      { rule: "network", sources: ["annotation openWorldHint: true"] },
      "reaches the network (annotation openWorldHint: true): not called with --no-network",
      "network",
    ],
    [
      { rule: "writes-only" },
      "no arguments without a write, delete or exec value or a write-like parameter: not called without --allow-writes",
      "may write",
    ],
    [
      {
        rule: "generation-capped",
        capped: { cap: "min-length", value: 20_000, limit: { name: "string-chars", value: 10_000 } },
      },
      "its arguments were not generated: its minLength 20000 is past the string-chars limit of 10000 characters: raise it with --limit string-chars=N or TOOLSCORE_LIMIT_STRING_CHARS",
      "too large",
    ],
    [
      { rule: "needs-input", call: { said: { what: "input-required", methods: ["elicitation/create"] } } },
      "needs input: the server asked for elicitation/create, which toolscore does not give",
      null,
    ],
  ];
  for (const [facts, reason, note] of cases) {
    assert.equal(skipReason(facts), reason, facts.rule);
    assert.equal(skipNote(facts), note, facts.rule);
    const flag = skipFlag(facts);
    // The console line is the cause; the header says what the flag does, so nothing is cut off.
    assert.equal(
      skipCause(facts),
      flag === null ? reason : reason.slice(0, reason.lastIndexOf(": not called")),
      facts.rule,
    );
  }
});
