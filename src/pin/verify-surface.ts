// Drift of prompts, resource templates and resources against a lock: added, removed, changed (with a
// text diff per changed field). A lock without prompts or resource templates was made while the
// server had none: any that appear later are new. Resources are compared only when the lock holds
// them (`mcp pin --resources`).
import { SURFACE_KINDS, type SurfaceKind, type SurfaceRef } from "../mcp/surface.js";
import { diffField, fieldText, TextDigest, type FieldDiff } from "./field-diff.js";
import { stableJson } from "../util/json.js";
import {
  lockedItemKey,
  SURFACE_PINNED_FIELDS,
  type LockedSurfaceItem,
  type LockSurface,
} from "./surface-lock.js";

/** The drift rules of the kinds beside tools. */
export const SURFACE_PIN_RULES = [
  "pin-prompt-added",
  "pin-prompt-removed",
  "pin-prompt-changed",
  "pin-resource-added",
  "pin-resource-removed",
  "pin-resource-changed",
  "pin-list-failed",
  "pin-list-unavailable",
] as const;
/** One of {@link SURFACE_PIN_RULES}. */
export type SurfacePinRule = (typeof SURFACE_PIN_RULES)[number];

/** A kind that could not be listed: which, the JSON-RPC error code, and whether the lock pins it. */
export interface UnlistedFacts {
  kind: SurfaceKind;
  code: number;
  /** The lock holds the kind's items (or the kind appeared since): it could not be checked. */
  pinned: boolean;
}

/** The facts of one surface drift finding; checkPin adds severity and whether it fails. */
export type SurfaceDraft = ItemDraft | ListDraft;

/** `pin-list-failed` (the kind could not be checked) or `pin-list-unavailable` (not listed, as pinned). */
export interface ListDraft {
  rule: "pin-list-failed" | "pin-list-unavailable";
  tool: null;
  list: UnlistedFacts;
}

/** A drift finding on one prompt, resource template or resource. */
export interface ItemDraft {
  rule: Exclude<SurfacePinRule, ListDraft["rule"]>;
  tool: null;
  item: SurfaceRef;
  /** For a changed item: the pinned fields that changed, in pinned-field order. */
  fields?: string[];
  /** For a changed item: a unified diff per changed field. */
  diffs?: FieldDiff[];
}

const RULES: Record<SurfaceKind, Record<"added" | "removed" | "changed", ItemDraft["rule"]>> = {
  prompt: { added: "pin-prompt-added", removed: "pin-prompt-removed", changed: "pin-prompt-changed" },
  resource_template: {
    added: "pin-resource-added",
    removed: "pin-resource-removed",
    changed: "pin-resource-changed",
  },
  resource: { added: "pin-resource-added", removed: "pin-resource-removed", changed: "pin-resource-changed" },
};

// A diff for every changed field, even where both show the same text (absent and empty, "1" and 1).
// A lock's text kept as its digest shows the same as the other side's text (that is why the first
// diff was empty), so that text stands for it.
function fieldDiff(field: string, before: unknown, after: unknown): FieldDiff {
  const shown = (v: unknown) => (v === undefined ? "(absent)" : stableJson(v));
  const was = before instanceof TextDigest ? fieldText(after) : before;
  return diffField(field, before, after) ?? diffField(field, shown(was), shown(after))!;
}

/**
 * Compares the surface of a lock with the surface now (both locked the same way). A kind the lock
 * lacks counts as empty, but resources only where the lock pins them; a kind the server no longer
 * declares counts as empty.
 */
export function verifySurface(lock: LockSurface, now: LockSurface): SurfaceDraft[] {
  const out: SurfaceDraft[] = [];
  for (const info of SURFACE_KINDS) {
    const pinned = lock[info.key] as LockedSurfaceItem[] | undefined;
    const wasUnlisted = lock.unlisted?.[info.key];
    if (info.kind === "resource" && pinned === undefined && wasUnlisted === undefined) continue;
    // A kind that cannot be listed now is never taken for clean: it fails when the lock pins its
    // items, and is reported when it was not listed when pinned either.
    const failed = now.unlisted?.[info.key];
    if (failed) {
      const list = { kind: info.kind, code: failed.code, pinned: wasUnlisted === undefined };
      out.push({ rule: list.pinned ? "pin-list-failed" : "pin-list-unavailable", tool: null, list });
      continue;
    }
    const before = pinned ?? [];
    const after = (now[info.key] as LockedSurfaceItem[] | undefined) ?? [];
    const rules = RULES[info.kind];
    const locked = new Map<string, LockedSurfaceItem>();
    for (const t of before) {
      const key = lockedItemKey(info, t);
      if (!locked.has(key)) locked.set(key, t);
    }
    // Every copy of a repeated key is compared with the lock: a second copy is where a change hides.
    const seen = new Set<string>();
    for (const t of after) {
      const key = lockedItemKey(info, t);
      const again = seen.has(key);
      seen.add(key);
      const item = { kind: info.kind, key };
      const was = locked.get(key);
      if (!was) {
        if (!again) out.push({ rule: rules.added, tool: null, item });
        continue;
      }
      const fields = SURFACE_PINNED_FIELDS[info.kind].filter(
        (f) => f !== info.id && was.fields[f] !== t.fields[f],
      );
      if (fields.length === 0) continue;
      const diffs = fields.map((f) => fieldDiff(f, was.definition[f], t.definition[f]));
      out.push({ rule: rules.changed, tool: null, item, fields, diffs });
    }
    for (const key of locked.keys())
      if (!seen.has(key)) out.push({ rule: rules.removed, tool: null, item: { kind: info.kind, key } });
  }
  return out;
}
