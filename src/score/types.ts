import type { CallFacts } from "./call-facts.js";
import type { ProbeSaid } from "./probe-messages.js";
import type { Fix, FixJson } from "./fix-kinds.js";
import type { NotGraded } from "./not-graded.js";
import type { SkipFacts } from "./plan.js";
import type { LintFinding, LintFindingJson } from "../lint/types.js";
import type { Effect } from "../pin/effects.js";

/** The `kind` of a scorecard report. */
export const SCORECARD_KIND = "toolscore.mcp-scorecard";
/** The scorecard format version. */
export const SCORECARD_VERSION = "1";

/** A letter grade. */
export type Grade = "A" | "B" | "C" | "D" | "F";

/** How a call ended. */
export type CallOutcomeKind =
  | "result" // an answer that is not an error
  | "tool-error" // a result with isError: true
  | "rpc-error" // a JSON-RPC error
  | "invalid-output" // structuredContent missing or not matching the outputSchema
  | "timeout"
  | "crash" // the server exited during the call
  | "failed"; // the call could not be made (the server could not be restarted, …)

/**
 * What a call's answer means for the grade: `ok`; `tool-error` (an error, a timeout, a crash) and
 * `soft-error` (an error returned as a normal result) count against the server; `environment` (the
 * backend was unreachable, credentials missing, a browser or program not installed), `not-found`
 * (a generated id or path that does not exist) and `needs-input` (the server asks a person first)
 * do not.
 */
export type CallClass = "ok" | "tool-error" | "soft-error" | "environment" | "not-found" | "needs-input";

/** One call the scorecard made. */
export interface CallRecord {
  tool: string;
  /** `happy` (valid input) or `edge` (edge case). */
  kind: "happy" | "edge";
  /** `happy-1`…, or the edge kind (`missing-required`, `wrong-type`, …). */
  case: string;
  arguments: Record<string, unknown>;
  ok: boolean;
  outcome: CallOutcomeKind;
  class: CallClass;
  /** false when the call says nothing about the server (see {@link CallClass}); it is left out of the rates. */
  counted: boolean;
  /** What happened, as facts: the reports make the call's `detail` from them. */
  facts: CallFacts;
  latency_ms: number | null;
}

/** A call of the JSON report: what happened in a few words (`detail`) instead of the facts. */
export type CallRecordJson = Omit<CallRecord, "facts"> & {
  /** What happened, in a few words (error text from the server is escaped when shown). */
  detail: string;
};

/** A count of passed out of total. */
export interface PassCount {
  passed: number;
  total: number;
}

/** The scorecard's view of one tool. */
export interface ToolScore {
  name: string;
  capabilities: Effect[];
  /** Why the tool was not called, or null when it was. */
  skipped: SkipFacts | null;
  happy: PassCount;
  edge: PassCount;
  /** Average latency of its calls in milliseconds (timeouts and crashes left out), or null. */
  avg_latency_ms: number | null;
  /** Estimated tokens of its definition (about 4 characters each of the compact JSON). */
  tokens: number;
  /**
   * Present when some arguments were not generated because their schema refers to a network URL
   * (a `$ref` toolscore never fetches): each argument (null: the input as a whole) and the URL.
   */
  not_generated?: Array<{ argument: string | null; ref: string }>;
}

/** Probe confidence. */
export type Confidence = "high" | "medium" | "low";

/** The ids of the effect probes. */
export type ProbeId =
  | "readonly-no-side-effect"
  | "invalid-input-rejected"
  | "output-schema-conformance"
  | "write-visible"
  | "idempotent-hint-honoured"
  | "non-destructive-hint-honoured";

/** One effect probe on one tool: its outcome, and the message id and facts its reason is made from. */
export type ProbeResult = {
  id: ProbeId;
  tool: string;
  confidence: Confidence;
  status: "pass" | "fail" | "skip";
} & ProbeSaid;

export type { Fix, FixJson, NotGraded, SkipFacts };

/**
 * Component rates in 0..1; a component with nothing to measure counts as full credit (1), except
 * on an incomplete card where no valid-input call reached its backend: there `happy` is absent, and
 * so is `edge` (or `probes`) when it measured nothing either, and the score stands on the rest.
 */
export interface Rates {
  happy?: number;
  edge?: number;
  lint: number;
  probes?: number;
}

/** The settings a scorecard was made with. */
export interface ScorecardSettings {
  seed: string;
  cases: number;
  edge_cases: boolean;
  allow_writes: boolean;
  /** false with --no-network: read tools that reach the network were skipped. */
  network: boolean;
  probes: boolean;
  timeout_ms: number;
}

/**
 * A graded run of `mcp test`, with typed facts where the report has sentences: why tools were
 * skipped, why the run is not graded, what each probe found and each fix's kind. The JSON report
 * (`--report json`) is {@link ScorecardJson}, made from it by the reports.
 */
export interface Scorecard {
  kind: typeof SCORECARD_KIND;
  scorecard_version: typeof SCORECARD_VERSION;
  server: { name: string | null; version: string | null };
  protocol: string;
  settings: ScorecardSettings;
  /** null when not graded (see `not_graded`). */
  grade: Grade | null;
  /** Why the run is not graded, or null when it is. */
  not_graded: NotGraded | null;
  /** 0..1, rounded to 4 places; null when not graded. */
  score: number | null;
  rates: Rates;
  /** Calls counted per component, so a full-credit rate with nothing measured can be told apart. */
  counts: {
    happy: PassCount;
    edge: PassCount;
    probes: PassCount;
    /** Edge cases whose answer could tell a careful server from a careless one (invalid input, an unknown id). */
    edge_informative: number;
    /** Calls left out of the rates, by class. */
    not_counted: { environment: number; not_found: number; needs_input: number };
  };
  /**
   * Set when calls could not reach their backend (or the environment failed them otherwise): the
   * grade stands on the calls that could, and `--fail-under` fails the card unless
   * `--allow-incomplete`.
   */
  incomplete: {
    calls: number;
    /** The first two different things those calls said (the report shows each in a few words). */
    examples: CallFacts[];
  } | null;
  coverage: { called: number; total: number; skipped: Array<{ tool: string; skipped: SkipFacts }> };
  /** Restarts after crashes (stdio servers). */
  restarts: number;
  tools: ToolScore[];
  calls: CallRecord[];
  lint: LintFinding[];
  probes: ProbeResult[];
  fixes: Fix[];
}

/** A tool of the JSON report: why it was skipped in a sentence and in a few words, or null. */
export type ToolScoreJson = Omit<ToolScore, "skipped"> & {
  skipped_reason: string | null;
  /** The reason in a few words, for a table (`may write, delete`, `network`), or null when called. */
  skipped_note: string | null;
};

/** A probe of the JSON report: its outcome and its reason. */
export interface ProbeJson {
  id: ProbeId;
  tool: string;
  confidence: Confidence;
  status: "pass" | "fail" | "skip";
  reason: string;
}

/** The JSON report of `mcp test` (`--report json`): a scorecard with its sentences. */
export type ScorecardJson = Omit<
  Scorecard,
  "not_graded" | "incomplete" | "coverage" | "tools" | "calls" | "lint" | "probes" | "fixes"
> & {
  not_graded_reason: string | null;
  incomplete: { calls: number; examples: string[] } | null;
  coverage: { called: number; total: number; skipped: Array<{ tool: string; reason: string }> };
  tools: ToolScoreJson[];
  calls: CallRecordJson[];
  lint: LintFindingJson[];
  probes: ProbeJson[];
  fixes: FixJson[];
};
