// The CLI's guard, started in the order that costs the client least. The lock is read and its own
// hashes checked first (fail closed: under a bad lock nothing is forwarded); then the server is
// launched (or taken over: the bin starts the server of `-- CMD ARG...` before it loads anything
// else), and only while it boots does the guard load its checks (the pin check, the relay). A
// client thus waits for the server's start-up and the guard's side by side, not one after the other.
import type { Lock } from "../pin/lock.js";
import { readLock } from "../pin/lock-file.js";
import { lockProblems } from "../pin/lock-hash.js";
import { isToolscoreError, ToolscoreError } from "../util/errors.js";
import type { ServeOptions } from "./serve.js";

export { DRIFT_MODES } from "./modes.js";

/**
 * Reads the lock at `path` (named `shown` on the command line); a missing one says how to make
 * one, and one that fails its own hashes is refused with verify-pin's `pin-lock-modified`.
 */
export async function readGuardLock(path: string, shown: string): Promise<Lock> {
  let lock: Lock;
  try {
    lock = readLock(path);
  } catch (e) {
    if (!isToolscoreError(e, "FILE_NOT_FOUND")) throw e;
    throw new ToolscoreError(
      "FILE_NOT_FOUND",
      `no such lock: ${shown} (write one with toolscore mcp pin SERVER, or name it with --lock FILE)`,
      { path },
    );
  }
  if (lockProblems(lock).length) {
    // The refusal's words are verify-pin's, loaded only on this path.
    const { assertLockIntact } = await import("./transport.js");
    assertLockIntact(lock, shown);
  }
  return lock;
}

/** Launches the server, loads the relay and the checks meanwhile, and serves until one side ends. */
export async function startGuard(opts: ServeOptions): Promise<number> {
  opts.upstream.launch?.();
  const { serveStdio } = await import("./serve.js");
  return serveStdio(opts);
}
