import type { LintFinding } from "../lint/types.js";
import { typesNarrowed } from "./params.js";
import type { BreakingChange, BreakingKind, EffectChange, LikelyRename, ToolChange } from "./types.js";
import { compareCodeUnits } from "../util/order.js";

/** Capabilities that widen what a tool can do to the point of breaking trust in it. */
const DANGEROUS = new Set(["delete", "exec"]);

const KIND_ORDER: BreakingKind[] = [
  "tool-removed",
  "parameter-removed",
  "parameter-required",
  "parameter-type-changed",
  "capability-added",
  "lint-error-added",
  "grade-lowered",
  "probe-newly-failing",
  "prompt-removed",
  "prompt-argument-removed",
  "prompt-argument-required",
  "resource-template-removed",
];

const canDo = (c: EffectChange) => `${c.capability}${c.sources.length ? ` (${c.sources.join("; ")})` : ""}`;

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
  for (const tool of d.removed) {
    const r = renamedTo.get(tool);
    const hint = r ? ` (likely renamed to '${r.to}': ${r.reasons.join("; ")})` : "";
    out.push({ tool, kind: "tool-removed", reason: `tool removed${hint}` });
  }
  for (const c of d.changed) {
    const newParams = new Set(c.parameters.filter((p) => p.kind === "added").map((p) => p.path));
    for (const p of c.parameters) {
      if (p.kind === "removed") {
        out.push({
          tool: c.name,
          kind: "parameter-removed",
          path: p.path,
          reason: `parameter '${p.path}' removed`,
        });
      } else if (p.kind === "required") {
        const reason = newParams.has(p.path)
          ? `new required parameter '${p.path}'`
          : `parameter '${p.path}' is now required`;
        out.push({ tool: c.name, kind: "parameter-required", path: p.path, reason });
      } else if (p.kind === "type" && typesNarrowed(p.from!.split("|"), p.to!.split("|"))) {
        out.push({
          tool: c.name,
          kind: "parameter-type-changed",
          path: p.path,
          reason: `parameter '${p.path}' changed type: ${p.from} -> ${p.to}`,
        });
      }
    }
    for (const cap of c.capabilities) {
      if (cap.change !== "added" || !DANGEROUS.has(cap.capability)) continue;
      out.push({ tool: c.name, kind: "capability-added", reason: `can now ${canDo(cap)}` });
    }
  }
  for (const { tool, capabilities } of d.addedEffects) {
    for (const cap of capabilities) {
      if (!DANGEROUS.has(cap.capability)) continue;
      out.push({ tool, kind: "capability-added", reason: `new tool can ${canDo(cap)}` });
    }
  }
  for (const f of d.lintNew) {
    if (f.severity !== "error") continue;
    out.push({
      tool: f.tool,
      ...(f.item ? { item: f.item } : {}),
      kind: "lint-error-added",
      reason: `new lint error: ${f.message} (${f.rule})`,
    });
  }
  return out.sort(
    (x, y) =>
      (x.tool === null ? 1 : 0) - (y.tool === null ? 1 : 0) ||
      compareCodeUnits(x.tool ?? "", y.tool ?? "") ||
      KIND_ORDER.indexOf(x.kind) - KIND_ORDER.indexOf(y.kind) ||
      compareCodeUnits(x.path ?? "", y.path ?? "") ||
      compareCodeUnits(x.reason, y.reason),
  );
}
