// The reason each probe message gives, made from its facts: a probe reports a message id and the
// facts, and its sentence is made here and nowhere else.
import type { ProbeSummary } from "../diff/scorecards.js";
import type { ProbeFacts, ProbeMessage, ProbeSaid } from "../score/probe-messages.js";
import { formatCallDetail } from "./call-detail.js";

const missing = (parameter: string) => `a call without required '${parameter}'`;

/** The reason each message gives, made from its facts. */
export const PROBE_MESSAGES: { readonly [M in ProbeMessage]: (facts: ProbeFacts[M]) => string } = {
  "no-observer": () =>
    "no read-only tool without required arguments (a list tool) to observe the server's state",
  "observer-silent": ({ observer }) =>
    observer === null ? "the observer did not answer" : `the observer ${observer} did not answer`,
  "observer-unstable": ({ observer }) => `the observer ${observer} answers differently each time`,
  "call-failed": ({ which, error }) => `${which} failed: ${error}`,
  "state-same": ({ observer }) => `${observer} shows the same state before and after`,
  "state-changed": ({ observer }) =>
    `declared read-only, but ${observer} shows a different state after the call`,
  "missing-unanswered": ({ parameter, error }) => `${missing(parameter)} did not get an answer: ${error}`,
  "missing-rejected": ({ parameter, answer }) => `${missing(parameter)} was rejected (${answer})`,
  "missing-accepted": ({ parameter }) => `${missing(parameter)} succeeded instead of returning an error`,
  "output-invalid": (f) => `${f.case}: ${formatCallDetail(f.call)}`,
  "output-uncompilable": () => "the outputSchema does not compile: results not checked",
  "output-matched": ({ results }) => `${results} result(s) matched the outputSchema`,
  "no-success": () => "no successful call to check against the outputSchema",
  "no-marker-argument": () => "no free-text argument to carry a marker",
  "marker-visible": ({ marker, observer }) => `the marker ${marker} appears in ${observer}`,
  "marker-missing": ({ marker, observer }) =>
    `the call succeeded, but the marker ${marker} does not appear in ${observer}`,
  "nothing-lost": ({ observer }) => `nothing ${observer} showed before is gone`,
  "facts-lost": ({ observer, first, more }) =>
    `declares destructiveHint: false, but ${observer} no longer shows ${JSON.stringify(first)}${more > 0 ? ` (and ${more} more)` : ""}`,
  "repeat-unchanged": () => "a second identical call changed nothing more",
  "repeat-changed": ({ observer }) =>
    `declares idempotentHint: true, but a second identical call changed what ${observer} shows`,
};

/** The reason of what a probe said. */
export function probeReason(said: ProbeSaid): string {
  return (PROBE_MESSAGES[said.message] as (f: unknown) => string)(said.args);
}

/** The reason of a probe a diff compared: made from its facts, or as its document gave it. */
export function probeSummaryReason(p: ProbeSummary): string | undefined {
  return p.message !== undefined ? probeReason({ message: p.message, args: p.args } as ProbeSaid) : p.reason;
}

/** A probe a diff compared, as documents show it: the summary's fields and its reason. */
export function probeSummaryJson(p: ProbeSummary): ProbeSummary {
  const reason = probeSummaryReason(p);
  return {
    id: p.id,
    tool: p.tool,
    confidence: p.confidence,
    status: p.status,
    ...(reason !== undefined ? { reason } : {}),
  };
}
