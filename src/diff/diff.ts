import type { ServerSnapshot } from "../mcp/snapshot.js";
import type { RawTool } from "../mcp/types.js";
import { deriveEffects, type EffectFinding } from "../pin/effects.js";
import { diffField, fieldText, TextDigest, type FieldDiff } from "../pin/field-diff.js";
import { nameText, stableJson } from "../util/json.js";
import { breakingChanges } from "./breaking.js";
import { compareLint } from "./lint.js";
import { compareSurfaceLint, diffSurface, surfaceBreaking, surfaceDifferenceCount } from "./surface.js";
import { compareParameters } from "./params.js";
import { pinnedSides, type DiffInput, type PinnedSide } from "./pinned-view.js";
import { findRenames } from "./renames.js";
import { sameJson } from "./same-json.js";
import { compareScorecards, type ScorecardComparison, type ScorecardSummary } from "./scorecards.js";
import type { EffectChange, DiffFailOn, DiffSide, ServerChange, ServerDiff, ToolChange } from "./types.js";
import { compareCodeUnits } from "../util/order.js";
import { limits } from "../util/limits.js";

/** Options of diffSnapshots. */
export interface DiffOptions {
  /** The scorecards of both sides (from `mcp test`), compared side by side when given. */
  scorecards?: { a: ScorecardSummary; b: ScorecardSummary };
}

// The pinned fields, in the order a reviewer reads them; any other field follows by name.
const FIELD_ORDER = ["title", "description", "inputSchema", "outputSchema", "annotations"];
const LABELS = { from: " (A)", to: " (B)" };

function byName(tools: readonly RawTool[]): Map<string, RawTool> {
  const m = new Map<string, RawTool>();
  // With duplicate names the first one stands for the name; lint reports the duplicate.
  for (const t of tools) {
    const name = nameText(t.name);
    if (!m.has(name)) m.set(name, t);
  }
  return m;
}

function fieldOrder(keys: Iterable<string>): string[] {
  const rest = [...new Set(keys)]
    .filter((k) => k !== "name" && !FIELD_ORDER.includes(k))
    .sort(compareCodeUnits);
  return [...FIELD_ORDER, ...rest];
}

/**
 * A field diff that is never empty when the values differ (absent vs empty text, text vs JSON). A
 * lock's text kept as its digest shows the same as the other side's text when the first diff is
 * empty, so that text stands for it.
 */
function fieldDiff(field: string, a: unknown, b: unknown): FieldDiff {
  const was = a instanceof TextDigest ? fieldText(b) : a;
  const now = b instanceof TextDigest ? fieldText(a) : b;
  return (
    diffField(field, a, b, LABELS) ??
    diffField(
      field,
      was === undefined ? "(absent)" : stableJson(was),
      now === undefined ? "(absent)" : stableJson(now),
      LABELS,
    )!
  );
}

/** Capabilities gained (with B's sources) and lost (with A's sources). */
export function effectChanges(a: EffectFinding[], b: EffectFinding[]): EffectChange[] {
  const had = new Set(a.map((c) => c.capability));
  const has = new Set(b.map((c) => c.capability));
  return [
    ...b
      .filter((c) => !had.has(c.capability))
      .map((c) => ({ capability: c.capability, change: "added" as const, sources: [...c.sources] })),
    ...a
      .filter((c) => !has.has(c.capability))
      .map((c) => ({ capability: c.capability, change: "removed" as const, sources: [...c.sources] })),
  ].sort((x, y) => compareCodeUnits(x.change, y.change) || compareCodeUnits(x.capability, y.capability));
}

/** A tool's capabilities: as its lock records them in the pinned view, else derived. */
type EffectsOf = (tool: RawTool) => EffectFinding[];

function effectsOfSide(view: PinnedSide | undefined): EffectsOf {
  return (t) => view?.capabilities.get(String(t.name)) ?? deriveEffects(t);
}

function compareTool(
  name: string,
  a: RawTool,
  b: RawTool,
  effectsOf: { a: EffectsOf; b: EffectsOf } = { a: deriveEffects, b: deriveEffects },
): ToolChange | undefined {
  const fields = fieldOrder([...Object.keys(a), ...Object.keys(b)]).filter((f) => !sameJson(a[f], b[f]));
  if (fields.length === 0) return undefined;
  return {
    name,
    fields,
    diffs: fields.map((f) => fieldDiff(f, a[f], b[f])),
    capabilities: effectChanges(effectsOf.a(a), effectsOf.b(b)),
    parameters: fields.includes("inputSchema") ? compareParameters(a.inputSchema, b.inputSchema) : [],
  };
}

const text = (v: unknown): string | null =>
  v === undefined || v === null ? null : typeof v === "string" ? v : JSON.stringify(v);

function side(s: ServerSnapshot): DiffSide {
  return {
    name: text(s.server.name),
    version: text(s.server.version),
    protocol: s.protocol,
    tools: s.tools.length,
  };
}

function serverChanges(
  a: ServerSnapshot,
  b: ServerSnapshot,
  view?: { a: PinnedSide; b: PinnedSide },
): ServerChange[] {
  const out: ServerChange[] = [];
  const A = side(a);
  const B = side(b);
  if (A.name !== B.name) out.push({ field: "name", from: A.name, to: B.name });
  if (A.version !== B.version) out.push({ field: "version", from: A.version, to: B.version });
  if (A.protocol !== B.protocol) out.push({ field: "protocol", from: A.protocol, to: B.protocol });
  if (view) {
    const [x, y] = [view.a.instructionsSha256, view.b.instructionsSha256];
    if (x !== y) out.push({ field: "instructions", from: x, to: y, hashed: true });
  } else if (a.instructions !== b.instructions) {
    out.push({
      field: "instructions",
      from: a.instructions,
      to: b.instructions,
      diff: fieldDiff("instructions", a.instructions ?? undefined, b.instructions ?? undefined),
    });
  }
  return out;
}

/**
 * Compares two snapshots (A the baseline, B the candidate) and classifies what changed. Pure: no
 * I/O. A change of key order alone is no change; every list is sorted, so the same inputs give
 * the same diff. When either side is a lock, both are compared as a lock holds them (the pinned
 * fields, the instructions by hash, the recorded capabilities) and the diff says so (`pinnedView`).
 */
export function diffSnapshots(inA: DiffInput, inB: DiffInput, opts: DiffOptions = {}): ServerDiff {
  const view = pinnedSides(inA, inB);
  const a = view ? view.a.snapshot : (inA as ServerSnapshot);
  const b = view ? view.b.snapshot : (inB as ServerSnapshot);
  const effectsOf = { a: effectsOfSide(view?.a), b: effectsOfSide(view?.b) };
  const pinnedView = view !== undefined;
  const ta = byName(a.tools);
  const tb = byName(b.tools);
  const added = [...tb.keys()].filter((n) => !ta.has(n)).sort(compareCodeUnits);
  const removed = [...ta.keys()].filter((n) => !tb.has(n)).sort(compareCodeUnits);
  const changed: ToolChange[] = [];
  for (const name of [...ta.keys()].filter((n) => tb.has(n)).sort(compareCodeUnits)) {
    const x = ta.get(name)!;
    const y = tb.get(name)!;
    if (sameJson(x, y)) continue;
    const change = compareTool(name, x, y, effectsOf);
    if (change) changed.push(change);
  }
  // Each removed tool is compared with each added one: past rename-pairs, renames are not looked
  // for, and the diff says so.
  const renameLimit = limits()["rename-pairs"];
  const renamesNotSearched =
    removed.length * added.length > renameLimit
      ? { removed: removed.length, added: added.length, limit: renameLimit }
      : undefined;
  const renames = (
    renamesNotSearched
      ? []
      : findRenames(
          removed.map((n) => ta.get(n)!),
          added.map((n) => tb.get(n)!),
          [...a.tools, ...b.tools],
        )
  ).map((r) => {
    const change = compareTool(r.to, ta.get(r.from)!, tb.get(r.to)!, effectsOf);
    const { name: _, ...rest } = change ?? {
      name: r.to,
      fields: [],
      diffs: [],
      capabilities: [],
      parameters: [],
    };
    return { ...r, change: rest };
  });
  const renamedFrom = new Map(renames.map((r) => [r.to, ta.get(r.from)!]));
  const addedEffects = added
    .map((tool) => {
      // A renamed tool is compared with the tool it replaces: only what that one could not do is new.
      const old = renamedFrom.get(tool);
      const now = effectsOf.b(tb.get(tool)!);
      return {
        tool,
        capabilities: old
          ? effectChanges(effectsOf.a(old), now).filter(
              (c) => c.change === "added" && c.capability !== "unknown",
            )
          : effectChanges([], now),
      };
    })
    .filter((x) => x.capabilities.length > 0);
  const touched = new Set([...added, ...removed, ...changed.map((c) => c.name)]);
  const duplicates = ta.size !== a.tools.length || tb.size !== b.tools.length;
  const tools = compareLint(a, b, touched, duplicates);
  const surface = diffSurface(a, b);
  const items = compareSurfaceLint(a, b);
  const lintNew = [...tools.lintNew, ...items.lintNew];
  const lintResolved = [...tools.lintResolved, ...items.lintResolved];
  const server = serverChanges(a, b, view);
  let scorecards: ScorecardComparison | undefined;
  let scoreBreaking: ReturnType<typeof compareScorecards>["breaking"] = [];
  if (opts.scorecards) {
    const cmpd = compareScorecards(opts.scorecards.a, opts.scorecards.b);
    scorecards = cmpd.comparison;
    scoreBreaking = cmpd.breaking;
  }
  const breaking = breakingChanges({
    removed,
    renames,
    changed,
    addedEffects,
    lintNew,
    extra: [...scoreBreaking, ...surfaceBreaking(surface)],
  });
  const identical =
    added.length +
      removed.length +
      changed.length +
      lintNew.length +
      lintResolved.length +
      server.length +
      surfaceDifferenceCount(surface) ===
    0;
  const from = side(a);
  const to = side(b);
  return {
    from,
    to,
    added,
    removed,
    renames,
    ...(renamesNotSearched ? { renamesNotSearched } : {}),
    changed,
    addedEffects,
    lintNew,
    lintResolved,
    server,
    surface,
    breaking,
    scorecards,
    identical,
    pinnedView,
  };
}

/** True when `d` fails under `failOn`: any difference or breaking change, only breaking ones, or never. */
export function diffFails(d: Pick<ServerDiff, "identical" | "breaking">, failOn: DiffFailOn): boolean {
  if (failOn === "none") return false;
  if (failOn === "breaking") return d.breaking.length > 0;
  return !d.identical || d.breaking.length > 0;
}
