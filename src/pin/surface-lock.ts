// The lock's entries for prompts, resource templates and resources: built, hashed, written, read
// and checked the way tools are (SPEC 4), each kind with its own pinned fields and key.
import {
  SURFACE_KINDS,
  surfaceItemKey,
  type RawSurfaceItem,
  type SurfaceKey,
  type SurfaceKind,
  type SurfaceKindInfo,
  type SurfaceLists,
  type UnlistedKinds,
} from "../mcp/surface.js";
import { isObject, sortKeysDeep } from "../util/json.js";
import { appendAll, compareCodeUnits } from "../util/order.js";
import {
  canonicalJson,
  canonicalKey,
  canonicalPieces,
  canonicalPiecesOf,
  sha256OfCanon,
  type Canon,
} from "./canonical.js";
import { itemHolder } from "../util/json-range.js";

/** The fields a lock pins of each kind, in the order they are written. */
export const SURFACE_PINNED_FIELDS: Record<SurfaceKind, readonly string[]> = {
  prompt: ["name", "title", "description", "arguments", "icons"],
  resource_template: ["uriTemplate", "name", "title", "description", "mimeType", "annotations"],
  resource: ["uri", "name", "title", "description", "mimeType", "annotations"],
};

/** What every locked prompt, resource template and resource holds beside its key. */
export interface LockedSurfaceItemBase {
  /** SHA-256 of the canonical JSON of `definition`. */
  sha256: string;
  /** SHA-256 of the canonical JSON of each pinned field, or null when the field is absent. */
  fields: Record<string, string | null>;
  /** The pinned fields that are present, as the server sent them (keys sorted inside values). */
  definition: Record<string, unknown>;
}
/** A locked prompt, keyed by name. */
export type LockedPrompt = { name: string } & LockedSurfaceItemBase;
/** A locked resource template, keyed by uriTemplate. */
export type LockedResourceTemplate = { uriTemplate: string } & LockedSurfaceItemBase;
/** A locked resource, keyed by uri. */
export type LockedResource = { uri: string } & LockedSurfaceItemBase;
/** Any locked surface item. */
export type LockedSurfaceItem = LockedSurfaceItemBase &
  Partial<Record<"name" | "uriTemplate" | "uri", string>>;

/**
 * The lock's surface keys. Each is optional: a lock without one pins nothing of that kind, and
 * `resources` is there only when the lock was made with `mcp pin --resources`.
 */
export interface LockSurface {
  prompts?: LockedPrompt[];
  resource_templates?: LockedResourceTemplate[];
  resources?: LockedResource[];
  /** The kinds the lock would pin that the server answered with an error: not listed, not empty. */
  unlisted?: UnlistedKinds;
}

// Each kind's pinned fields in canonical (UTF-16) order, for composing a definition's canonical JSON.
const CANONICAL_ORDER: Record<SurfaceKind, readonly string[]> = {
  prompt: [...SURFACE_PINNED_FIELDS.prompt].sort(),
  resource_template: [...SURFACE_PINNED_FIELDS.resource_template].sort(),
  resource: [...SURFACE_PINNED_FIELDS.resource].sort(),
};

// The canonical JSON of definitions already hashed, so the lock's own hash does not redo them. A
// long field stays in pieces: a prompt's description of megabytes is not copied to be hashed.
const itemCanon = new WeakMap<object, Canon>();

const pieces = (c: Canon): readonly string[] => (typeof c === "string" ? [c] : c);

/** An item definition's SHA-256 and the per-field hashes (null for an absent field). */
export function surfaceItemHashes(
  kind: SurfaceKind,
  definition: Record<string, unknown>,
): { sha256: string; fields: Record<string, string | null> } {
  const pinned = SURFACE_PINNED_FIELDS[kind];
  const fields: Record<string, string | null> = {};
  const canon: Record<string, Canon> = {};
  let long = false;
  for (const f of pinned) {
    const v = Object.hasOwn(definition, f) ? definition[f] : undefined;
    if (v !== undefined) {
      canon[f] = canonicalItemField(kind, definition, f, v);
      fields[f] = sha256OfCanon(canon[f]);
      long ||= typeof canon[f] !== "string";
    } else fields[f] = null;
  }
  // Composed from the fields' canonical JSON, in canonical key order; a hand-edited definition
  // with other keys is canonicalised as a whole.
  let whole: Canon;
  if (Object.keys(definition).every((k) => pinned.includes(k))) {
    const parts: string[] = ["{"];
    for (const f of CANONICAL_ORDER[kind]) {
      if (canon[f] === undefined) continue;
      parts.push(`${parts.length > 1 ? "," : ""}${canonicalKey(f)}:`);
      appendAll(parts, pieces(canon[f]));
    }
    parts.push("}");
    whole = long ? parts : parts.join("");
  } else whole = canonicalItemField(kind, definition, null, definition);
  itemCanon.set(definition, whole);
  return { sha256: sha256OfCanon(whole), fields };
}

// A number JSON cannot hold is refused as a snapshot refuses it: naming the item and the field.
function canonicalItemField(
  kind: SurfaceKind,
  definition: Record<string, unknown>,
  field: string | null,
  value: unknown,
): Canon {
  const info = SURFACE_KINDS.find((k) => k.kind === kind)!;
  return canonicalPiecesOf(value, () => itemHolder(info.label, definition[info.id]), field);
}

/** The pinned fields of an item that are present, in pinned-field order (values not copied). */
export function surfacePinnedDefinition(kind: SurfaceKind, item: RawSurfaceItem): Record<string, unknown> {
  const def: Record<string, unknown> = {};
  for (const f of SURFACE_PINNED_FIELDS[kind])
    if (Object.hasOwn(item, f) && item[f] !== undefined) def[f] = item[f];
  return def;
}

/** Locks one prompt, resource template or resource. */
export function lockSurfaceItem(info: SurfaceKindInfo, item: RawSurfaceItem): LockedSurfaceItem {
  const definition = surfacePinnedDefinition(info.kind, item);
  return { [info.id]: surfaceItemKey(info, item), ...surfaceItemHashes(info.kind, definition), definition };
}

/** The key of a locked item (its name, uriTemplate or uri). */
export function lockedItemKey(info: SurfaceKindInfo, item: LockedSurfaceItem): string {
  return item[info.id] ?? "";
}

/** Options of {@link lockSurface}. */
export interface LockSurfaceOptions {
  /** Pin the resources too (`mcp pin --resources`); recorded by the key being present. */
  resources?: boolean;
}

/**
 * The surface part of a lock body: the prompts and resource templates the snapshot has (a kind the
 * server did not declare is left out), and the resources when asked for (an empty list when the
 * server has none, so that the choice is kept).
 */
export function lockSurface(
  snapshot: SurfaceLists & { unlisted?: UnlistedKinds },
  opts: LockSurfaceOptions = {},
): LockSurface {
  const out: Record<string, LockedSurfaceItem[]> = {};
  const unlisted: UnlistedKinds = {};
  for (const info of SURFACE_KINDS) {
    if (info.kind === "resource" && !opts.resources) continue;
    const failed = snapshot.unlisted?.[info.key];
    if (failed) {
      unlisted[info.key] = { code: failed.code };
      continue;
    }
    const list = snapshot[info.key];
    if (info.kind !== "resource" && list === undefined) continue;
    out[info.key] = (list ?? [])
      .map((item) => lockSurfaceItem(info, item))
      .sort((a, b) => compareCodeUnits(lockedItemKey(info, a), lockedItemKey(info, b)));
  }
  return (Object.keys(unlisted).length ? { ...out, unlisted } : out) as LockSurface;
}

/** The surface keys of a lock in file order, each entry with its keys in a fixed order. */
export function serializeSurface(lock: LockSurface): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const info of SURFACE_KINDS) {
    const list = lock[info.key] as LockedSurfaceItem[] | undefined;
    if (list === undefined) continue;
    const pinned = SURFACE_PINNED_FIELDS[info.kind];
    out[info.key] = list.map((t) => ({
      [info.id]: lockedItemKey(info, t),
      sha256: t.sha256,
      fields: Object.fromEntries(pinned.map((f) => [f, t.fields[f]])),
      definition: Object.fromEntries(
        [
          ...pinned,
          ...Object.keys(t.definition)
            .filter((k) => !pinned.includes(k))
            .sort(),
        ]
          .filter((f) => Object.hasOwn(t.definition, f))
          .map((f) => [f, sortKeysDeep(t.definition[f])]),
      ),
    }));
  }
  if (lock.unlisted) out.unlisted = lock.unlisted;
  return out;
}

/**
 * Checks the surface keys of a parsed lock: each, when present, a list of entries with a string
 * key, a sha256, a hash (or null) per pinned field and a definition object. `bad` makes the error.
 */
export function checkLockSurface(data: Record<string, unknown>, bad: (why: string) => Error): void {
  for (const info of SURFACE_KINDS) {
    if (!Object.hasOwn(data, info.key)) continue;
    const list = data[info.key];
    if (!Array.isArray(list)) throw bad(`"${info.key}" is not a list`);
    list.forEach((t: unknown, i) => {
      const at = `${info.key}[${i}]`;
      if (!isObject(t)) throw bad(`${at} is not an object`);
      if (typeof t[info.id] !== "string") throw bad(`${at}.${info.id} is not a string`);
      if (typeof t.sha256 !== "string") throw bad(`${at}.sha256 is not a string`);
      if (!isObject(t.fields)) throw bad(`${at}.fields is not an object`);
      for (const f of SURFACE_PINNED_FIELDS[info.kind]) {
        const v = t.fields[f];
        if (v !== null && typeof v !== "string") throw bad(`${at}.fields.${f} is neither a string nor null`);
      }
      if (!isObject(t.definition)) throw bad(`${at}.definition is not an object`);
    });
  }
}

/** One way a locked item does not match its own hashes. */
export interface SurfaceLockProblem {
  kind: SurfaceKind;
  key: string;
  /** `sha256`, `fields.description`, or the key field when it differs from the definition's. */
  what: string;
}

/** Every hash of the lock's surface entries that does not match their content. */
export function surfaceLockProblems(lock: LockSurface): SurfaceLockProblem[] {
  const problems: SurfaceLockProblem[] = [];
  for (const info of SURFACE_KINDS) {
    for (const t of (lock[info.key] as LockedSurfaceItem[] | undefined) ?? []) {
      const key = lockedItemKey(info, t);
      const { sha256, fields } = surfaceItemHashes(info.kind, t.definition);
      if (sha256 !== t.sha256) problems.push({ kind: info.kind, key, what: "sha256" });
      for (const f of SURFACE_PINNED_FIELDS[info.kind])
        if (fields[f] !== t.fields[f]) problems.push({ kind: info.kind, key, what: `fields.${f}` });
      if (surfaceItemKey(info, t.definition) !== key) problems.push({ kind: info.kind, key, what: info.id });
    }
  }
  return problems;
}

/** The lists a lock's surface entries stand for: their definitions. */
export function surfaceFromLock(lock: LockSurface): SurfaceLists & { unlisted?: UnlistedKinds } {
  const out: SurfaceLists & { unlisted?: UnlistedKinds } = {};
  for (const info of SURFACE_KINDS) {
    const list = lock[info.key] as LockedSurfaceItem[] | undefined;
    if (list !== undefined) out[info.key] = list.map((t) => t.definition);
  }
  if (lock.unlisted) out.unlisted = lock.unlisted;
  return out;
}

/** The canonical JSON of a surface list of a lock, in pieces, reusing what hashing its definitions made. */
export function* surfaceListCanon(key: SurfaceKey, list: readonly LockedSurfaceItem[]): Generator<string> {
  const info = SURFACE_KINDS.find((k) => k.key === key)!;
  const expected = ["definition", "fields", info.id, "sha256"].sort();
  yield "[";
  for (const [i, t] of list.entries()) {
    if (i) yield ",";
    const def = itemCanon.get(t.definition);
    if (def === undefined || Object.keys(t).sort().join() !== expected.join()) {
      yield* pieces(canonicalPieces(t));
      continue;
    }
    for (const [j, k] of expected.entries()) {
      yield `${j ? "," : "{"}${canonicalKey(k)}:`;
      if (k === "definition") yield* pieces(def);
      else yield canonicalJson((t as unknown as Record<string, unknown>)[k]);
    }
    yield "}";
  }
  yield "]";
}
