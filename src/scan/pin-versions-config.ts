// `--pin-versions` over a config file's text: the lock's versions by entry, and the rewrite of
// each floating entry (see pin-versions.ts, and pin-versions-toml.ts for Codex's TOML).
import { parseKnownConfig, serverBlocks } from "../mcp/config-file.js";
import { readLock } from "../pin/lock-file.js";
import { isLockSetFile } from "../pin/lock-file.js";
import { parseLockSet } from "../pin/lockset.js";
import type { LockedPackage } from "../pin/package.js";
import { readJsonFile } from "../util/fs.js";
import { pinVersions, type PinVersionOutcome } from "./pin-versions.js";
import { pinVersionsToml } from "./pin-versions-toml.js";

/** The package a lock records for a config entry, by the entry's name. */
export type LockedVersions = (name: string) => LockedPackage | null | undefined;

/** The packages of a lock set's entries, or the one package of a lock. */
export function lockedVersions(lockPath: string, lockArg: string): LockedVersions {
  if (isLockSetFile(lockPath)) {
    const set = parseLockSet(readJsonFile(lockPath, "lock set"), lockArg);
    return (name) => (Object.hasOwn(set.servers, name) ? set.servers[name]!.package : undefined);
  }
  const lock = readLock(lockPath);
  return () => lock.package;
}

/** Holds each floating entry of a config text to its locked version. */
export function holdVersions(
  text: string,
  file: string,
  configArg: string,
  only: string | undefined,
  locked: LockedVersions,
): { text: string; outcomes: PinVersionOutcome[] } {
  const { data, shape } = parseKnownConfig(text, file, configArg);
  if (shape === "codex") return pinVersionsToml(text, locked, only);
  return pinVersions(text, shape, serverBlocks(data, shape), locked, only);
}
