import type { LintFinding } from "../lint/types.js";
import { typesNarrowed } from "./params.js";
import { breaking, breakingOrder, BREAKING_KINDS, type BreakingChange } from "./breaking-kinds.js";
import type { BreakingKind, EffectChange, LikelyRename, ToolChange } from "./types.js";
import { compareCodeUnits } from "../util/order.js";

/** Capabilities that widen what a tool can do to the point of breaking trust in it. */
const DANGEROUS = new Set(["delete", "exec"]);

const KIND_ORDER = Object.keys(BREAKING_KINDS) as BreakingKind[];

/** The breaking changes among a diff's tool changes and new lint findings, sorted by tool, then kind. */
export function breakingChanges(d: {
  removed: string[];
  renames: LikelyRename[];
  changed: ToolChange[];
  addedEffects: Array<{ tool: string; capabilities: EffectChange[] }>;
  lintNew: LintFinding[];
  /** Breaking changes found elsewhere (the scorecards), sorted in with the rest. */
  extra?: BreakingChange[];
}): BreakingChange[] {
  const out: BreakingChange[] = [...(d.extra ?? [])];
  const renamedTo = new Map(d.renames.map((r) => [r.from, r]));
  for (const tool of d.removed)
    out.push(breaking("tool-removed", { tool }, { renamedTo: renamedTo.get(tool) ?? null }));
  for (const c of d.changed) {
    const newParams = new Set(c.parameters.filter((p) => p.kind === "added").map((p) => p.path));
    for (const p of c.parameters) {
      const where = { tool: c.name, path: p.path };
      if (p.kind === "removed") out.push(breaking("parameter-removed", where, { parameter: p.path }));
      else if (p.kind === "required")
        out.push(breaking("parameter-required", where, { parameter: p.path, added: newParams.has(p.path) }));
      else if (p.kind === "type" && typesNarrowed(p.from!.split("|"), p.to!.split("|")))
        out.push(breaking("parameter-type-changed", where, { parameter: p.path, from: p.from!, to: p.to! }));
    }
    for (const effect of c.capabilities) {
      if (effect.change !== "added" || !DANGEROUS.has(effect.capability)) continue;
      out.push(breaking("capability-added", { tool: c.name }, { effect, newTool: false }));
    }
  }
  for (const { tool, capabilities } of d.addedEffects) {
    for (const effect of capabilities) {
      if (!DANGEROUS.has(effect.capability)) continue;
      out.push(breaking("capability-added", { tool }, { effect, newTool: true }));
    }
  }
  for (const f of d.lintNew) {
    if (f.severity !== "error") continue;
    out.push(
      breaking("lint-error-added", { tool: f.tool, ...(f.item ? { item: f.item } : {}) }, { finding: f }),
    );
  }
  return out.sort(
    (x, y) =>
      (x.tool === null ? 1 : 0) - (y.tool === null ? 1 : 0) ||
      compareCodeUnits(x.tool ?? "", y.tool ?? "") ||
      KIND_ORDER.indexOf(x.kind) - KIND_ORDER.indexOf(y.kind) ||
      compareCodeUnits(x.path ?? "", y.path ?? "") ||
      compareCodeUnits(breakingOrder(x), breakingOrder(y)),
  );
}
