import type { RawTool } from "../mcp/types.js";
import { findingSink } from "./context.js";
import type { ToolUnderLint } from "./rule.js";
import { LINT_RULE_MODULES } from "./rules/index.js";
import { hiddenTextFindings, hiddenUnicode } from "./rules/hidden-unicode.js";
import { nameStyleMixed } from "./rules/name-style-mixed.js";
import type { LintFinding } from "./types.js";
import { compareCodeUnits } from "../util/order.js";

const MODULE_BY_ID: ReadonlyMap<string, (typeof LINT_RULE_MODULES)[number]> = new Map(
  LINT_RULE_MODULES.map((m) => [m.id, m]),
);

/**
 * Orders two findings at one place (tool or item, rule and path) as their lines read: by the
 * rule's key for each message, the facts in the order the line shows them.
 */
export function compareAtPlace(a: LintFinding, b: LintFinding): number {
  const order = (f: LintFinding) => MODULE_BY_ID.get(f.rule)!.order(f.messageId, f.data);
  return compareCodeUnits(order(a), order(b));
}

/** Sorts findings by tool (server-wide ones first), rule, path and line: same input, same order. */
export function sortFindings(findings: readonly LintFinding[]): LintFinding[] {
  return [...findings].sort(
    (a, b) =>
      (a.tool === null
        ? b.tool === null
          ? 0
          : -1
        : b.tool === null
          ? 1
          : compareCodeUnits(a.tool, b.tool)) ||
      compareCodeUnits(a.rule, b.rule) ||
      compareCodeUnits(a.path, b.path) ||
      compareAtPlace(a, b),
  );
}

/**
 * Lints tool definitions against the rules of {@link LINT_RULES}: pure, no I/O. Each finding has a
 * stable rule id, a severity, the tool, the JSON path inside the definition, its message id and
 * facts (`data`, which the reports put into words) and the facts a program reads (`args`).
 * Findings are sorted by tool, rule and path.
 */
export function lintTools(tools: readonly RawTool[]): LintFinding[] {
  const out: LintFinding[] = [];
  const units: ToolUnderLint[] = tools.map((tool, i) => ({
    tool,
    label: typeof tool.name === "string" ? tool.name : `tools[${i}]`,
  }));
  for (const unit of units) {
    for (const rule of LINT_RULE_MODULES) rule.check?.(unit, findingSink(rule, unit.label, out));
  }
  for (const rule of LINT_RULE_MODULES)
    rule.checkAll?.(units, (i) => findingSink(rule, i === null ? null : units[i]!.label, out));
  return sortFindings(out);
}

/** The ids of the rules {@link lintServerWide} runs. */
export const SERVER_WIDE_RULES: ReadonlySet<string> = new Set([nameStyleMixed.id]);

/**
 * The findings of the rules that judge a server's tools together (a mix of naming styles), on
 * `tools`: what {@link lintTools} reports with `tool: null`. Pure: no I/O.
 */
export function lintServerWide(tools: readonly RawTool[]): LintFinding[] {
  const out: LintFinding[] = [];
  const units = tools.map((tool, i) => ({
    tool,
    label: typeof tool.name === "string" ? tool.name : `tools[${i}]`,
  }));
  nameStyleMixed.checkAll!(units, () => findingSink(nameStyleMixed, null, out));
  return sortFindings(out);
}

/**
 * Lints a server: its tools as {@link lintTools} does, and its instructions for hidden characters
 * (server-wide findings have `tool: null`). Instructions may address the model (that is what they
 * are for), so only hidden-unicode applies to them.
 */
export function lintServer(server: {
  tools: readonly RawTool[];
  instructions?: string | null;
}): LintFinding[] {
  const out = lintTools(server.tools);
  if (typeof server.instructions === "string") {
    const sink = findingSink(hiddenUnicode, null, out);
    for (const found of hiddenTextFindings(server.instructions, "instructions", false)) sink(found);
  }
  return sortFindings(out);
}

export { LINT_RULES, LINT_RULE_BY_ID, lintRuleTable } from "./rules/index.js";
export type { LintRule, LintRuleId } from "./rules/index.js";
export type { LintFinding, LintFindingJson, Severity } from "./types.js";
export type { LintFacts } from "./rules/facts.js";
export { estimateTokens } from "./tokens.js";
