// The words of each kind of breaking change: the one line that describes the kind (the SARIF
// catalogue reads it) and the sentence made from a change's facts. The diff reports the kind and
// the facts; its sentences are made here and nowhere else.
import type { BreakingChange, BreakingChangeJson, BreakingFacts } from "../diff/breaking-kinds.js";
import type { RenamePair } from "../diff/renames.js";
import type { BreakingKind, EffectChange } from "../diff/types.js";
import { compareCodeUnits } from "../util/order.js";
import { lintMessage } from "./lint-messages.js";
import { renameReasons } from "./rename-words.js";
import { probeSummaryReason } from "./probe-messages.js";

/** A score as the reports show it: two decimals, or `-` when not graded. */
export const score = (s: number | null): string => (s === null ? "-" : s.toFixed(2));
const renamed = (r: RenamePair | null) => (r ? ` (likely renamed to '${r.to}': ${renameReasons(r)})` : "");
const canDo = (c: EffectChange) => `${c.capability}${c.sources.length ? ` (${c.sources.join("; ")})` : ""}`;

interface KindWords<F> {
  /** What the kind is, as one sentence. */
  summary: string;
  reason(facts: F): string;
}

/** Every kind of breaking change: what it is, and its sentence made from the facts. */
export const BREAKING_MESSAGES: { readonly [K in BreakingKind]: KindWords<BreakingFacts[K]> } = {
  "tool-removed": {
    summary: "A tool was removed.",
    reason: ({ renamedTo }) => `tool removed${renamed(renamedTo)}`,
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
    reason: ({ finding }) => `new lint error: ${lintMessage(finding)} (${finding.rule})`,
  },
  "grade-lowered": {
    summary: "The scorecard grade went down.",
    reason: (f) =>
      `grade lowered from ${f.from} to ${f.to} (score ${score(f.scoreFrom)} -> ${score(f.scoreTo)})`,
  },
  "probe-newly-failing": {
    summary: "A high-confidence effect probe newly fails.",
    reason: ({ probe, found }) => {
      const reason = probeSummaryReason(found);
      return `high-confidence probe ${probe} now fails${reason ? `: ${reason}` : ""}`;
    },
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

/** The sentence of a breaking change, made from its kind and facts (not escaped). */
export function formatBreaking(b: BreakingChange): string {
  return (BREAKING_MESSAGES[b.kind].reason as (f: unknown) => string)(b.args);
}

/**
 * A diff's breaking changes in the order the reports list them: as the diff orders them, with the
 * new lint errors of each subject by their lines (the diff has their facts, not their sentences).
 */
export function breakingInOrder(list: readonly BreakingChange[]): BreakingChange[] {
  const out = [...list];
  for (let start = 0; start < out.length;) {
    let end = start + 1;
    if (out[start]!.kind === "lint-error-added")
      while (end < out.length && out[end]!.kind === "lint-error-added" && out[end]!.tool === out[start]!.tool)
        end++;
    if (end - start > 1) {
      const lines = out.slice(start, end).map((b) => ({ b, line: formatBreaking(b) }));
      lines.sort((x, y) => compareCodeUnits(x.line, y.line));
      out.splice(start, end - start, ...lines.map((x) => x.b));
    }
    start = end;
  }
  return out;
}

/** The document form of a breaking change: where it is and its sentence, keys in the document's order. */
export function breakingJson(b: BreakingChange): BreakingChangeJson {
  const { args: _facts, ...where } = b;
  const json = { ...where, reason: formatBreaking(b) };
  return json as BreakingChangeJson;
}
