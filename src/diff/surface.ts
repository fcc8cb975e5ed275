// The diff of prompts, resource templates and resources between two snapshots: items added,
// removed and changed (a text diff per pinned field), what of it breaks a client, and the lint
// findings on them that are new or resolved.
import { lintSurface } from "../lint/surface.js";
import type { LintFinding } from "../lint/types.js";
import type { ServerSnapshot } from "../mcp/snapshot.js";
import { SURFACE_KINDS, surfaceItemKey, type RawSurfaceItem, type SurfaceKind } from "../mcp/surface.js";
import { SURFACE_PINNED_FIELDS } from "../pin/surface-lock.js";
import { diffField, type FieldDiff } from "../pin/field-diff.js";
import { stableJson } from "../util/json.js";
import { compareCodeUnits } from "../util/order.js";
import { sameJson } from "./same-json.js";
import { breaking, type BreakingChange } from "./breaking-kinds.js";
import type { RawTool } from "../mcp/types.js";
import { setOwn } from "../util/json.js";
import { limits } from "../util/limits.js";
import { findRenames, type RenamePair } from "./renames.js";

/** A change to one argument of a prompt present on both sides. */
export interface PromptArgumentChange {
  name: string;
  change: "added" | "removed" | "required" | "optional";
  /** Whether the argument is required in B (for a removed one, whether it was in A). */
  required: boolean;
}

/** A prompt, resource template or resource present on both sides whose pinned fields differ. */
export interface SurfaceItemChange {
  /** The prompt's name, the template's uriTemplate or the resource's uri. */
  key: string;
  /** The pinned fields that differ, in pinned-field order. */
  fields: string[];
  /** A unified diff per field. */
  diffs: FieldDiff[];
  /** For a prompt: its arguments added, removed, or newly required or optional. */
  arguments: PromptArgumentChange[];
}

/** What differs of one kind. */
export interface SurfaceKindDiff {
  kind: SurfaceKind;
  /** Keys only in B, sorted. */
  added: string[];
  /** Keys only in A, sorted. */
  removed: string[];
  /** Items on both sides that differ, sorted by key. */
  changed: SurfaceItemChange[];
  /**
   * Prompts and templates removed that look renamed to one added, by the same evidence as tools
   * (name, description, arguments or template variables); absent when there are none. They still
   * count as removed.
   */
  renames?: RenamePair[];
}

const LABELS = { from: " (A)", to: " (B)" };

function byKey(
  kind: (typeof SURFACE_KINDS)[number],
  items: readonly RawSurfaceItem[],
): Map<string, RawSurfaceItem> {
  const m = new Map<string, RawSurfaceItem>();
  for (const t of items) {
    const k = surfaceItemKey(kind, t);
    if (!m.has(k)) m.set(k, t);
  }
  return m;
}

function fieldDiff(field: string, a: unknown, b: unknown): FieldDiff {
  const shown = (v: unknown) => (v === undefined ? "(absent)" : stableJson(v));
  return diffField(field, a, b, LABELS) ?? diffField(field, shown(a), shown(b), LABELS)!;
}

function promptArguments(p: RawSurfaceItem): Map<string, boolean> {
  const m = new Map<string, boolean>();
  for (const a of Array.isArray(p.arguments) ? (p.arguments as unknown[]) : []) {
    if (typeof a !== "object" || a === null) continue;
    const arg = a as Record<string, unknown>;
    if (typeof arg.name === "string" && !m.has(arg.name)) m.set(arg.name, arg.required === true);
  }
  return m;
}

function argumentChanges(a: RawSurfaceItem, b: RawSurfaceItem): PromptArgumentChange[] {
  const before = promptArguments(a);
  const after = promptArguments(b);
  const out: PromptArgumentChange[] = [];
  for (const [name, required] of after) {
    const was = before.get(name);
    if (was === undefined) out.push({ name, change: "added", required });
    else if (required && !was) out.push({ name, change: "required", required });
    else if (!required && was) out.push({ name, change: "optional", required });
  }
  for (const [name, was] of before)
    if (!after.has(name)) out.push({ name, change: "removed", required: was });
  return out.sort((x, y) => compareCodeUnits(x.name, y.name) || compareCodeUnits(x.change, y.change));
}

// A template's variables (`{id}`, `{+path}`, `{?q,limit}`) are what its caller fills in.
function templateVariables(uriTemplate: string): string[] {
  const out: string[] = [];
  for (const m of uriTemplate.matchAll(/\{[+#./;?&]?([^}]*)\}/g))
    for (const v of m[1]!.split(",")) if (v.trim()) out.push(v.trim().replace(/\*$|:\d+$/, ""));
  return out;
}

/**
 * A prompt or template as the rename search reads a tool: its key as the name, its description,
 * and its arguments (a prompt's) or variables (a template's) as the parameters.
 */
function asTool(kind: SurfaceKind, key: string, item: RawSurfaceItem): RawTool {
  const names =
    kind === "prompt"
      ? [...promptArguments(item).keys()]
      : templateVariables(typeof item.uriTemplate === "string" ? item.uriTemplate : key);
  const properties: Record<string, unknown> = {};
  for (const n of names) setOwn(properties, n, {});
  return { name: key, description: item.description, inputSchema: { type: "object", properties } };
}

/** Likely renames among a kind's removed and added items, unless past the `rename-pairs` limit. */
function surfaceRenames(
  kind: SurfaceKind,
  removed: readonly string[],
  added: readonly string[],
  ma: Map<string, RawSurfaceItem>,
  mb: Map<string, RawSurfaceItem>,
): RenamePair[] {
  if (kind === "resource" || removed.length === 0 || added.length === 0) return [];
  if (removed.length * added.length > limits()["rename-pairs"]) return [];
  const all = [
    ...[...ma].map(([k, v]) => asTool(kind, k, v)),
    ...[...mb].map(([k, v]) => asTool(kind, k, v)),
  ];
  return findRenames(
    removed.map((k) => asTool(kind, k, ma.get(k)!)),
    added.map((k) => asTool(kind, k, mb.get(k)!)),
    all,
  );
}

/**
 * Compares the prompts, resource templates and resources of A and B on their pinned fields. Prompts
 * and templates are compared when either side lists them (a side without the kind has none);
 * resources only when both do, since a lock holds them only when pinned with `--resources`.
 * Only kinds with a difference are returned.
 */
export function diffSurface(a: ServerSnapshot, b: ServerSnapshot): SurfaceKindDiff[] {
  const out: SurfaceKindDiff[] = [];
  for (const info of SURFACE_KINDS) {
    const la = a[info.key];
    const lb = b[info.key];
    if (
      info.kind === "resource" ? la === undefined || lb === undefined : la === undefined && lb === undefined
    )
      continue;
    const ma = byKey(info, la ?? []);
    const mb = byKey(info, lb ?? []);
    const added = [...mb.keys()].filter((k) => !ma.has(k)).sort(compareCodeUnits);
    const removed = [...ma.keys()].filter((k) => !mb.has(k)).sort(compareCodeUnits);
    const changed: SurfaceItemChange[] = [];
    for (const key of [...ma.keys()].filter((k) => mb.has(k)).sort(compareCodeUnits)) {
      const x = ma.get(key)!;
      const y = mb.get(key)!;
      const fields = SURFACE_PINNED_FIELDS[info.kind].filter((f) => f !== info.id && !sameJson(x[f], y[f]));
      if (fields.length === 0) continue;
      changed.push({
        key,
        fields,
        diffs: fields.map((f) => fieldDiff(f, x[f], y[f])),
        arguments: info.kind === "prompt" && fields.includes("arguments") ? argumentChanges(x, y) : [],
      });
    }
    if (added.length + removed.length + changed.length > 0) {
      const renames = surfaceRenames(info.kind, removed, added, ma, mb);
      out.push({ kind: info.kind, added, removed, changed, ...(renames.length ? { renames } : {}) });
    }
  }
  return out;
}

/**
 * The breaking changes among surface differences: a removed prompt, a removed prompt argument, a
 * prompt argument that became required (or a new required one), a removed resource template.
 */
export function surfaceBreaking(diffs: readonly SurfaceKindDiff[]): BreakingChange[] {
  const out: BreakingChange[] = [];
  for (const d of diffs) {
    const renamedTo = new Map((d.renames ?? []).map((r) => [r.from, r]));
    if (d.kind === "prompt") {
      for (const key of d.removed)
        out.push(
          breaking(
            "prompt-removed",
            { tool: null, item: { kind: d.kind, key } },
            { renamedTo: renamedTo.get(key) ?? null },
          ),
        );
      for (const c of d.changed) {
        for (const arg of c.arguments) {
          const item = { kind: d.kind, key: c.key };
          if (arg.change === "removed")
            out.push(
              breaking(
                "prompt-argument-removed",
                { tool: null, item, path: arg.name },
                { argument: arg.name },
              ),
            );
          else if (arg.change === "required" || (arg.change === "added" && arg.required))
            out.push(
              breaking(
                "prompt-argument-required",
                { tool: null, item, path: arg.name },
                { argument: arg.name, added: arg.change === "added" },
              ),
            );
        }
      }
    } else if (d.kind === "resource_template") {
      for (const key of d.removed)
        out.push(
          breaking(
            "resource-template-removed",
            { tool: null, item: { kind: d.kind, key } },
            { renamedTo: renamedTo.get(key) ?? null },
          ),
        );
    }
  }
  return out;
}

/** The number of surface differences, for `--fail-on any` and the verdict line. */
export function surfaceDifferenceCount(diffs: readonly SurfaceKindDiff[]): number {
  return diffs.reduce((n, d) => n + d.added.length + d.removed.length + d.changed.length, 0);
}

/**
 * Lint findings on prompts, resource templates and resources new in B and resolved by B. A finding
 * is the same on both sides when its rule, item and path match.
 */
export function compareSurfaceLint(
  a: ServerSnapshot,
  b: ServerSnapshot,
): { lintNew: LintFinding[]; lintResolved: LintFinding[] } {
  const key = (f: LintFinding) => `${f.rule}\u0000${f.item?.kind}\u0000${f.item?.key}\u0000${f.path}`;
  const before = lintSurface(a);
  const after = lintSurface(b);
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  return {
    lintNew: after.filter((f) => !had.has(key(f))),
    lintResolved: before.filter((f) => !has.has(key(f))),
  };
}
