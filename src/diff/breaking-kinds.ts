// The kinds of breaking change as data: each kind's facts, the one line that describes the kind
// (the SARIF catalogue reads it), and the template its reason is made from. A breaking change is
// built here from its kind, where it is and its facts, so its sentence is made in one place.
import type { SurfaceRef } from "../mcp/surface.js";
import type { RenamePair } from "./renames.js";
import type { BreakingKind, EffectChange, LikelyRename } from "./types.js";

/** The facts each kind of breaking change carries (`args`), keyed by kind. */
export interface BreakingFacts {
  "tool-removed": { renamedTo: LikelyRename | null };
  "parameter-removed": { parameter: string };
  "parameter-required": { parameter: string; added: boolean };
  "parameter-type-changed": { parameter: string; from: string; to: string };
  "capability-added": { effect: EffectChange; newTool: boolean };
  "lint-error-added": { rule: string; message: string };
  "grade-lowered": { from: string; to: string; scoreFrom: number | null; scoreTo: number | null };
  "probe-newly-failing": { probe: string; reason: string | null };
  "prompt-removed": { renamedTo: RenamePair | null };
  "prompt-argument-removed": { argument: string };
  "prompt-argument-required": { argument: string; added: boolean };
  "resource-template-removed": { renamedTo: RenamePair | null };
}

interface KindSpec<F> {
  /** What the kind is, as one sentence. */
  summary: string;
  reason(facts: F): string;
}

/** A score as the reports show it: two decimals, or `-` when not graded. */
export const score = (s: number | null): string => (s === null ? "-" : s.toFixed(2));
const renamed = (r: RenamePair | null) =>
  r ? ` (likely renamed to '${r.to}': ${r.reasons.join("; ")})` : "";
const canDo = (c: EffectChange) => `${c.capability}${c.sources.length ? ` (${c.sources.join("; ")})` : ""}`;

/** Every kind of breaking change, in the order a diff lists them for one subject. */
export const BREAKING_KINDS: { readonly [K in BreakingKind]: KindSpec<BreakingFacts[K]> } = {
  "tool-removed": {
    summary: "A tool was removed.",
    reason: ({ renamedTo: r }) =>
      `tool removed${r ? ` (likely renamed to '${r.to}': ${r.reasons.join("; ")})` : ""}`,
  },
  "parameter-removed": {
    summary: "A parameter was removed.",
    reason: ({ parameter }) => `parameter '${parameter}' removed`,
  },
  "parameter-required": {
    summary: "A parameter became required.",
    reason: ({ parameter, added }) =>
      added ? `new required parameter '${parameter}'` : `parameter '${parameter}' is now required`,
  },
  "parameter-type-changed": {
    summary: "A parameter's type changed.",
    reason: ({ parameter, from, to }) => `parameter '${parameter}' changed type: ${from} -> ${to}`,
  },
  "capability-added": {
    summary: "A tool gained the delete or exec capability.",
    reason: ({ effect, newTool }) => `${newTool ? "new tool can" : "can now"} ${canDo(effect)}`,
  },
  "lint-error-added": {
    summary: "A new lint error.",
    reason: ({ rule, message }) => `new lint error: ${message} (${rule})`,
  },
  "grade-lowered": {
    summary: "The scorecard grade went down.",
    reason: (f) =>
      `grade lowered from ${f.from} to ${f.to} (score ${score(f.scoreFrom)} -> ${score(f.scoreTo)})`,
  },
  "probe-newly-failing": {
    summary: "A high-confidence effect probe newly fails.",
    reason: ({ probe, reason }) => `high-confidence probe ${probe} now fails${reason ? `: ${reason}` : ""}`,
  },
  "prompt-removed": {
    summary: "A prompt was removed.",
    reason: ({ renamedTo }) => `prompt removed${renamed(renamedTo)}`,
  },
  "prompt-argument-removed": {
    summary: "A prompt argument was removed.",
    reason: ({ argument }) => `argument '${argument}' removed`,
  },
  "prompt-argument-required": {
    summary: "A prompt argument became required.",
    reason: ({ argument, added }) =>
      added ? `new required argument '${argument}'` : `argument '${argument}' is now required`,
  },
  "resource-template-removed": {
    summary: "A resource template was removed.",
    reason: ({ renamedTo }) => `resource template removed${renamed(renamedTo)}`,
  },
};

/** One breaking change of kind `K`: where it is, its facts, and the reason made from them. */
export interface BreakingChangeOf<K extends BreakingKind> {
  /** The tool; null for the whole server or for a prompt or resource template. */
  tool: string | null;
  /** The prompt or resource template, for the kinds about one. */
  item?: SurfaceRef;
  kind: K;
  /** The parameter path, for parameter kinds; the argument's name, for prompt arguments. */
  path?: string;
  /** The sentence, made from the kind's template and `args`. */
  reason: string;
  /** The facts the reason is made from. */
  args: BreakingFacts[K];
}

/** One breaking change, discriminated by `kind`. */
export type BreakingChange = { [K in BreakingKind]: BreakingChangeOf<K> }[BreakingKind];

/** A breaking change as the diff document holds it: the facts stay in memory, the JSON is as it was. */
export type BreakingChangeJson = Omit<BreakingChange, "args">;

/** Builds a breaking change; its reason comes from the kind's template. */
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
    reason: BREAKING_KINDS[kind].reason(args),
    args,
  };
}

/** The document form of a breaking change (without `args`, key order as the document has it). */
export function breakingJson(b: BreakingChange): BreakingChangeJson {
  const { args: _facts, ...rest } = b;
  return rest;
}
