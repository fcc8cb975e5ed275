// The shape of a lint rule (ESLint's: `meta.messages` and `context.report({ messageId, data })`):
// one module holds its id, severity, docs, message templates and check. A check reports the
// message id, the path and the facts; the sentence a person reads is made from the rule's
// template, here and nowhere else.
import type { RawTool } from "../mcp/types.js";
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

/** One message of a rule: the sentence and the fix, each made from the finding's data. */
export interface MessageTemplate<D> {
  message(data: D): string;
  fix(data: D): string;
}

/**
 * Reports one finding: which message, where (the JSON path inside the definition), the data the
 * sentence is made from, the facts a program reads (`args`, serialised as they are), and a
 * severity when the check grades its finding.
 */
export type Report<D> = <K extends keyof D & string>(
  messageId: K,
  path: string,
  data: D[K],
  args?: Record<string, unknown>,
  severity?: Severity,
) => void;

/** A finding as a rule reports it, before it is placed (tool, item) and put into words. */
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
  /** The message id's sentence and fix for `data`. */
  render(messageId: string, data: unknown): { message: string; fix: string };
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

/** How a rule module is written: `D` maps each message id to the data its template reads. */
export interface RuleSpec<Id extends string, D> {
  id: Id;
  severity: Severity;
  docs: LintRuleDocs;
  messages: { [K in keyof D]: MessageTemplate<D[K]> };
  check?(unit: ToolUnderLint, report: Report<D>): void;
  checkAll?(units: readonly ToolUnderLint[], reportFor: (i: number | null) => Report<D>): void;
}

/** Makes a rule module from its spec. */
export function defineRule<Id extends string, D>(
  spec: RuleSpec<Id, D>,
): LintRuleModule<Id> & { messages: { [K in keyof D]: MessageTemplate<D[K]> } } {
  const toReport =
    (sink: (f: ReportedFinding) => void): Report<D> =>
    (messageId, path, data, args, severity) =>
      sink({ messageId, path, data, ...(args ? { args } : {}), ...(severity ? { severity } : {}) });
  const { check, checkAll } = spec;
  return {
    id: spec.id,
    severity: spec.severity,
    docs: spec.docs,
    messages: spec.messages,
    render(messageId, data) {
      const template = spec.messages[messageId as keyof D] as MessageTemplate<unknown>;
      return { message: template.message(data), fix: template.fix(data) };
    },
    ...(check ? { check: (unit, sink) => check(unit, toReport(sink)) } : {}),
    ...(checkAll ? { checkAll: (units, sinkFor) => checkAll(units, (i) => toReport(sinkFor(i))) } : {}),
  };
}

/** Quotes a short piece of untrusted text for a message (JSON quoting keeps control characters visible). */
export function quote(text: string, max = 60): string {
  const chars = Array.from(text);
  return JSON.stringify(chars.length > max ? chars.slice(0, max - 1).join("") + "…" : text);
}
