import { readJsonFile, writePiecesAtomic } from "../util/fs.js";
import { lockPieces, parseLock, type Lock } from "./lock.js";
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
  try {
    return (readJsonFile(path, "lock") as { kind?: unknown } | null)?.kind === LOCKSET_KIND;
  } catch {
    return false;
  }
}
