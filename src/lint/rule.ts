// The shape of a lint rule (ESLint's: `meta.messages` and `context.report({ messageId, data })`):
// one module holds its id, severity, docs, message ids and check. A check reports the message id,
// the path and the facts; the sentence a person reads is made from the rule id, the message id and
// the facts in src/report/lint-messages.ts, and nowhere in the rules.
import type { RawTool } from "../mcp/types.js";
import type { LintFacts } from "./rules/facts.js";
import type { Severity } from "./types.js";

/** A tool being linted, and the name its findings carry. */
export interface ToolUnderLint {
  tool: RawTool;
  /** The tool's name, or `tools[i]` when it has no usable name. */
  label: string;
}

/** What the catalogue, SARIF, the README and `--help` say about a rule. */
export interface LintRuleDocs {
  /** One line: what the rule finds (SARIF's short description, `--help`). */
  summary: string;
  /** Why it matters and what to do, in a sentence or two (SARIF's help). */
  help: string;
  /** The README rule table's "finds" cell (Markdown). */
  finds: string;
  /** The README table's severity cell when the check grades its findings (`error, warning`). */
  severities?: string;
}

/**
 * The key that orders two findings of one message at one place (same tool, rule and path): the
 * facts in the order the finding's line shows them, so that findings read in the order of their
 * lines. Two messages of a rule that can meet at one place start with the rank of their lines.
 */
export type OrderKey<D> = (data: D) => string;

/**
 * Reports one finding: which message, where (the JSON path inside the definition), the facts its
 * sentence is made from (`data`), the facts a program reads (`args`, serialised as they are), and
 * a severity when the check grades its finding.
 */
export type Report<D> = <K extends keyof D & string>(
  messageId: K,
  path: string,
  data: D[K],
  args?: Record<string, unknown>,
  severity?: Severity,
) => void;

/** A finding as a rule reports it, before it is placed (tool, item). */
export interface ReportedFinding {
  messageId: string;
  path: string;
  data: unknown;
  args?: Record<string, unknown>;
  severity?: Severity;
}

/** A lint rule as the engine runs it: the types of its messages erased. */
export interface LintRuleModule<Id extends string = string> {
  id: Id;
  severity: Severity;
  docs: LintRuleDocs;
  /** The key that orders two findings of the rule at one place (see {@link OrderKey}). */
  order(messageId: string, data: unknown): string;
  /** Checks one tool. */
  check?(unit: ToolUnderLint, report: (f: ReportedFinding) => void): void;
  /**
   * Checks the tools together (names shared between tools); `reportFor(i)` reports on tool i,
   * `reportFor(null)` on the server as a whole.
   */
  checkAll?(
    units: readonly ToolUnderLint[],
    reportFor: (i: number | null) => (f: ReportedFinding) => void,
  ): void;
}

/** How a rule module is written: its facts are `LintFacts[Id]`, each message id's data. */
export interface RuleSpec<Id extends keyof LintFacts> {
  id: Id;
  severity: Severity;
  docs: LintRuleDocs;
  /** Each message id of the rule, with the key that orders its findings at one place. */
  messages: { [K in keyof LintFacts[Id]]: OrderKey<LintFacts[Id][K]> };
  check?(unit: ToolUnderLint, report: Report<LintFacts[Id]>): void;
  checkAll?(units: readonly ToolUnderLint[], reportFor: (i: number | null) => Report<LintFacts[Id]>): void;
}

/** Makes a rule module from its spec. */
export function defineRule<Id extends keyof LintFacts>(spec: RuleSpec<Id>): LintRuleModule<Id> {
  type D = LintFacts[Id];
  const toReport =
    (sink: (f: ReportedFinding) => void): Report<D> =>
    (messageId, path, data, args, severity) =>
      sink({ messageId, path, data, ...(args ? { args } : {}), ...(severity ? { severity } : {}) });
  const { check, checkAll } = spec;
  return {
    id: spec.id,
    severity: spec.severity,
    docs: spec.docs,
    order(messageId, data) {
      return (spec.messages[messageId as keyof D] as OrderKey<unknown>)(data);
    },
    ...(check ? { check: (unit, sink) => check(unit, toReport(sink)) } : {}),
    ...(checkAll ? { checkAll: (units, sinkFor) => checkAll(units, (i) => toReport(sinkFor(i))) } : {}),
  };
}

/** Quotes a short piece of untrusted text (JSON quoting keeps control characters visible). */
export function quote(text: string, max = 60): string {
  const chars = Array.from(text);
  return JSON.stringify(chars.length > max ? chars.slice(0, max - 1).join("") + "…" : text);
}
