import type { LintRuleModule, ReportedFinding } from "./rule.js";
import type { LintFinding } from "./types.js";

/**
 * Where a rule's reports go: each becomes a finding about `tool` (null for the server or an item),
 * its sentence and fix made from the rule's templates, its severity the rule's unless the check
 * graded it.
 */
export function findingSink(
  rule: LintRuleModule,
  tool: string | null,
  out: LintFinding[],
): (f: ReportedFinding) => void {
  return (f) => {
    const { message, fix } = rule.render(f.messageId, f.data);
    out.push({
      rule: rule.id,
      severity: f.severity ?? rule.severity,
      tool,
      path: f.path,
      message,
      fix,
      ...(f.args ? { args: f.args } : {}),
    });
  };
}
