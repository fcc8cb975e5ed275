import { ToolscoreError } from "../util/errors.js";
import type { ServerSnapshot } from "../mcp/snapshot.js";

/** A parsed lock file. (Placeholder: the lock of SPEC section 4 replaces it.) */
export type Lock = Record<string, unknown>;

/** Checks parsed JSON as a lock. (Placeholder.) */
export function parseLock(_data: unknown, source = "the lock"): Lock {
  throw new ToolscoreError("FILE_INVALID", `${source}: reading locks is not available in this build`);
}

/** The snapshot a lock stands for: its definitions as tools. (Placeholder.) */
export function snapshotFromLock(_lock: Lock): ServerSnapshot {
  throw new ToolscoreError("FILE_INVALID", "reading locks is not available in this build");
}
