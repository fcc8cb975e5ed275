// What a probe found, as data: each message id's facts and the template its reason is made from.
// A probe reports a message id and the facts; the sentence is made here and nowhere else.

/** The facts of each probe message (`args`), keyed by message id. */
export interface ProbeFacts {
  /** No read-only tool without required arguments to observe the server's state with. */
  "no-observer": Record<string, never>;
  /** The observer did not answer: before the probes (named) or around one call (unnamed). */
  "observer-silent": { observer: string | null };
  "observer-unstable": { observer: string };
  "call-failed": { which: "the call" | "the first call" | "the second call"; error: string };
  "state-same": { observer: string };
  "state-changed": { observer: string };
  "missing-unanswered": { parameter: string; error: string };
  "missing-rejected": { parameter: string; answer: string };
  "missing-accepted": { parameter: string };
  "output-invalid": { case: string; detail: string };
  "output-uncompilable": Record<string, never>;
  "output-matched": { results: number };
  "no-success": Record<string, never>;
  "no-marker-argument": Record<string, never>;
  "marker-visible": { marker: string; observer: string };
  "marker-missing": { marker: string; observer: string };
  "nothing-lost": { observer: string };
  "facts-lost": { observer: string; first: string; more: number };
  "repeat-unchanged": Record<string, never>;
  "repeat-changed": { observer: string };
}

/** A probe message id. */
export type ProbeMessage = keyof ProbeFacts;

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
  "output-invalid": (f) => `${f.case}: ${f.detail}`,
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

/** What a probe says about one tool: the message id and its facts. */
export type ProbeSaid = { [M in ProbeMessage]: { message: M; args: ProbeFacts[M] } }[ProbeMessage];

/** The reason of what a probe said. */
export function probeReason(said: ProbeSaid): string {
  return (PROBE_MESSAGES[said.message] as (f: unknown) => string)(said.args);
}
