import { resolve } from "node:path";
import type { ServerSnapshot } from "../mcp/snapshot.js";
import type { Lock } from "../pin/lock.js";
import { checkPin, pinnedClientCapabilities, type PinFailOn, type PinReport } from "../pin/verify.js";
import { listResolved, readSaved, resolveServer, type ServerInput, type ServerOptions } from "./server.js";

/** Options of {@link verify}. */
export interface VerifyOptions extends ServerOptions {
  /** What fails the check (default `drift`). */
  failOn?: PinFailOn;
}

/** What {@link verify} returns. */
export interface VerifyResult {
  /** The pin report (`mcp verify-pin --json` is its JSON form, kind toolscore.mcp-pin-report). */
  report: PinReport;
  /** The server now: a snapshot, or a saved lock as itself. */
  current: ServerSnapshot | Lock;
}

/**
 * `toolscore mcp verify-pin`: checks a server against its lock. A live server is listed with the
 * client capabilities the lock was pinned with; a saved snapshot or lock is read as it is.
 *
 * ```ts
 * const { report } = await verify("node server.js", readLock("toolscore.lock.json"));
 * report.ok; // true
 * ```
 */
export async function verify(
  server: ServerInput | undefined,
  lock: Lock,
  opts: VerifyOptions = {},
): Promise<VerifyResult> {
  const resolved = resolveServer(server, opts);
  let current: ServerSnapshot | Lock;
  if (resolved.kind === "target" && resolved.target.kind === "file") {
    // A lock stands as itself, so that its instructions hash is compared too.
    const saved = await readSaved(resolve(opts.target?.baseDir ?? ".", resolved.target.path));
    current = saved.origin === "lock" ? saved.lock : saved.snapshot;
  } else {
    const clientCapabilities = pinnedClientCapabilities(lock, opts.connect?.clientCapabilities);
    current = (await listResolved(resolved, { ...opts, connect: { ...opts.connect, clientCapabilities } }))
      .snapshot;
  }
  return { report: checkPin(lock, current, { failOn: opts.failOn ?? "drift" }), current };
}
