// The words of each kind of "Top issues to fix": the issue and the fix, made from the kind's
// facts. The scorecard reports the kind and the facts; its sentences are made here.
import type { Fix, FixFacts, FixJson, FixKind } from "../score/fix-kinds.js";
import type { ProbeId } from "../score/types.js";
import { environmentFixDetail, formatCallDetail } from "./call-detail.js";
import { formatLintFinding, lintMessage } from "./lint-messages.js";
import { probeReason } from "./probe-messages.js";

interface FixWords<F> {
  issue(facts: F): string;
  fix(facts: F): string;
}

const PROBE_FIX: Record<ProbeId, string> = {
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

const CATCH = "Catch errors in the tool handler and return a result with isError: true instead of exiting";

/** Every kind of fix: the issue and the fix, each made from the facts. */
export const FIX_MESSAGES: { readonly [K in FixKind]: FixWords<FixFacts[K]> } = {
  crash: {
    issue: ({ cases }) => `crashed the server in ${cases.length} call(s) (${cases.join(", ")})`,
    fix: ({ unreachable }) =>
      unreachable
        ? `${CATCH}: here the crash followed a backend that could not be reached, which should be an error result that leaves the other tools running.`
        : `${CATCH}.`,
  },
  timeout: {
    issue: ({ cases }) => `timed out in ${cases.length} call(s) (${cases.join(", ")})`,
    fix: () => "Answer within the timeout, and stop work when notifications/cancelled arrives.",
  },
  "soft-error": {
    issue: (f) =>
      `answers valid input with an error as a normal result (${f.failed} of ${f.total} calls): ${formatCallDetail(f.call)}`,
    fix: () =>
      "Return failures with isError: true, so clients and models can tell them from answers; if the input is fine, make the call succeed.",
  },
  environment: {
    issue: (f) => {
      const detail = environmentFixDetail(f.call);
      return f.cause === "missing program"
        ? `${f.calls} call(s) need a program this machine lacks, so they are not graded: ${detail}`
        : f.cause === "credentials"
          ? `${f.calls} call(s) were refused for missing or rejected credentials, so they are not graded: ${detail}`
          : `${f.calls} call(s) could not reach the backend, so they are not graded: ${detail}`;
    },
    fix: ({ slow, cause }) =>
      (cause === "missing program"
        ? "Install the browser or program the server needs (its message names it), or skip these tools (--capabilities FILE)."
        : cause === "credentials"
          ? "Set the credentials the server needs (--env KEY=VALUE), or skip these tools (--capabilities FILE)."
          : "Set the credentials or network access the server needs (--env KEY=VALUE), or skip these tools (--no-network, or --capabilities FILE).") +
      (slow ? " A backend that answers, but slowly, needs a longer --timeout." : ""),
  },
  "valid-input-refused": {
    issue: (f) => `fails on valid input (${f.failed} of ${f.total} calls): ${formatCallDetail(f.call)}`,
    // "Narrow the schema" only when the server refused input its own schema allows.
    fix: ({ unproven }) =>
      unproven
        ? "toolscore could not make arguments this input schema accepts; fix the schema (see the lint findings) so that valid input exists."
        : "Accept every input the schema allows, or narrow the schema (enum, pattern, bounds) to what the tool supports.",
  },
  "output-invalid": {
    issue: ({ call }) => formatCallDetail(call),
    fix: () => PROBE_FIX["output-schema-conformance"],
  },
  "edge-accepted": {
    issue: (f) => `${f.cases} edge case(s) not rejected with a clear error: ${formatCallDetail(f.call)}`,
    fix: () =>
      "Check arguments against the input schema and answer invalid ones with an error result (isError: true) that names the argument and what is wrong.",
  },
  lint: {
    issue: ({ finding }) => lintMessage(finding),
    fix: ({ finding }) => formatLintFinding(finding).fix,
  },
  probe: {
    issue: ({ said }) => probeReason(said),
    fix: ({ probe }) => PROBE_FIX[probe],
  },
};

/** The issue and the fix of `f`, made from its kind and facts. */
export function formatFix(f: Fix): { issue: string; fix: string } {
  const words = FIX_MESSAGES[f.kind] as FixWords<unknown>;
  return { issue: words.issue(f.args), fix: words.fix(f.args) };
}

/** The document form of a fix, its keys in the document's order. */
export function fixJson(f: Fix): FixJson {
  const { issue, fix } = formatFix(f);
  return { tool: f.tool, severity: f.severity, source: f.source, blocking: f.blocking, issue, fix };
}
