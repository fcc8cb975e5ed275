import {
  canonicalJson,
  canonicalKey,
  canonicalPieces,
  canonicalPiecesOf,
  sha256OfCanon,
  sha256OfParts,
  type Canon,
} from "./canonical.js";
import type { Lock, LockedTool } from "./lock.js";
import type { RawTool } from "../mcp/types.js";
import type { SurfaceKey, SurfaceRef } from "../mcp/surface.js";
import {
  surfaceListCanon,
  surfaceLockProblems,
  type LockedSurfaceItem,
  type LockSurface,
} from "./surface-lock.js";
import { itemHolder } from "../util/json-range.js";

// The hashes of a lock (SPEC 4): per field, per definition, and of the lock itself, each the
// SHA-256 of RFC 8785 canonical JSON.

/** The fields of a tool that a lock pins, in the order they are written. */
export const PINNED_FIELDS = [
  "name",
  "title",
  "description",
  "inputSchema",
  "outputSchema",
  "annotations",
] as const;
/** One pinned field. */
export type PinnedField = (typeof PINNED_FIELDS)[number];

// The pinned field names in canonical (UTF-16) order, for composing a definition's canonical JSON
// from the canonical JSON of its fields: each field is canonicalised once.
const CANONICAL_FIELD_ORDER = [...PINNED_FIELDS].sort();

// The canonical JSON of definitions already hashed, so the lock's own hash does not redo them.
const definitionCanon = new WeakMap<object, Canon>();

/** A definition's SHA-256 and the per-field hashes (null for an absent field). */
export function definitionHashes(definition: Record<string, unknown>): {
  sha256: string;
  fields: Record<PinnedField, string | null>;
} {
  const fields = {} as Record<PinnedField, string | null>;
  const canon = {} as Record<string, Canon>;
  let pieces = false;
  for (const f of PINNED_FIELDS) {
    if (Object.hasOwn(definition, f) && definition[f] !== undefined) {
      canon[f] = canonicalField(definition, f);
      fields[f] = sha256OfCanon(canon[f]);
      pieces ||= typeof canon[f] !== "string";
    } else fields[f] = null;
  }
  const known = Object.keys(definition).every((k) => (PINNED_FIELDS as readonly string[]).includes(k));
  // A hand-edited definition may hold other keys: then it is canonicalised as a whole. A long
  // field stays in pieces (a description of megabytes is not copied to be hashed).
  let whole: Canon;
  if (!known) whole = canonicalPieces(definition);
  else if (!pieces)
    whole = `{${CANONICAL_FIELD_ORDER.filter((f) => canon[f] !== undefined)
      .map((f) => `${canonicalKey(f)}:${canon[f] as string}`)
      .join(",")}}`;
  else {
    const parts: string[] = ["{"];
    for (const f of CANONICAL_FIELD_ORDER.filter((f) => canon[f] !== undefined)) {
      parts.push(`${parts.length > 1 ? "," : ""}${canonicalKey(f)}:`);
      const c = canon[f]!;
      if (typeof c === "string") parts.push(c);
      else for (const p of c) parts.push(p);
    }
    parts.push("}");
    whole = parts;
  }
  definitionCanon.set(definition, whole);
  return { sha256: sha256OfCanon(whole), fields };
}

// A number JSON cannot hold is refused as a snapshot refuses it: naming the tool and the field.
const canonicalField = (definition: Record<string, unknown>, f: string): Canon =>
  canonicalPiecesOf(definition[f], () => itemHolder("tool", definition.name), f);

/** A tool's name as the lock keys it: the string, or the canonical JSON of a name that is not one. */
export function toolName(tool: RawTool): string {
  return typeof tool.name === "string" ? tool.name : canonicalJson(tool.name ?? null);
}

const TOOL_KEYS = ["capabilities", "definition", "fields", "name", "sha256"];

function* toolCanon(t: LockedTool): Generator<string> {
  const keys = Object.keys(t).sort();
  const def = definitionCanon.get(t.definition);
  if (def === undefined || keys.join() !== TOOL_KEYS.join()) {
    yield* pieces(canonicalPieces(t));
    return;
  }
  yield `{"capabilities":${canonicalJson(t.capabilities)},"definition":`;
  yield* pieces(def);
  yield `,"fields":${canonicalJson(t.fields)},"name":${canonicalJson(t.name)},"sha256":${canonicalJson(t.sha256)}}`;
}

const pieces = (c: Canon): string[] => (typeof c === "string" ? [c] : c);

const SURFACE_KEYS = new Set(["prompts", "resource_templates", "resources"]);

function* lockCanonParts(lock: Record<string, unknown>): Generator<string> {
  const keys = Object.keys(lock)
    .filter((k) => k !== "lock_sha256" && lock[k] !== undefined)
    .sort();
  yield "{";
  for (const [i, k] of keys.entries()) {
    yield `${i ? "," : ""}${canonicalKey(k)}:`;
    const v = lock[k];
    if (k === "tools" && Array.isArray(v)) {
      yield "[";
      for (const [j, t] of (v as LockedTool[]).entries()) {
        if (j) yield ",";
        yield* toolCanon(t);
      }
      yield "]";
    } else if (SURFACE_KEYS.has(k) && Array.isArray(v)) {
      yield* surfaceListCanon(k as SurfaceKey, v as LockedSurfaceItem[]);
    } else yield* pieces(canonicalPieces(v));
  }
  yield "}";
}

/**
 * The lock's own hash: SHA-256 of its canonical JSON without `lock_sha256`. The canonical JSON is
 * hashed piece by piece (the definitions' canonical JSON is reused), never built as one string.
 */
export function lockHash(lock: Omit<Lock, "lock_sha256"> & { lock_sha256?: unknown }): string {
  return sha256OfParts(lockCanonParts(lock as unknown as Record<string, unknown>));
}

/** One way a lock does not match its own hashes. */
export interface LockProblem {
  /** The tool concerned, or null for the lock as a whole or a prompt, template or resource. */
  tool: string | null;
  /** The prompt, resource template or resource concerned. */
  item?: SurfaceRef;
  /** What does not match, e.g. `lock_sha256`, `sha256`, `fields.description`, `name`. */
  what: string;
}

// The problems of locks whose long texts were then made digests (lock-digest.ts): a digest cannot
// be hashed again, so what the whole lock showed is kept.
const knownProblems = new WeakMap<Lock, LockProblem[]>();

/** Records the problems a lock had when whole, for the copy of it that holds digests. */
export function rememberLockProblems(lock: Lock, problems: LockProblem[]): void {
  knownProblems.set(lock, problems);
}

/** Every hash of the lock that does not match its content: empty for a lock nobody edited. */
export function lockProblems(lock: Lock): LockProblem[] {
  const known = knownProblems.get(lock);
  if (known) return known;
  const problems: LockProblem[] = [];
  // The entries of the other client capability profiles are checked as the base's are.
  const tools = [...lock.tools];
  const surfaces: LockSurface[] = [lock];
  for (const p of lock.profiles ?? []) {
    tools.push(...(p.tools as unknown as LockedTool[]));
    surfaces.push(p as unknown as LockSurface);
  }
  for (const t of tools) {
    const { sha256, fields } = definitionHashes(t.definition);
    if (sha256 !== t.sha256) problems.push({ tool: t.name, what: "sha256" });
    for (const f of PINNED_FIELDS)
      if (fields[f] !== t.fields[f]) problems.push({ tool: t.name, what: `fields.${f}` });
    if (toolName(t.definition) !== t.name) problems.push({ tool: t.name, what: "name" });
  }
  for (const p of surfaces.flatMap(surfaceLockProblems))
    problems.push({ tool: null, item: { kind: p.kind, key: p.key }, what: p.what });
  if (lockHash(lock) !== lock.lock_sha256) problems.push({ tool: null, what: "lock_sha256" });
  return problems;
}
