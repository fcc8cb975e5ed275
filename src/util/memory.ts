import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// A server may send one message of tens of megabytes. Reading it makes its bytes, then its text,
// then the parsed value: each step leaves the previous one as garbage of the same size, and V8
// collects a large object only at a full collection, which it starts on its own much later. Without
// one between the steps a 50 MB description costs four times its size; with one, about twice.

/** Messages and files at least this large are worth a collection after each step. */
export const RELEASE_BYTES = 8 * 1024 * 1024;

let collect: (() => void) | null | undefined;

/**
 * Runs a full garbage collection now, so that the large objects just dropped are returned before
 * the next step allocates as much again. A no-op where the engine does not allow it. Costs a few
 * milliseconds on a small heap: call it only after dropping something of {@link RELEASE_BYTES} or
 * more.
 */
export function releaseMemory(): void {
  if (collect === undefined) {
    try {
      // The collector is exposed in a context of its own: the program's globals stay as they are.
      setFlagsFromString("--expose-gc");
      const gc: unknown = runInNewContext("gc");
      collect = typeof gc === "function" ? (gc as () => void) : null;
    } catch {
      collect = null;
    }
  }
  collect?.();
}
