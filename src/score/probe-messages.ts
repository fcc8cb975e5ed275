// What a probe found, as data: each message id and its facts. A probe reports a message id and
// the facts; the reports make the sentence (src/report/probe-messages.ts).
import type { CallFacts } from "./call-facts.js";

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
  "output-invalid": { case: string; call: CallFacts };
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

/** What a probe says about one tool: the message id and its facts. */
export type ProbeSaid = { [M in ProbeMessage]: { message: M; args: ProbeFacts[M] } }[ProbeMessage];
