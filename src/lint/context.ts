import type { LintRuleModule, ReportedFinding } from "./rule.js";
import type { LintFinding } from "./types.js";

/**
 * Where a rule's reports go: each becomes a finding about `tool` (null for the server or an item)
 * with its message id and facts, its severity the rule's unless the check graded it.
 */
export function findingSink(
  rule: LintRuleModule,
  tool: string | null,
  out: LintFinding[],
): (f: ReportedFinding) => void {
  return (f) => {
    out.push({
      rule: rule.id,
      severity: f.severity ?? rule.severity,
      tool,
      path: f.path,
      messageId: f.messageId,
      data: f.data,
      ...(f.args ? { args: f.args } : {}),
    } as LintFinding);
  };
}
