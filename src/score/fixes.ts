import type { LintFinding } from "../lint/types.js";
import type { ArgumentsProblem } from "./call-facts.js";
import { fixOf, type EnvironmentCause, type Fix } from "./fix-kinds.js";
import type { ProbeSaid } from "./probe-messages.js";
import type { CallRecord, ProbeResult } from "./types.js";
import { compareCodeUnits } from "../util/order.js";

// Why arguments could not be shown valid that put the fault in the schema, not in toolscore's bounds.
const SCHEMA_AT_FAULT: ReadonlySet<ArgumentsProblem["problem"]> = new Set([
  "invalid",
  "uncompilable",
  "admits-none",
]);

type Ranked = Fix & { rank: number };

/**
 * What the environment lacked, when every call says the same: a program (a browser, a command) or
 * credentials; otherwise `network`, which the fix names with credentials.
 */
function causeOf(records: readonly CallRecord[]): EnvironmentCause {
  const causes = new Set(
    records.map(({ outcome, facts: { said } }) =>
      outcome !== "timeout" && said.what === "environment" ? said.cause : "network",
    ),
  );
  const [only] = causes;
  return causes.size === 1 && (only === "missing program" || only === "credentials") ? only : "network";
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
  const push = (rank: number, fix: Fix) => out.push({ ...fix, rank });
  const byTool = new Map<string, CallRecord[]>();
  for (const c of calls) byTool.set(c.tool, [...(byTool.get(c.tool) ?? []), c]);
  for (const [tool, records] of byTool) {
    const crashes = records.filter((r) => r.outcome === "crash");
    // A crash counts even when an unreachable backend set it off (see timeouts.ts); the fix says so.
    const unreachable = crashes.some(({ facts: { said } }) => said.what === "crash" && said.unreachable);
    if (crashes.length)
      push(
        0,
        fixOf(
          "crash",
          { tool, severity: "error", blocking: true },
          { cases: crashes.map((r) => r.case), unreachable },
        ),
      );
    // Timeouts that were most likely an unreachable backend are not counted: they are environment.
    const timeouts = records.filter((r) => r.outcome === "timeout" && r.counted);
    if (timeouts.length)
      push(
        1,
        fixOf(
          "timeout",
          { tool, severity: "error", blocking: timeouts.some((r) => r.kind === "happy") },
          { cases: timeouts.map((r) => r.case) },
        ),
      );
    const happyBad = records.filter(
      (r) => r.kind === "happy" && r.counted && !r.ok && r.outcome !== "crash" && r.outcome !== "timeout",
    );
    const invalidOut = happyBad.filter((r) => r.outcome === "invalid-output");
    const soft = happyBad.filter((r) => r.class === "soft-error");
    const refused = happyBad.filter((r) => r.outcome !== "invalid-output" && r.class !== "soft-error");
    const happyTotal = records.filter((r) => r.kind === "happy" && r.counted).length;
    if (soft.length)
      push(
        1,
        fixOf(
          "soft-error",
          { tool, severity: "error", blocking: true },
          { failed: soft.length, total: happyTotal, call: soft[0]!.facts },
        ),
      );
    const environment = records.filter((r) => r.class === "environment");
    if (environment.length)
      push(
        8,
        fixOf(
          "environment",
          { tool, severity: "warning", blocking: false },
          {
            calls: environment.length,
            call: environment[0]!.facts,
            slow: environment.some((r) => r.outcome === "timeout"),
            cause: causeOf(environment),
          },
        ),
      );
    if (refused.length)
      push(
        1,
        fixOf(
          "valid-input-refused",
          { tool, severity: "error", blocking: true },
          {
            failed: refused.length,
            total: happyTotal,
            call: refused[0]!.facts,
            unproven: refused.every(
              ({ facts: { unproven } }) => unproven !== undefined && SCHEMA_AT_FAULT.has(unproven.problem),
            ),
          },
        ),
      );
    if (invalidOut.length)
      push(
        2,
        fixOf("output-invalid", { tool, severity: "error", blocking: true }, { call: invalidOut[0]!.facts }),
      );
    const edgeBad = records.filter(
      (r) => r.kind === "edge" && r.counted && !r.ok && r.outcome !== "crash" && r.outcome !== "timeout",
    );
    if (edgeBad.length)
      push(
        5,
        fixOf(
          "edge-accepted",
          { tool, severity: "warning", blocking: false },
          { cases: edgeBad.length, call: edgeBad[0]!.facts },
        ),
      );
  }
  for (const f of lint)
    push(
      f.severity === "error" ? 3 : f.severity === "warning" ? 7 : 9,
      fixOf("lint", { tool: f.tool, severity: f.severity, blocking: f.severity === "error" }, { finding: f }),
    );
  for (const p of probes.filter((p) => p.status === "fail")) {
    const high = p.confidence === "high";
    push(
      high ? 4 : 6,
      fixOf(
        "probe",
        { tool: p.tool, severity: high ? "error" : "warning", blocking: high },
        { probe: p.id, said: { message: p.message, args: p.args } as ProbeSaid },
      ),
    );
  }
  out.sort(
    (a, b) =>
      a.rank - b.rank || compareCodeUnits(a.tool ?? "", b.tool ?? "") || compareCodeUnits(a.source, b.source),
  );
  return out.map(({ rank: _rank, ...f }) => f as Fix);
}
