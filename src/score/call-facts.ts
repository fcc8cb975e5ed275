// What happened on each call of a scorecard, as facts: the judge, the timeout rules, argument
// generation and the edge cases report these, and the reports make the call's `detail` sentence
// from them (src/report/call-detail.ts), the way a lint rule reports its facts and the reports
// make its sentence. Text a server sent is kept as it came, cut to the length the sentence shows.
import type { LimitName } from "../util/limits.js";
import type { EnvironmentWhat } from "./outcome-patterns.js";

/** What an answer held, as the judge read it. */
export type Answer =
  /** A result that is not an error. */
  | { said: "ok" }
  /** A JSON-RPC error: its code and message. */
  | { said: "rpc-error"; code: number; message: string }
  /** A result with `isError: true`: its text ("" when it has none). */
  | { said: "error-result"; text: string }
  /** An error returned as a normal result: its text. */
  | { said: "soft-error"; text: string };

/** Why a result breaks its tool's outputSchema. */
export type OutputProblem =
  /** No structuredContent, though the tool declares an outputSchema. */
  | { problem: "missing" }
  /** The outputSchema is too large for the compiler: why (the compiler's words). */
  | { problem: "too-large"; reason: string }
  /** The outputSchema does not compile: the compiler's error. */
  | { problem: "uncompilable"; reason: string }
  /** A check stopped before it finished (a pattern past `regex-ms`): why. */
  | { problem: "unfinished"; reason: string }
  /** structuredContent does not match: the validator's error. */
  | { problem: "mismatch"; error: string };

/** How a call ended and what that means, keyed by `what`. */
export type CallSaid =
  /** The answer as it came: it passes, or counts against the server as it is. */
  | { what: "answer"; answer: Answer }
  /** No answer within the timeout (before the other calls say what it means). */
  | { what: "timeout" }
  /** No answer within `timeoutMs`, counted: the tool answered other valid input, or none. */
  | { what: "timeout-hung"; timeoutMs: number; answeredOther: boolean }
  /** No answer within `timeoutMs`, most likely an unreachable backend (see timeouts.ts). */
  | { what: "timeout-unreachable"; timeoutMs: number; because: "network-tool" | "others-unreachable" }
  /** The server exited during the call: its message, and whether it names an unreachable backend. */
  | { what: "crash"; message: string; unreachable: boolean }
  /** The call could not be made: why. */
  | { what: "failed"; message: string }
  /** The server requires a client capability toolscore did not declare (-32021): its message. */
  | { what: "needs-capability"; message: string }
  /** An `input_required` result: the methods it asked for. */
  | { what: "input-required"; methods: string[] }
  /** The answer shows the environment failed (`cause`), not the server: not counted. */
  | { what: "environment"; answer: Answer; cause: EnvironmentWhat }
  /** The answer asks for a person's input: not counted. */
  | { what: "needs-person"; answer: Answer }
  /** "Not found" for a generated id or path: not counted. */
  | { what: "not-found"; answer: Answer }
  /** An edge case's invalid input reached the backend unchecked (a network error, a rate limit). */
  | { what: "reached-backend"; text: string }
  /** An edge case rejected, but as a normal result without isError. */
  | { what: "rejected-as-result"; text: string }
  /** An edge case rejected with an error that does not say what was wrong. */
  | { what: "rejected-unclear"; text: string }
  /** An edge case with invalid input answered as if it were valid. */
  | { what: "accepted-silently" }
  /** A result that breaks its tool's outputSchema. */
  | { what: "output-invalid"; problem: OutputProblem };

/** A cap of argument generation (src/score/caps.ts) a schema went past, keyed by `cap`. */
export type CapFacts =
  | { cap: "min-length"; value: number; limit: LimitFacts }
  | { cap: "pattern-length"; length: number; limit: LimitFacts }
  | { cap: "pattern-output"; limit: LimitFacts }
  | { cap: "min-items"; value: number; limit: LimitFacts }
  | { cap: "min-properties"; value: number; limit: LimitFacts }
  | { cap: "multiple-of"; value: number }
  /** The arguments would be larger than the string-chars and array-items caps allow. */
  | { cap: "budget" }
  /** Making them took longer than the limit. */
  | { cap: "time"; limit: LimitFacts }
  /** The schema nests itself (a recursive $ref) with required children, past `depth`. */
  | { cap: "depth"; depth: number };

/** A limit and the value it had. */
export interface LimitFacts {
  name: LimitName;
  value: number;
}

/** Why generated arguments are not known to be valid, keyed by `problem`. */
export type ArgumentsProblem =
  /** No draw validated: the validator's error on the last. */
  | { problem: "invalid"; error: string }
  /** The schema admits no value toolscore can make. */
  | { problem: "admits-none" }
  /** A cap of generation stopped it. */
  | { problem: "capped"; capped: CapFacts }
  /** The input schema does not compile. */
  | { problem: "uncompilable" }
  /** The input schema refers to a network URL, never fetched. */
  | { problem: "network-ref"; ref: string }
  /** The check stopped before it finished: why. */
  | { problem: "unfinished"; reason: string };

/** What an edge case changed in the smallest valid call, keyed by `change`. */
export type EdgeChange =
  | { change: "missing"; property: string }
  | { change: "unknown-id"; property: string }
  | { change: "wrong-type"; property: string; value: unknown; types: string[] }
  | { change: "empty-string"; property: string }
  | { change: "empty-list"; property: string }
  | { change: "zero"; property: string }
  | { change: "above-maximum"; property: string }
  | { change: "at-exclusive-maximum"; property: string }
  | { change: "below-minimum"; property: string }
  | { change: "past-max-length"; property: string }
  | { change: "past-max-items"; property: string }
  | { change: "outside-enum"; property: string };

/**
 * What a call's `detail` is made from: what happened; for an edge case, what it changed; for a
 * valid-input call that did not pass, why its arguments were not known to be valid, if they were not.
 */
export interface CallFacts {
  said: CallSaid;
  edge?: EdgeChange;
  unproven?: ArgumentsProblem;
}
