// A lock set (`toolscore.lockset.json`): one complete lock per server of a client config, each
// with how the server is launched, under one hash. The entries are independent: each is checked
// on its own, so a set can be verified server by server, in parallel or on separate runners.
import { ToolscoreError } from "../util/errors.js";
import { isObject } from "../util/json.js";
import { compareCodeUnits } from "../util/order.js";
import { canonicalJson, sha256Hex } from "./canonical.js";
import type { Lock } from "./lock.js";
import { parseLock } from "./lock-read.js";
import { serializeLock } from "./lock-serialize.js";

/** The `kind` of a lock set file. */
export const LOCKSET_KIND = "toolscore.mcp-lockset";
/** The lock set format version this toolscore writes and reads. */
export const LOCKSET_VERSION = "1";

/**
 * How a server is launched, as its config entry says: the command and its arguments, or the URL,
 * each with the secrets it holds hidden; the names of the env variables and headers it sets, never
 * their values. `${VAR}` references are kept as written, not expanded.
 */
export interface LaunchInfo {
  transport: "stdio" | "http" | "sse";
  command: string | null;
  args: string[];
  url: string | null;
  env: string[];
  headers: string[];
  /**
   * When something was hidden: the SHA-256 of the hidden values, so that a changed secret shows as
   * a changed launch without being written down. (A short password can be guessed from its hash:
   * keep secrets in the environment, as `${VAR}` references.)
   */
  secrets_sha256?: string;
}

/** One server of a set: its complete lock, and how it is launched. */
export type LockSetEntry = Lock & { launch: LaunchInfo };

/** A lock set: a lock per server of a config, by name. */
export interface LockSet {
  kind: typeof LOCKSET_KIND;
  lockset_version: typeof LOCKSET_VERSION;
  servers: Record<string, LockSetEntry>;
  /** SHA-256 of the canonical JSON of the set without this key. */
  lockset_sha256: string;
}

/** The lock of an entry, without its launch information: a toolscore.mcp-lock as `mcp pin` writes it. */
export function entryLock(entry: LockSetEntry): Lock {
  const { launch: _launch, ...lock } = entry;
  return lock;
}

// The text form of an entry: the launch first, then the lock in its own key order.
function entryObject(entry: LockSetEntry): Record<string, unknown> {
  return { launch: entry.launch, ...(JSON.parse(serializeLock(entryLock(entry))) as object) };
}

/** The set's own hash: SHA-256 of its canonical JSON without `lockset_sha256`. */
export function lockSetHash(set: Omit<LockSet, "lockset_sha256"> & { lockset_sha256?: unknown }): string {
  const { lockset_sha256: _h, ...body } = set;
  return sha256Hex(canonicalJson(body));
}

/** Builds a set from its entries (sorted by name) with its hash. Pure and deterministic. */
export function buildLockSet(entries: Record<string, LockSetEntry>): LockSet {
  const servers: Record<string, LockSetEntry> = {};
  for (const name of Object.keys(entries).sort(compareCodeUnits)) servers[name] = entries[name]!;
  const body = { kind: LOCKSET_KIND, lockset_version: LOCKSET_VERSION, servers } as const;
  return { ...body, lockset_sha256: lockSetHash(body) };
}

/** The set with one entry added or replaced (or removed, with `entry` undefined), hash renewed. */
export function withEntry(set: LockSet, name: string, entry: LockSetEntry | undefined): LockSet {
  const servers = { ...set.servers };
  if (entry === undefined) delete servers[name];
  else servers[name] = entry;
  return buildLockSet(servers);
}

/** The set's file text: two-space JSON in a fixed key order, trailing newline. Same set, same bytes. */
export function serializeLockSet(set: LockSet): string {
  const servers: Record<string, unknown> = {};
  for (const name of Object.keys(set.servers).sort(compareCodeUnits))
    servers[name] = entryObject(set.servers[name]!);
  return (
    JSON.stringify(
      { kind: set.kind, lockset_version: set.lockset_version, servers, lockset_sha256: set.lockset_sha256 },
      null,
      2,
    ) + "\n"
  );
}

function checkLaunch(v: unknown, bad: (why: string) => Error, name: string): void {
  const strings = (x: unknown) => Array.isArray(x) && x.every((s) => typeof s === "string");
  if (
    !isObject(v) ||
    !["stdio", "http", "sse"].includes(v.transport as string) ||
    (v.command !== null && typeof v.command !== "string") ||
    (v.url !== null && typeof v.url !== "string") ||
    !strings(v.args) ||
    !strings(v.env) ||
    !strings(v.headers) ||
    (v.secrets_sha256 !== undefined && typeof v.secrets_sha256 !== "string")
  )
    throw bad(`servers.${JSON.stringify(name)}.launch is not a launch description`);
}

/**
 * Checks parsed JSON as a lock set; `source` names it in errors. Each entry must be a valid lock
 * with a launch description. (Hashes are not checked here: verification reports a set or lock
 * that does not match them.)
 */
export function parseLockSet(data: unknown, source = "the lock set"): LockSet {
  const bad = (why: string) =>
    new ToolscoreError("FILE_INVALID", `${source} is not a valid lock set: ${why}`, {
      path: source,
      problem: "lockset-invalid",
    });
  if (!isObject(data) || data.kind !== LOCKSET_KIND) throw bad(`its kind is not "${LOCKSET_KIND}"`);
  if (data.lockset_version !== LOCKSET_VERSION)
    throw bad(
      `lockset_version ${JSON.stringify(data.lockset_version ?? null)} is not supported (this toolscore reads "${LOCKSET_VERSION}")`,
    );
  if (!isObject(data.servers)) throw bad('"servers" is not an object');
  for (const [name, entry] of Object.entries(data.servers)) {
    if (!isObject(entry)) throw bad(`servers.${JSON.stringify(name)} is not an object`);
    checkLaunch(entry.launch, bad, name);
    parseLock(entry, `${source} (server ${JSON.stringify(name)})`);
  }
  if (typeof data.lockset_sha256 !== "string") throw bad('"lockset_sha256" is not a string');
  return data as unknown as LockSet;
}

/**
 * The launch description of a config entry in the common shape (see src/mcp/config-file.ts), its
 * URL shown by `showUrl` and its command line by `showArgs`, which hide the secrets they hold and
 * add them to `hidden`.
 */
export function launchInfo(
  raw: unknown,
  showUrl: (url: string, hidden: string[]) => string,
  showArgs: (argv: readonly string[], hidden: string[]) => string[],
): LaunchInfo {
  const r = isObject(raw) ? raw : {};
  const names = (v: unknown) => (isObject(v) ? Object.keys(v).sort(compareCodeUnits) : []);
  const hidden: string[] = [];
  const url = r.url ?? r.serverUrl;
  const secrets = () => (hidden.length === 0 ? {} : { secrets_sha256: sha256Hex(canonicalJson(hidden)) });
  if (typeof url === "string") {
    const shown = showUrl(url, hidden);
    return {
      transport: r.type === "sse" ? "sse" : "http",
      command: null,
      args: [],
      url: shown,
      env: [],
      headers: names(r.headers),
      ...secrets(),
    };
  }
  const args = Array.isArray(r.args) ? r.args.map(String) : [];
  const command = typeof r.command === "string" ? r.command : null;
  const shown = showArgs(command === null ? args : [command, ...args], hidden);
  return {
    transport: "stdio",
    command: command === null ? null : shown[0]!,
    args: command === null ? shown : shown.slice(1),
    url: null,
    env: names(r.env),
    headers: [],
    ...secrets(),
  };
}

/**
 * A launch as one line for a person: the command and arguments, or the URL; `withHash` adds the
 * start of the hidden values' hash, which tells apart two launches that read the same.
 */
export function launchLine(l: LaunchInfo, withHash = false): string {
  const line = l.transport === "stdio" ? [l.command ?? "", ...l.args].join(" ") : (l.url ?? "");
  return withHash && l.secrets_sha256 !== undefined
    ? `${line} (hidden values ${l.secrets_sha256.slice(0, 12)})`
    : line;
}

/** True when two launches differ in anything recorded (command, arguments, URL, env or header names). */
export function launchChanged(a: LaunchInfo, b: LaunchInfo): boolean {
  return canonicalJson(a) !== canonicalJson(b);
}
