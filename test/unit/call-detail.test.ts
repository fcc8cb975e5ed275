import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  capWords,
  environmentExample,
  environmentFixDetail,
  formatCallDetail,
} from "../../src/report/call-detail.js";
import type { CallFacts, CapFacts } from "../../src/score/call-facts.js";

// The facts of scorecard calls and the words recorded for them when the judge, the timeout rules,
// argument generation and the edge cases still made their own sentences: each call's detail, the
// examples of an incomplete card, what the environment fix quotes, and why a tool's arguments were
// not generated. Recorded from the calls of the score, CLI, e2e and README tests (and a few made-up
// answers for the kinds those do not reach), with the old words made beside the new facts in the
// same run.
type Case =
  | { words: "detail" | "example" | "environment-fix"; facts: CallFacts; text: string }
  | { words: "cap"; facts: CapFacts; text: string };
const CASES: Case[] = readFileSync(new URL("../fixtures/score/call-words.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l !== "")
  .map((l) => JSON.parse(l) as Case);

function words(c: Case): string {
  switch (c.words) {
    case "detail":
      return formatCallDetail(c.facts);
    case "example":
      return environmentExample(c.facts);
    case "environment-fix":
      return environmentFixDetail(c.facts);
    case "cap":
      return capWords(c.facts);
  }
}

test("every call's words, made from its facts, are the ones the scorecard made", () => {
  for (const [i, c] of CASES.entries()) assert.equal(words(c), c.text, `case ${i + 1} (${c.words})`);
});

test("the cases make every kind of call fact", () => {
  const made = new Set<string>();
  for (const c of CASES) {
    made.add(`words/${c.words}`);
    if (c.words === "cap") {
      made.add(`cap/${c.facts.cap}`);
      continue;
    }
    const { said, edge, unproven } = c.facts;
    made.add(`said/${said.what}`);
    if ("answer" in said) made.add(`answer/${said.what}/${said.answer.said}`);
    if (said.what === "output-invalid") made.add(`output/${said.problem.problem}`);
    if (edge) made.add(`edge/${edge.change}`);
    if (unproven) made.add(`unproven/${unproven.problem}`);
  }
  const unmade = [
    ...["answer", "timeout", "timeout-hung", "timeout-unreachable", "crash", "failed"],
    ...["needs-capability", "input-required", "environment", "needs-person", "not-found"],
    ...["reached-backend", "rejected-as-result", "rejected-unclear", "accepted-silently", "output-invalid"],
  ]
    .map((w) => `said/${w}`)
    .concat(
      ["ok", "rpc-error", "error-result", "soft-error"].map((a) => `answer/answer/${a}`),
      ["rpc-error", "error-result", "soft-error"].map((a) => `answer/environment/${a}`),
      ["rpc-error", "error-result"].map((a) => `answer/needs-person/${a}`),
      ["missing", "too-large", "uncompilable", "unfinished", "mismatch"].map((p) => `output/${p}`),
      ["invalid", "admits-none", "capped", "uncompilable", "network-ref", "unfinished"].map(
        (p) => `unproven/${p}`,
      ),
      [
        ...["missing", "unknown-id", "wrong-type", "empty-string", "empty-list", "zero", "above-maximum"],
        ...["at-exclusive-maximum", "below-minimum", "past-max-length", "past-max-items", "outside-enum"],
      ].map((e) => `edge/${e}`),
      ["min-length", "pattern-length", "pattern-output", "min-items", "min-properties", "multiple-of"].map(
        (c) => `cap/${c}`,
      ),
      ["budget", "time", "depth"].map((c) => `cap/${c}`),
      ["detail", "example", "environment-fix", "cap"].map((w) => `words/${w}`),
    )
    .filter((id) => !made.has(id));
  // A timeout is always given its meaning before it is reported; a schema too large for the
  // compiler, arguments whose check ran out of time and a budget spent before the clock are made
  // by the hostile-large tests or not at all on a quiet machine: their words are checked below.
  assert.deepEqual(unmade, [
    "said/timeout",
    "output/too-large",
    "unproven/capped",
    "unproven/unfinished",
    "cap/budget",
  ]);
});

test("the facts the recorded runs do not reach are put into the words the scorecard used", () => {
  const reason = "too large to check: the JSON Schema compiler ran out of stack on it (5000 properties)";
  const regex = "a pattern ran past the regex-ms limit of 100 ms";
  const cases: Array<[CallFacts, string]> = [
    [{ said: { what: "timeout" } }, "timed out"],
    [
      { said: { what: "output-invalid", problem: { problem: "too-large", reason } } },
      `not checked: structuredContent could not be checked, the outputSchema is ${reason}`,
    ],
    [
      { said: { what: "output-invalid", problem: { problem: "unfinished", reason: regex } } },
      `not checked: structuredContent could not be checked against the outputSchema, ${regex}`,
    ],
    [
      {
        said: { what: "answer", answer: { said: "error-result", text: "bad input" } },
        unproven: { problem: "unfinished", reason: regex },
      },
      `error result: bad input (the arguments could not be checked: ${regex})`,
    ],
    [
      {
        said: { what: "answer", answer: { said: "error-result", text: "" } },
        unproven: { problem: "capped", capped: { cap: "budget" } },
      },
      "error result: (no text) (the arguments would be larger than the string-chars and array-items caps allow)",
    ],
  ];
  for (const [facts, text] of cases) assert.equal(formatCallDetail(facts), text);
});
