import type { PinReport } from "../pin/verify.js";
import { pinMessage, profileLine } from "./pin.js";

/** The `--json` form of a pin check (`kind: "toolscore.mcp-pin-report"`), as an object. */
export function pinReportJson(report: PinReport): Record<string, unknown> {
  return {
    kind: report.kind,
    report_version: report.report_version,
    ok: report.ok,
    fail_on: report.failOn,
    failing: report.failing,
    total: report.total,
    locked_tools: report.lockedTools,
    current_tools: report.currentTools,
    ...(report.profile
      ? {
          client_capabilities: {
            checked: report.profile.checked,
            recorded: report.profile.recorded,
            note: profileLine(report),
          },
        }
      : {}),
    findings: report.findings.map((f) => ({
      rule: f.rule,
      severity: f.severity,
      tool: f.tool,
      ...(f.item ? { item: f.item } : {}),
      message: pinMessage(f),
      failing: f.failing,
      ...(f.profiles ? { client_capabilities: f.profiles } : {}),
      fields: f.fields,
      diffs: f.diffs,
      capabilities: f.capabilities,
      ...("problems" in f ? { problems: f.problems } : {}),
      ...("list" in f ? { list: f.list } : {}),
      ...("before" in f ? { before: f.before, after: f.after } : {}),
      ...("locked" in f ? { package: { locked: f.locked, found: f.found, reason: f.reason } } : {}),
      ...(f.rule === "pin-package-unchecked" ? { reason: f.reason } : {}),
    })),
  };
}

/** The `--json` file text of a pin check: two-space JSON with a trailing newline. */
export function renderPinJson(report: PinReport): string {
  return JSON.stringify(pinReportJson(report), null, 2) + "\n";
}
