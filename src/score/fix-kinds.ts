// The kinds of "Top issues to fix" as data: each kind's facts, and the templates its issue, its fix
// and its source are made from. A fix is built here from its kind and facts, so its sentences are
// made in one place, and a fix hint always matches the cause the facts name.
import type { ProbeId } from "./types.js";

/** The facts each kind of fix carries (`args`), keyed by kind. */
export interface FixFacts {
  crash: {
    cases: string[];
    /** A crash that followed a backend that could not be reached. */ unreachable: boolean;
  };
  timeout: { cases: string[] };
  "soft-error": { failed: number; total: number; detail: string };
  /**
   * `slow`: some of the calls timed out, which a slow backend does too. `cause`: what every call
   * says the environment lacked (`network` when they differ or say nothing more).
   */
  environment: { calls: number; detail: string; slow: boolean; cause: EnvironmentCause };
  /** `unproven`: every refused call's arguments could not be shown valid, so the schema is at fault. */
  "valid-input-refused": { failed: number; total: number; detail: string; unproven: boolean };
  "output-invalid": { detail: string };
  "edge-accepted": { cases: number; detail: string };
  lint: { rule: string; message: string; fix: string };
  probe: { probe: ProbeId; reason: string };
}

/** What the environment lacked: a reachable backend, credentials, or a program (a browser, a command). */
export type EnvironmentCause = "network" | "credentials" | "missing program";

/** A kind of fix. */
export type FixKind = keyof FixFacts;

interface FixSpec<F> {
  source(facts: F): string;
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

/** Every kind of fix: where it comes from, the issue and the fix, each made from the facts. */
export const FIX_KINDS: { readonly [K in FixKind]: FixSpec<FixFacts[K]> } = {
  crash: {
    source: () => "crash",
    issue: ({ cases }) => `crashed the server in ${cases.length} call(s) (${cases.join(", ")})`,
    fix: ({ unreachable }) =>
      unreachable
        ? `${CATCH}: here the crash followed a backend that could not be reached, which should be an error result that leaves the other tools running.`
        : `${CATCH}.`,
  },
  timeout: {
    source: () => "timeout",
    issue: ({ cases }) => `timed out in ${cases.length} call(s) (${cases.join(", ")})`,
    fix: () => "Answer within the timeout, and stop work when notifications/cancelled arrives.",
  },
  "soft-error": {
    source: () => "call:soft-error",
    issue: (f) =>
      `answers valid input with an error as a normal result (${f.failed} of ${f.total} calls): ${f.detail}`,
    fix: () =>
      "Return failures with isError: true, so clients and models can tell them from answers; if the input is fine, make the call succeed.",
  },
  environment: {
    source: () => "call:environment",
    issue: (f) =>
      f.cause === "missing program"
        ? `${f.calls} call(s) need a program this machine lacks, so they are not graded: ${f.detail}`
        : f.cause === "credentials"
          ? `${f.calls} call(s) were refused for missing or rejected credentials, so they are not graded: ${f.detail}`
          : `${f.calls} call(s) could not reach the backend, so they are not graded: ${f.detail}`,
    fix: ({ slow, cause }) =>
      (cause === "missing program"
        ? "Install the browser or program the server needs (its message names it), or skip these tools (--capabilities FILE)."
        : cause === "credentials"
          ? "Set the credentials the server needs (--env KEY=VALUE), or skip these tools (--capabilities FILE)."
          : "Set the credentials or network access the server needs (--env KEY=VALUE), or skip these tools (--no-network, or --capabilities FILE).") +
      (slow ? " A backend that answers, but slowly, needs a longer --timeout." : ""),
  },
  "valid-input-refused": {
    source: () => "call:happy",
    issue: (f) => `fails on valid input (${f.failed} of ${f.total} calls): ${f.detail}`,
    // "Narrow the schema" only when the server refused input its own schema allows.
    fix: ({ unproven }) =>
      unproven
        ? "toolscore could not make arguments this input schema accepts; fix the schema (see the lint findings) so that valid input exists."
        : "Accept every input the schema allows, or narrow the schema (enum, pattern, bounds) to what the tool supports.",
  },
  "output-invalid": {
    source: () => "call:output",
    issue: ({ detail }) => detail,
    fix: () => PROBE_FIX["output-schema-conformance"],
  },
  "edge-accepted": {
    source: () => "call:edge",
    issue: (f) => `${f.cases} edge case(s) not rejected with a clear error: ${f.detail}`,
    fix: () =>
      "Check arguments against the input schema and answer invalid ones with an error result (isError: true) that names the argument and what is wrong.",
  },
  lint: { source: ({ rule }) => `lint:${rule}`, issue: ({ message }) => message, fix: ({ fix }) => fix },
  probe: {
    source: ({ probe }) => `probe:${probe}`,
    issue: ({ reason }) => reason,
    fix: ({ probe }) => PROBE_FIX[probe],
  },
};

/** One fix of kind `K`: the tool, how it weighs, its facts and the sentences made from them. */
export interface FixOf<K extends FixKind> {
  tool: string | null;
  severity: "error" | "warning" | "info";
  /** Where it comes from: `call:happy`, `call:edge`, `crash`, `timeout`, `lint:RULE`, `probe:ID`, … */
  source: string;
  issue: string;
  fix: string;
  /** Blocks CI (`--ci`): a tool failing valid input, an edge-case crash, a lint error, a failing high-confidence probe. */
  blocking: boolean;
  kind: K;
  /** The facts the sentences are made from. */
  args: FixFacts[K];
}

/** One of the "Top issues to fix", discriminated by `kind`. */
export type Fix = { [K in FixKind]: FixOf<K> }[FixKind];

/** A fix as the scorecard document holds it: the sentences, without the kind and the facts. */
export type FixJson = Omit<Fix, "kind" | "args">;

/** Builds a fix; its source, issue and fix come from the kind's templates. */
export function fixOf<K extends FixKind>(
  kind: K,
  at: { tool: string | null; severity: Fix["severity"]; blocking: boolean },
  args: FixFacts[K],
): FixOf<K> {
  const spec = FIX_KINDS[kind] as FixSpec<FixFacts[K]>;
  return {
    tool: at.tool,
    severity: at.severity,
    source: spec.source(args),
    blocking: at.blocking,
    issue: spec.issue(args),
    fix: spec.fix(args),
    kind,
    args,
  };
}

/** The document form of a fix, its keys in the document's order. */
export function fixJson(f: Fix): FixJson {
  return {
    tool: f.tool,
    severity: f.severity,
    source: f.source,
    blocking: f.blocking,
    issue: f.issue,
    fix: f.fix,
  };
}
