// The kinds of breaking change as data: each kind's facts, and the order changes of one kind are
// listed in. A breaking change is built here from its kind, where it is and its facts; the
// sentence a person reads is made from them by the reports (src/report/breaking.ts).
import type { LintFinding } from "../lint/types.js";
import type { SurfaceRef } from "../mcp/surface.js";
import type { RenamePair } from "./renames.js";
import type { ProbeSummary } from "./scorecards.js";
import type { BreakingKind, EffectChange, LikelyRename } from "./types.js";

/** The facts each kind of breaking change carries (`args`), keyed by kind. */
export interface BreakingFacts {
  "tool-removed": { renamedTo: LikelyRename | null };
  "parameter-removed": { parameter: string };
  "parameter-required": { parameter: string; added: boolean };
  "parameter-type-changed": { parameter: string; from: string; to: string };
  "capability-added": { effect: EffectChange; newTool: boolean };
  /** The new lint error. */
  "lint-error-added": { finding: LintFinding };
  "grade-lowered": { from: string; to: string; scoreFrom: number | null; scoreTo: number | null };
  /** The probe, and what it found on B. */
  "probe-newly-failing": { probe: string; found: ProbeSummary };
  "prompt-removed": { renamedTo: RenamePair | null };
  "prompt-argument-removed": { argument: string };
  "prompt-argument-required": { argument: string; added: boolean };
  "resource-template-removed": { renamedTo: RenamePair | null };
}

// Not renamed first, then by the name renamed to (each added name is paired once at most).
const renamedKey = (r: RenamePair | null) => (r ? ` '${r.to}'` : "");

/**
 * Every kind of breaking change, in the order a diff lists them for one subject, each with the key
 * that orders two changes of the kind on one subject at one path: the facts in the order their
 * line shows them, so the list reads in the order of its lines.
 */
export const BREAKING_KINDS: { readonly [K in BreakingKind]: { order(facts: BreakingFacts[K]): string } } = {
  "tool-removed": { order: ({ renamedTo }) => renamedKey(renamedTo) },
  "parameter-removed": { order: ({ parameter }) => parameter },
  "parameter-required": { order: ({ parameter, added }) => `${added ? 0 : 1}${parameter}` },
  "parameter-type-changed": { order: ({ parameter, from, to }) => `${parameter} ${from} -> ${to}` },
  "capability-added": {
    order: ({ effect: e, newTool }) =>
      `${newTool ? 1 : 0} ${e.capability}${e.sources.length ? ` (${e.sources.join("; ")})` : ""}`,
  },
  // In the order lint lists them; the reports list a subject's new lint errors by their lines
  // (src/report/breaking.ts), which are made from the findings' facts there.
  "lint-error-added": { order: () => "" },
  "grade-lowered": { order: () => "" },
  // One result per probe on a tool: the probe decides.
  "probe-newly-failing": { order: ({ probe }) => probe },
  "prompt-removed": { order: ({ renamedTo }) => renamedKey(renamedTo) },
  "prompt-argument-removed": { order: ({ argument }) => argument },
  "prompt-argument-required": { order: ({ argument, added }) => `${added ? 1 : 0}${argument}` },
  "resource-template-removed": { order: ({ renamedTo }) => renamedKey(renamedTo) },
};

/** One breaking change of kind `K`: where it is, and its facts. */
export interface BreakingChangeOf<K extends BreakingKind> {
  /** The tool; null for the whole server or for a prompt or resource template. */
  tool: string | null;
  /** The prompt or resource template, for the kinds about one. */
  item?: SurfaceRef;
  kind: K;
  /** The parameter path, for parameter kinds; the argument's name, for prompt arguments. */
  path?: string;
  /** The facts its sentence is made from. */
  args: BreakingFacts[K];
}

/** One breaking change, discriminated by `kind`. */
export type BreakingChange = { [K in BreakingKind]: BreakingChangeOf<K> }[BreakingKind];

/** A breaking change as the diff document holds it: where it is, and its sentence (no facts). */
export type BreakingChangeJson = Omit<BreakingChange, "args"> & { reason: string };

/** Builds a breaking change of `kind`. */
export function breaking<K extends BreakingKind>(
  kind: K,
  where: { tool: string | null; item?: SurfaceRef; path?: string },
  args: BreakingFacts[K],
): BreakingChangeOf<K> {
  return {
    tool: where.tool,
    ...(where.item ? { item: where.item } : {}),
    kind,
    ...(where.path !== undefined ? { path: where.path } : {}),
    args,
  };
}

/** The key that orders two breaking changes of one kind on one subject at one path. */
export function breakingOrder(b: BreakingChange): string {
  return (BREAKING_KINDS[b.kind].order as (f: unknown) => string)(b.args);
}
