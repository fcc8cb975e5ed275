// The kinds of "Top issues to fix" as data: each kind's facts and where it comes from. A fix is
// built here from its kind and facts; its issue and its fix are made from them by the reports
// (src/report/fix-messages.ts), so a fix hint always matches the cause the facts name.
import type { LintFinding } from "../lint/types.js";
import type { CallFacts } from "./call-facts.js";
import type { ProbeSaid } from "./probe-messages.js";
import type { ProbeId } from "./types.js";

/**
 * The facts each kind of fix carries (`args`), keyed by kind; `call` is the first call the fix
 * quotes.
 */
export interface FixFacts {
  crash: {
    cases: string[];
    /** A crash that followed a backend that could not be reached. */ unreachable: boolean;
  };
  timeout: { cases: string[] };
  "soft-error": { failed: number; total: number; call: CallFacts };
  /**
   * `slow`: some of the calls timed out, which a slow backend does too. `cause`: what every call
   * says the environment lacked (`network` when they differ or say nothing more).
   */
  environment: { calls: number; call: CallFacts; slow: boolean; cause: EnvironmentCause };
  /** `unproven`: every refused call's arguments could not be shown valid, so the schema is at fault. */
  "valid-input-refused": { failed: number; total: number; call: CallFacts; unproven: boolean };
  "output-invalid": { call: CallFacts };
  "edge-accepted": { cases: number; call: CallFacts };
  /** The lint finding, whose sentence and fix are the issue and the fix. */
  lint: { finding: LintFinding };
  /** The probe, and what it said. */
  probe: { probe: ProbeId; said: ProbeSaid };
}

/** What the environment lacked: a reachable backend, credentials, or a program (a browser, a command). */
export type EnvironmentCause = "network" | "credentials" | "missing program";

/** A kind of fix. */
export type FixKind = keyof FixFacts;

/** Where each kind of fix comes from (`call:happy`, `lint:RULE`, `probe:ID`, …), made from its facts. */
const FIX_SOURCE: { readonly [K in FixKind]: (facts: FixFacts[K]) => string } = {
  crash: () => "crash",
  timeout: () => "timeout",
  "soft-error": () => "call:soft-error",
  environment: () => "call:environment",
  "valid-input-refused": () => "call:happy",
  "output-invalid": () => "call:output",
  "edge-accepted": () => "call:edge",
  lint: ({ finding }) => `lint:${finding.rule}`,
  probe: ({ probe }) => `probe:${probe}`,
};

/** One fix of kind `K`: the tool, how it weighs, where it comes from and its facts. */
export interface FixOf<K extends FixKind> {
  tool: string | null;
  severity: "error" | "warning" | "info";
  /** Where it comes from: `call:happy`, `call:edge`, `crash`, `timeout`, `lint:RULE`, `probe:ID`, … */
  source: string;
  /** Blocks CI (`--ci`): a tool failing valid input, an edge-case crash, a lint error, a failing high-confidence probe. */
  blocking: boolean;
  kind: K;
  /** The facts its issue and its fix are made from. */
  args: FixFacts[K];
}

/** One of the "Top issues to fix", discriminated by `kind`. */
export type Fix = { [K in FixKind]: FixOf<K> }[FixKind];

/** A fix as the scorecard document holds it: the sentences, without the kind and the facts. */
export interface FixJson {
  tool: string | null;
  severity: Fix["severity"];
  source: string;
  blocking: boolean;
  issue: string;
  fix: string;
}

/** Builds a fix; its source comes from its kind and facts. */
export function fixOf<K extends FixKind>(
  kind: K,
  at: { tool: string | null; severity: Fix["severity"]; blocking: boolean },
  args: FixFacts[K],
): FixOf<K> {
  return {
    tool: at.tool,
    severity: at.severity,
    source: FIX_SOURCE[kind](args),
    blocking: at.blocking,
    kind,
    args,
  };
}
