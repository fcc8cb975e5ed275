import { readJsonFile, readTextHead, writePiecesAtomic } from "../util/fs.js";
import type { Lock } from "./lock.js";
import { parseLock } from "./lock-read.js";
import { lockPieces } from "./lock-serialize.js";
import { LOCKSET_KIND } from "./lockset.js";

/**
 * Writes a lock file atomically (a temporary file, then a rename): a failed write never leaves a
 * half-written or emptied lock where a good one was. The same lock always gives the same bytes.
 */
export async function writeLock(path: string, lock: Lock): Promise<void> {
  writePiecesAtomic(path, lockPieces(lock));
  return Promise.resolve();
}

/**
 * Reads and checks a lock file. A missing file, text that is not JSON, or a lock of the wrong kind,
 * version or shape is a `ToolscoreError` (FILE_NOT_FOUND or FILE_INVALID). Hashes are not checked
 * here: {@link checkPin} reports a lock that does not match them as `pin-lock-modified`.
 */
export function readLock(path: string): Lock {
  return parseLock(readJsonFile(path, "lock"), path);
}

/** True when `path` names a file whose kind is a lock set (a lock for a whole client config). */
export function isLockSetFile(path: string): boolean {
  // The kind is the first key of every lock toolscore writes: read from the file's start, a lock
  // of a server with a 50 MB description is not read (and parsed) twice.
  const first = firstKind(path);
  if (first !== undefined) return first === LOCKSET_KIND;
  try {
    return (readJsonFile(path, "lock") as { kind?: unknown } | null)?.kind === LOCKSET_KIND;
  } catch {
    return false;
  }
}

/** The `kind` of a JSON file whose first key is `kind`, read from its first bytes; else undefined. */
function firstKind(path: string): string | undefined {
  const head = readTextHead(path, 4096);
  const m = head === undefined ? null : /^\s*\{\s*"kind"\s*:\s*("(?:[^"\\]|\\.)*")\s*[,}]/.exec(head);
  return m ? (JSON.parse(m[1]!) as string) : undefined;
}
