// A lock about to be checked against a server, made small. A server that sent a description of
// 50 MB has it in its lock too: checking the lock against the server's answer would hold the text
// twice (the lock's, and the answer's while it is read). What the check needs of a text too long to
// diff is only its size and hash, since its diff can only be "too large to show"; so once the lock
// has checked its own hashes (which needs every text, once), each such text is kept as a digest.
import { SURFACE_KINDS } from "../mcp/surface.js";
import { TextDigest, pastDiffSize, stringsPastDiffSize } from "./field-diff.js";
import { lockProblems, rememberLockProblems } from "./lock-hash.js";
import type { Lock, LockedTool } from "./lock.js";
import type { LockedSurfaceItem } from "./surface-lock.js";

/** Options of {@link digestLongTexts}. */
export interface DigestOptions {
  /**
   * Check the lock's own hashes first, and keep the problems for `lockProblems` of the copy
   * (default true: a lock about to be verified). A diff does not check them.
   */
  check?: boolean;
  /** Also prompts, resource templates and resources (default true). */
  surface?: boolean;
  /**
   * Also fields that are not strings (a schema holding a description of megabytes), kept as the
   * digest of their text as a diff shows it (default true). A diff reads a schema's parameters,
   * so it keeps them whole.
   */
  objects?: boolean;
  /** Told each definition that gets digests, whole and as digested, before the whole is let go. */
  onDigest?: (whole: Record<string, unknown>, digested: Record<string, unknown>) => void;
}

// Whether a field's text, as a diff shows it, is past diff-kb: a string by its length, any other
// value (with `objects`) when its strings alone pass the limit.
const pastLimit = (v: unknown, objects: boolean): boolean =>
  typeof v === "string"
    ? pastDiffSize(v)
    : objects && typeof v === "object" && v !== null && stringsPastDiffSize(v);

// A definition with each field past diff-kb kept as its digest; the same object when none is.
function digestDefinition(definition: Record<string, unknown>, objects: boolean): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(definition)) {
    if (!pastLimit(v, objects)) continue;
    out ??= { ...definition };
    out[k] = TextDigest.of(v);
  }
  return out ?? definition;
}

const hasLongText = (entries: ReadonlyArray<{ definition: Record<string, unknown> }>, objects: boolean) =>
  entries.some((e) => Object.values(e.definition).some((v) => pastLimit(v, objects)));

// The copies made here: a lock that holds digests is never written or turned into a snapshot.
const digested = new WeakSet<Lock>();

/**
 * A copy of `lock` in which each field of a definition whose text (as a diff shows it) is past
 * `diff-kb` is replaced by a {@link TextDigest}; the lock itself when it has no such field. The lock passed in is left as it
 * is: once the caller drops it, the long texts are free before the server's answer is read. With
 * `check` (the default) the lock's own hashes are checked first, which needs every text once, and
 * `lockProblems` of the copy answers what they showed. The copy must never be written or listed:
 * {@link assertWhole} refuses it where the whole lock is needed.
 */
export function digestLongTexts(lock: Lock, opts: DigestOptions = {}): Lock {
  const kinds = opts.surface === false ? [] : SURFACE_KINDS;
  const objects = opts.objects !== false;
  const lists = kinds.map((info) => (lock[info.key] as LockedSurfaceItem[] | undefined) ?? []);
  if (!hasLongText(lock.tools, objects) && !lists.some((l) => hasLongText(l, objects))) return lock;
  const problems = opts.check === false ? undefined : lockProblems(lock);
  const entry = <T extends LockedTool | LockedSurfaceItem>(e: T): T => {
    const definition = digestDefinition(e.definition, objects);
    if (definition === e.definition) return e;
    opts.onDigest?.(e.definition, definition);
    return { ...e, definition };
  };
  const out: Lock = { ...lock, tools: lock.tools.map(entry) };
  for (const info of kinds) {
    const list = lock[info.key] as LockedSurfaceItem[] | undefined;
    if (list !== undefined) (out as unknown as Record<string, unknown>)[info.key] = list.map(entry);
  }
  digested.add(out);
  if (problems) rememberLockProblems(out, problems);
  return out;
}

/** Refuses a lock whose texts are digests where the whole lock is needed (writing it, listing it). */
export function assertWhole(lock: Lock, what: string): void {
  if (digested.has(lock)) throw new Error(`internal: ${what} of a lock whose long texts are digests`);
}
