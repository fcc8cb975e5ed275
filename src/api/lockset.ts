// Pinning and verifying a whole client config: a lock set, one entry per server, the servers
// started a few at a time through the API's one way of listing.
import { readConfigServers } from "../mcp/config-file.js";
import { configServerNames } from "../mcp/config.js";
import type { ServerSnapshot } from "../mcp/snapshot.js";
import { entryTarget } from "../mcp/target.js";
import type { EffectOverrides } from "../pin/effects.js";
import { buildLock, type Lock } from "../pin/lock.js";
import {
  buildLockSet,
  entryLock,
  launchInfo,
  lockSetHash,
  parseLockSet,
  withEntry,
  type LockSet,
  type LockSetEntry,
} from "../pin/lockset.js";
import { type PinFailOn } from "../pin/verify.js";
import { pinnedClientCapabilities } from "../pin/verify-profiles.js";
import { verifyLockSet, type CurrentServer, type LockSetReport } from "../pin/verify-set.js";
import { errorLine } from "../report/advice.js";
import { redactArgs, showUrl } from "../scan/argv-secrets.js";
import { unguardedEntry } from "../scan/entry.js";
import { runPool } from "../score/pool.js";
import { isToolscoreError, ToolscoreError } from "../util/errors.js";
import { readJsonFile } from "../util/fs.js";
import { checkApprovedTools } from "../pin/subset.js";
import { launchPackage } from "./launch-package.js";
import { listResolved, type ResolvedServer, type ServerOptions } from "./server.js";

/** Reads a lock set file (`shown` names it in errors). */
export function readLockSet(path: string, shown: string): LockSet {
  return parseLockSet(readJsonFile(path, "lock set", shown), shown);
}

/**
 * The entry `server` of the lock set at `path`, as the guard enforces it: a set without --server,
 * a set that does not match its own hash and an entry the set lacks are refused (fail closed).
 */
export function lockSetEntryLock(path: string, shown: string, server: string | undefined): Lock {
  const set = readLockSet(path, shown);
  const names = Object.keys(set.servers);
  if (server === undefined)
    throw new ToolscoreError(
      "USAGE",
      `${shown} is a lock set: name the server whose entry the guard enforces with --server NAME (${names.join(", ") || "it has none"})`,
    );
  if (lockSetHash(set) !== set.lockset_sha256)
    throw new ToolscoreError(
      "FILE_INVALID",
      `${shown}: the lock set does not match its own hash: it was edited by hand (pin-lock-modified); nothing is served under it: pin the config again with toolscore mcp pin --config FILE`,
      { path },
    );
  if (!Object.hasOwn(set.servers, server))
    throw new ToolscoreError(
      "FILE_INVALID",
      `${shown} has no entry for ${JSON.stringify(server)}; nothing is served: pin it first (toolscore mcp pin --config FILE --server ${server} --lock ${shown})`,
      { path },
    );
  return entryLock(set.servers[server]!);
}

/** A config's servers as pinned and verified: an entry the guard wraps stands for its own server. */
export function configServers(config: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(readConfigServers(config)).map(([n, raw]) => [n, unguardedEntry(raw)]),
  );
}

/**
 * The live snapshot of one config entry (`raw`, in the common shape), started with the target
 * options' env, headers and cwd laid over it. `opts.target.config` names the config file.
 */
async function snapshotOfEntry(
  name: string,
  raw: unknown,
  opts: ServerOptions,
): Promise<{ snapshot: ServerSnapshot; server: ResolvedServer }> {
  const t = opts.target ?? {};
  const server: ResolvedServer = {
    kind: "target",
    target: entryTarget(name, raw, { onNote: opts.onNote, ...t, config: t.config! }),
  };
  return { snapshot: (await listResolved(server, opts)).snapshot, server };
}

/** Options of {@link pinLockSet}. */
export interface PinLockSetOptions extends ServerOptions {
  /** The entry to pin into `old` (--server NAME); absent, every server of the config. */
  server?: string;
  /** The set an entry is pinned into. */
  old?: LockSet;
  overrides?: EffectOverrides;
  resources?: boolean;
  /**
   * Approve only these tools of the one server pinned (`--server NAME --tools …`); a name it does
   * not have is a USAGE error, thrown.
   */
  tools?: readonly string[];
  /** Servers listed at once (default 4). */
  concurrency?: number;
}

/** What {@link pinLockSet} returns: the set, or the servers that could not be pinned. */
export type PinLockSetResult =
  | { ok: true; set: LockSet; pinned: Array<[string, LockSetEntry]> }
  | { ok: false; failures: Array<{ name: string; error: string }> };

/**
 * `mcp pin --config FILE`: every server of the config (or the one named, into `old`) listed and
 * locked. A server that cannot be pinned fails the whole set, and nothing is returned to write.
 * `names` are the entries to pin, in the order they are reported.
 */
export async function pinLockSet(
  raw: Record<string, unknown>,
  names: string[],
  opts: PinLockSetOptions,
): Promise<PinLockSetResult> {
  const failures: Array<{ name: string; error: string }> = [];
  const entries = await runPool(
    names.map((name) => async (): Promise<[string, LockSetEntry] | undefined> => {
      try {
        const { snapshot, server } = await snapshotOfEntry(name, raw[name], opts);
        if (opts.tools) checkApprovedTools(opts.tools, [snapshot]);
        return [
          name,
          {
            ...buildLock(snapshot, {
              overrides: opts.overrides ?? {},
              resources: opts.resources === true,
              tools: opts.tools,
              package: launchPackage(server, opts.connect) ?? undefined,
            }),
            launch: launchInfo(raw[name], showUrl, redactArgs),
          },
        ];
      } catch (e) {
        // A --tools name the server does not have is the person's mistake: one line, nothing written.
        if (!isToolscoreError(e) || e.data.problem === "tool-unknown") throw e;
        failures.push({ name, error: errorLine(e) });
        return undefined;
      }
    }),
    opts.concurrency ?? 4,
  );
  if (failures.length > 0) return { ok: false, failures };
  const done = entries.filter((e): e is [string, LockSetEntry] => e !== undefined);
  const set =
    opts.old === undefined
      ? buildLockSet(Object.fromEntries(done))
      : withEntry(opts.old, done[0]![0], done[0]![1]);
  return { ok: true, set, pinned: done };
}

/**
 * Refuses a server name (--server NAME) that neither the config (`raw`) nor the lock set has;
 * `shown` names the two files as the person gave them.
 */
export function requireServerNamed(
  only: string | undefined,
  raw: Record<string, unknown>,
  set: LockSet,
  shown: { config: string; lock: string },
): void {
  if (only !== undefined && !Object.hasOwn(raw, only) && !Object.hasOwn(set.servers, only))
    throw new ToolscoreError(
      "USAGE",
      `neither ${shown.config} nor ${shown.lock} has a server named ${JSON.stringify(only)}`,
    );
}

/** Options of {@link verifyLockSetServers}. */
export interface VerifyLockSetOptions extends ServerOptions {
  failOn?: PinFailOn;
  /** Only this server (--server NAME). */
  only?: string;
  /** Servers checked at once (default 4). */
  concurrency?: number;
}

/**
 * `mcp verify-pin --config FILE --lock SET`: every server of the config (`raw`, or the one named)
 * listed with the client capabilities its entry was pinned with and checked against it. A server
 * that cannot be listed is reported with its error, never as clean.
 */
export async function verifyLockSetServers(
  set: LockSet,
  raw: Record<string, unknown>,
  opts: VerifyLockSetOptions,
): Promise<LockSetReport> {
  const names = Object.keys(raw)
    .sort()
    .filter((n) => opts.only === undefined || n === opts.only);
  const current: Record<string, CurrentServer> = {};
  await runPool(
    names.map((name) => async () => {
      const now: CurrentServer = { launch: launchInfo(raw[name], showUrl, redactArgs) };
      current[name] = now;
      if (!Object.hasOwn(set.servers, name)) return;
      try {
        const clientCapabilities = pinnedClientCapabilities(set.servers[name]!, undefined);
        const listed = await snapshotOfEntry(name, raw[name], {
          ...opts,
          connect: { ...opts.connect, clientCapabilities },
        });
        now.current = listed.snapshot;
        now.package = launchPackage(listed.server, opts.connect) ?? null;
      } catch (e) {
        if (!isToolscoreError(e)) throw e;
        now.error = errorLine(e);
      }
    }),
    opts.concurrency ?? 4,
  );
  return verifyLockSet(set, current, { failOn: opts.failOn ?? "drift", only: opts.only });
}

export { configServerNames };
