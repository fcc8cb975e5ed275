import type { RawTool } from "../mcp/types.js";
import { LINT_RULE_BY_ID, type LintRuleId } from "./rules.js";
import type { LintFinding, Severity } from "./types.js";

/** A tool being linted, and the name its findings carry. */
export interface ToolUnderLint {
  tool: RawTool;
  /** The tool's name, or `tools[i]` when it has no usable name. */
  label: string;
}

/**
 * Records one finding of `rule` for the tool under lint; the severity comes from the catalogue unless
 * the check grades its finding (`severity`): detection rules give `error` for a plain attack and
 * `warning` for a hint, other checks a milder severity for a milder case.
 */
export type Emit = (
  rule: LintRuleId,
  path: string,
  message: string,
  fix: string,
  args?: Record<string, unknown>,
  severity?: Severity,
) => void;

/** An {@link Emit} that appends findings about `tool` to `out`. */
export function emitterFor(tool: string | null, out: LintFinding[]): Emit {
  return (rule, path, message, fix, args, severity) => {
    out.push({
      rule,
      severity: severity ?? LINT_RULE_BY_ID[rule].severity,
      tool,
      path,
      message,
      fix,
      ...(args ? { args } : {}),
    });
  };
}

/** Quotes a short piece of untrusted text for a message (JSON quoting keeps control characters visible). */
export function quote(text: string, max = 60): string {
  const chars = Array.from(text);
  return JSON.stringify(chars.length > max ? chars.slice(0, max - 1).join("") + "…" : text);
}
