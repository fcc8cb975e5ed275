import type { LintFinding } from "../lint/types.js";
import { ENVIRONMENT_PATTERNS } from "./outcome-patterns.js";
import type { CallRecord, Fix, ProbeResult } from "./types.js";
import { compareCodeUnits } from "../util/order.js";

const PROBE_FIX: Record<string, string> = {
  "readonly-no-side-effect": "Make the tool read only, or drop readOnlyHint: true from its annotations.",
  "invalid-input-rejected":
    "Validate arguments against the input schema and return an error result when one is missing or wrong.",
  "output-schema-conformance":
    "Return structuredContent that matches the declared outputSchema, or fix the schema.",
  "write-visible":
    "Make a successful write visible to readers of the same store, or report the failure as an error.",
  "idempotent-hint-honoured":
    "Make repeated identical calls have no further effect, or drop idempotentHint: true.",
  "non-destructive-hint-honoured":
    "Only add data, or declare destructiveHint: true so clients ask before calling it.",
};

// The note a call carries when its arguments could not be shown valid (see generateArguments).
const UNPROVEN =
  /\((?:generated arguments do not validate|the input schema does not compile|the schema admits no value)/;

interface Ranked extends Fix {
  rank: number;
}

/**
 * The ranked "Top issues to fix": crashes, tools failing valid input, broken output schemas, lint
 * errors and failing high-confidence probes first; then edge cases, medium probes and warnings.
 */
export function collectFixes(
  calls: readonly CallRecord[],
  lint: readonly LintFinding[],
  probes: readonly ProbeResult[],
): Fix[] {
  const out: Ranked[] = [];
  const byTool = new Map<string, CallRecord[]>();
  for (const c of calls) byTool.set(c.tool, [...(byTool.get(c.tool) ?? []), c]);
  for (const [tool, records] of byTool) {
    const crashes = records.filter((r) => r.outcome === "crash");
    // A crash counts even when an unreachable backend set it off (see timeouts.ts); the fix says so.
    const unreachable = crashes.some((r) => ENVIRONMENT_PATTERNS.some((p) => p.pattern.test(r.detail)));
    if (crashes.length)
      out.push({
        rank: 0,
        tool,
        severity: "error",
        source: "crash",
        blocking: true,
        issue: `crashed the server in ${crashes.length} call(s) (${crashes.map((r) => r.case).join(", ")})`,
        fix: unreachable
          ? "Catch errors in the tool handler and return a result with isError: true instead of exiting: here the crash followed a backend that could not be reached, which should be an error result that leaves the other tools running."
          : "Catch errors in the tool handler and return a result with isError: true instead of exiting.",
      });
    // Timeouts that were most likely an unreachable backend are not counted: they are environment.
    const timeouts = records.filter((r) => r.outcome === "timeout" && r.counted);
    if (timeouts.length)
      out.push({
        rank: 1,
        tool,
        severity: "error",
        source: "timeout",
        blocking: timeouts.some((r) => r.kind === "happy"),
        issue: `timed out in ${timeouts.length} call(s) (${timeouts.map((r) => r.case).join(", ")})`,
        fix: "Answer within the timeout, and stop work when notifications/cancelled arrives.",
      });
    const happyBad = records.filter(
      (r) => r.kind === "happy" && r.counted && !r.ok && r.outcome !== "crash" && r.outcome !== "timeout",
    );
    const invalidOut = happyBad.filter((r) => r.outcome === "invalid-output");
    const soft = happyBad.filter((r) => r.class === "soft-error");
    const refused = happyBad.filter((r) => r.outcome !== "invalid-output" && r.class !== "soft-error");
    const happyTotal = records.filter((r) => r.kind === "happy" && r.counted).length;
    if (soft.length)
      out.push({
        rank: 1,
        tool,
        severity: "error",
        source: "call:soft-error",
        blocking: true,
        issue: `answers valid input with an error as a normal result (${soft.length} of ${happyTotal} calls): ${soft[0]!.detail}`,
        fix: "Return failures with isError: true, so clients and models can tell them from answers; if the input is fine, make the call succeed.",
      });
    const environment = records.filter((r) => r.class === "environment");
    if (environment.length)
      out.push({
        rank: 8,
        tool,
        severity: "warning",
        source: "call:environment",
        blocking: false,
        issue: `${environment.length} call(s) could not reach the backend, so they are not graded: ${environment[0]!.detail.replace(/^could not reach its backend: (?:error result: )?/, "")}`,
        fix:
          "Set the credentials or network access the server needs (--env KEY=VALUE), or skip these tools (--no-network, or --capabilities FILE)." +
          (environment.some((r) => r.outcome === "timeout")
            ? " A backend that answers, but slowly, needs a longer --timeout."
            : ""),
      });
    if (refused.length)
      out.push({
        rank: 1,
        tool,
        severity: "error",
        source: "call:happy",
        blocking: true,
        issue: `fails on valid input (${refused.length} of ${happyTotal} calls): ${refused[0]!.detail}`,
        // "Narrow the schema" only when the server refused input its own schema allows.
        fix: refused.every((r) => UNPROVEN.test(r.detail))
          ? "toolscore could not make arguments this input schema accepts; fix the schema (see the lint findings) so that valid input exists."
          : "Accept every input the schema allows, or narrow the schema (enum, pattern, bounds) to what the tool supports.",
      });
    if (invalidOut.length)
      out.push({
        rank: 2,
        tool,
        severity: "error",
        source: "call:output",
        blocking: true,
        issue: invalidOut[0]!.detail,
        fix: "Return structuredContent that matches the declared outputSchema, or fix the schema.",
      });
    const edgeBad = records.filter(
      (r) => r.kind === "edge" && r.counted && !r.ok && r.outcome !== "crash" && r.outcome !== "timeout",
    );
    if (edgeBad.length)
      out.push({
        rank: 5,
        tool,
        severity: "warning",
        source: "call:edge",
        blocking: false,
        issue: `${edgeBad.length} edge case(s) not rejected with a clear error: ${edgeBad[0]!.detail}`,
        fix: "Check arguments against the input schema and answer invalid ones with an error result (isError: true) that names the argument and what is wrong.",
      });
  }
  for (const f of lint)
    out.push({
      rank: f.severity === "error" ? 3 : f.severity === "warning" ? 7 : 9,
      tool: f.tool,
      severity: f.severity,
      source: `lint:${f.rule}`,
      blocking: f.severity === "error",
      issue: f.message,
      fix: f.fix,
    });
  for (const p of probes.filter((p) => p.status === "fail"))
    out.push({
      rank: p.confidence === "high" ? 4 : 6,
      tool: p.tool,
      severity: p.confidence === "high" ? "error" : "warning",
      source: `probe:${p.id}`,
      blocking: p.confidence === "high",
      issue: p.reason,
      fix: PROBE_FIX[p.id] ?? "",
    });
  out.sort(
    (a, b) =>
      a.rank - b.rank || compareCodeUnits(a.tool ?? "", b.tool ?? "") || compareCodeUnits(a.source, b.source),
  );
  return out.map(({ rank: _rank, ...f }) => f);
}
