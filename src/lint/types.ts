import type { SurfaceRef } from "../mcp/surface.js";
import type { LintFacts } from "./rules/facts.js";

/** Severity of a finding. */
export type Severity = "error" | "warning" | "info";

/** One lint finding of rule `R` and message `M`: where it is, and the facts of its sentence. */
export interface LintFindingOf<R extends keyof LintFacts, M extends keyof LintFacts[R]> {
  rule: R;
  severity: Severity;
  /** The tool's name, or null for a finding about the whole server or about an item. */
  tool: string | null;
  /** The prompt, resource template or resource the finding is about, when it is about one. */
  item?: SurfaceRef;
  /** JSON path inside the tool definition, e.g. `inputSchema.properties.limit`. */
  path: string;
  /** Which of the rule's messages; with `data`, what its sentence and fix are made from. */
  messageId: M;
  /** The facts the sentence is made from (src/report/lint-messages.ts). */
  data: LintFacts[R][M];
  /** The facts a program reads, serialised as they are. */
  args?: Record<string, unknown>;
}

/**
 * One lint finding: typed data with a stable rule id, a union keyed by rule and message id. The
 * sentence a person reads and its fix are made by the reports from `rule`, `messageId` and `data`.
 */
export type LintFinding = {
  [R in keyof LintFacts]: { [M in keyof LintFacts[R]]: LintFindingOf<R, M> }[keyof LintFacts[R]];
}[keyof LintFacts];

/** A lint finding as the JSON documents hold it: its sentence and fix in place of its facts. */
export interface LintFindingJson {
  rule: LintFinding["rule"];
  severity: Severity;
  tool: string | null;
  path: string;
  message: string;
  fix: string;
  args?: Record<string, unknown>;
  item?: SurfaceRef;
}
