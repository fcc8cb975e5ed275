import { resolve } from "node:path";
import type { ServerSnapshot } from "../mcp/snapshot.js";
import type { Lock } from "../pin/lock.js";
import type { ClientCapabilityName } from "../mcp/client-capabilities.js";
import { recordedProfiles } from "../pin/profiles.js";
import { checkPin, type PinFailOn, type PinReport } from "../pin/verify.js";
import { mergeProfileReports, pinnedClientCapabilities } from "../pin/verify-profiles.js";
import { launchPackage } from "./launch-package.js";
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
    // Each profile the lock records is listed and checked (or the one asked for); a lock of one
    // profile is listed with its capabilities, as it was pinned.
    const asked = opts.connect?.clientCapabilities;
    const profiles = asked === undefined ? recordedProfiles(lock) : [pinnedClientCapabilities(lock, asked)];
    const failOn = opts.failOn ?? "drift";
    const checked: Array<{ profile: ClientCapabilityName[]; report: PinReport; snapshot: ServerSnapshot }> =
      [];
    for (let i = 0; i < profiles.length; i += 3) {
      const batch = profiles.slice(i, i + 3).map(async (clientCapabilities) => {
        const snapshot = (
          await listResolved(resolved, { ...opts, connect: { ...opts.connect, clientCapabilities } })
        ).snapshot;
        return { profile: clientCapabilities, report: checkPin(lock, snapshot, { failOn }), snapshot };
      });
      // Every listing ends (its server stopped) before a failure of one is reported.
      const settled = await Promise.allSettled(batch);
      for (const s of settled) if (s.status === "rejected") throw s.reason;
      for (const s of settled) if (s.status === "fulfilled") checked.push(s.value);
    }
    // The package is read once every listing has run: each run may have installed it.
    const pkg = launchPackage(resolved, opts.connect);
    const reports = checked.map((c) => ({
      ...c,
      report: checkPin(lock, c.snapshot, { failOn, package: pkg }),
    }));
    return { report: mergeProfileReports(reports), current: checked[0]!.snapshot };
  }
  return { report: checkPin(lock, current, { failOn: opts.failOn ?? "drift" }), current };
}
