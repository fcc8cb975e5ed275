import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { lintServer, lintTools, type LintFinding } from "../../src/lint/index.js";
import { lintSurface } from "../../src/lint/surface.js";
import type { RawTool } from "../../src/mcp/types.js";
import type { SurfaceLists } from "../../src/mcp/surface.js";
import { LINT_MESSAGES, formatLintFinding, lintFindingJson } from "../../src/report/lint-messages.js";

// Definitions and the findings lint made of them, in their document form, sentences included:
// recorded when each rule still made its own sentences, from the inputs of the lint, diff and
// console tests (one case for each kind of sentence, and each pair of findings at one place whose
// order their sentences decided) and a few more for the messages those do not reach. A text past
// scan-kb is written `{"$repeat": [text, times, head]}`.
interface Case {
  lint: "lintTools" | "lintServer" | "lintSurface";
  input: unknown;
  findings: unknown[];
}
const CASES: Case[] = readFileSync(new URL("../fixtures/lint/finding-words.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l !== "")
  .map((l) => JSON.parse(l) as Case);

function expand(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(expand);
  if (v === null || typeof v !== "object") return v;
  const r = v as Record<string, unknown>;
  if (Array.isArray(r.$repeat)) {
    const [text, times, head] = r.$repeat as [string, number, string | undefined];
    return (head ?? "") + text.repeat(times);
  }
  return Object.fromEntries(Object.entries(r).map(([k, x]) => [k, expand(x)]));
}

// Each case is linted once; both tests below read its findings.
const linted = new Map<Case, LintFinding[]>();
function lint(c: Case): LintFinding[] {
  let found = linted.get(c);
  if (!found) linted.set(c, (found = lintOnce(c)));
  return found;
}

function lintOnce(c: Case): LintFinding[] {
  const input = expand(c.input);
  if (c.lint === "lintTools") return lintTools(input as RawTool[]);
  if (c.lint === "lintServer") return lintServer(input as { tools: RawTool[]; instructions?: string | null });
  return lintSurface(input as SurfaceLists);
}

test("every finding's sentence and fix, made from its facts, are the ones the rules made, in the same order", () => {
  for (const [i, c] of CASES.entries()) {
    const found = lint(c).map(lintFindingJson);
    // Compared as text: the keys' order is part of the documents.
    assert.equal(JSON.stringify(found), JSON.stringify(c.findings), `case ${i} (${c.lint})`);
  }
});

test("the cases make every message of every rule", () => {
  const made = new Set<string>();
  for (const c of CASES) for (const f of lint(c)) made.add(`${f.rule}/${String(f.messageId)}`);
  // A schema too large for the compiler takes one that overflows its stack: the hostile-large
  // tests make it; its words are checked below.
  const unmade = Object.entries(LINT_MESSAGES)
    .flatMap(([rule, messages]) => Object.keys(messages).map((m) => `${rule}/${m}`))
    .filter((id) => !made.has(id));
  assert.deepEqual(unmade, ["schema-unchecked/unchecked"]);
});

test("a schema too large to check is put into the words the rule used", () => {
  const reason = "too large to check: the JSON Schema compiler ran out of stack on it (5000 properties)";
  const finding: LintFinding = {
    rule: "schema-unchecked",
    severity: "warning",
    tool: "big",
    path: "inputSchema",
    messageId: "unchecked",
    data: { field: "inputSchema", reason },
    args: { field: "inputSchema", reason },
  };
  assert.deepEqual(formatLintFinding(finding), {
    message: `inputSchema was not checked as JSON Schema: ${reason}`,
    fix: "Split the tool or trim the schema so it can be checked; it was neither found valid nor invalid.",
  });
});
