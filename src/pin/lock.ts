// A lock built from a snapshot: what a lock is (its types, kind and version), each tool's hashes,
// definition and capabilities, the surface, the profiles and the tools left out. Its file text is
// lock-serialize.ts's; reading one back, lock-read.ts's.
import { ServerSnapshot } from "../mcp/snapshot.js";
import type { ClientCapabilityName } from "../mcp/client-capabilities.js";
import type { RawTool } from "../mcp/types.js";
import { nonFiniteAt, ownValue, sortKeysDeep } from "../util/json.js";
import { numberOutOfRange } from "../util/json-range.js";
import type { LockedPackage, PackageResolution } from "./package.js";
import { compareCodeUnits } from "../util/order.js";
import { sha256Hex } from "./canonical.js";
import { definitionHashes, lockHash, PINNED_FIELDS, toolName, type PinnedField } from "./lock-hash.js";
import {
  deriveEffects,
  parseEffectOverrides,
  type Effect,
  type EffectFinding,
  type EffectOverrides,
} from "./effects.js";
import { profileDifference, sameAsBase, type LockProfile } from "./profiles.js";
import { lockSurface, type LockSurface } from "./surface-lock.js";

export { lockProblems, toolName } from "./lock-hash.js";
export type { LockProblem, PinnedField } from "./lock-hash.js";

/** The `kind` of a lock file. */
export const LOCK_KIND = "toolscore.mcp-lock";
/** The lock format version this toolscore writes and reads. */
export const LOCK_VERSION = "1";

/** One tool in a lock: its hashes, its pinned definition and its capabilities. */
export interface LockedTool {
  name: string;
  /** SHA-256 of the canonical JSON of `definition`. */
  sha256: string;
  /** SHA-256 of the canonical JSON of each pinned field, or null when the field is absent. */
  fields: Record<PinnedField, string | null>;
  /** The pinned fields that are present, as the server sent them (keys sorted inside values). */
  definition: Record<string, unknown>;
  capabilities: EffectFinding[];
}

/**
 * A lock (`toolscore.lock.json`): the approved surface of a server: its tools, and (optional keys)
 * its prompts, resource templates and, when pinned with `--resources`, resources.
 */
export interface Lock extends LockSurface {
  kind: typeof LOCK_KIND;
  lock_version: typeof LOCK_VERSION;
  server: Record<string, unknown>;
  /**
   * The package the launch ran (`npx pkg`, a bin in node_modules, `docker run IMAGE`…), or null
   * when the launch runs a package that could not be resolved (`package_reason` says why). Absent
   * when the launch runs no package (a script of its own, a URL).
   */
  package?: LockedPackage | null;
  /** Why `package` is null. */
  package_reason?: string;
  protocol: string;
  /** The client capabilities declared when pinning; verification declares the same again. */
  client_capabilities: ClientCapabilityName[];
  instructions_sha256: string | null;
  capability_overrides: EffectOverrides;
  tools: LockedTool[];
  /**
   * The tools the server listed when pinned that were left out of the approval (`mcp pin --tools`),
   * sorted: never checked, never served by the guard. Absent when every tool was pinned.
   */
  excluded_tools?: string[];
  /**
   * The other client capability profiles the lock records, each as its difference from the base
   * surface above (pinned for `client_capabilities`). Absent when the lock records one profile.
   */
  profiles?: LockProfile[];
  /** SHA-256 of the canonical JSON of the lock without this key. */
  lock_sha256: string;
}

/** Options of {@link buildLock}. */
export interface BuildLockOptions {
  /** Effect overrides (`{"tool": ["read"]}`): stored in the lock and applied again at verification. */
  overrides?: EffectOverrides;
  /** Pin the resources too (`mcp pin --resources`); the lock records the choice. */
  resources?: boolean;
  /**
   * Snapshots of the same server listed under other client capability profiles: the lock records
   * how each differs from `snapshot` (none that agree with it, no key at all when all agree).
   */
  profiles?: readonly ServerSnapshot[];
  /**
   * The names of the tools to approve (`mcp pin --tools`): only those are pinned, and the others
   * the server lists are recorded in `excluded_tools`. Absent: every tool is pinned.
   */
  tools?: readonly string[];
  /** What the launch was found to run (`resolveLaunchPackage`); absent: no package. */
  package?: PackageResolution;
}

/**
 * The pinned fields of a tool that are present, in pinned-field order. The values are the tool's
 * own (not copied); the lock file writes them with sorted keys.
 */
export function pinnedDefinition(tool: RawTool): Record<string, unknown> {
  const def: Record<string, unknown> = {};
  for (const f of PINNED_FIELDS) if (Object.hasOwn(tool, f) && tool[f] !== undefined) def[f] = tool[f];
  return def;
}

/** Locks one tool. */
export function lockTool(tool: RawTool, override?: readonly Effect[]): LockedTool {
  const definition = pinnedDefinition(tool);
  const { sha256, fields } = definitionHashes(definition);
  return {
    name: toolName(tool),
    sha256,
    fields,
    definition,
    capabilities: deriveEffects(tool, override),
  };
}

/** A lock's content without its own hash: the tools pinned, overrides applied. */
export function lockBody(snapshot: ServerSnapshot, opts: BuildLockOptions = {}): Omit<Lock, "lock_sha256"> {
  const overrides = parseEffectOverrides(opts.overrides ?? {}, "the capability overrides");
  // serverInfo is kept in the lock: a number JSON cannot hold is refused as a snapshot refuses it.
  const at = nonFiniteAt(snapshot.server);
  if (at !== undefined) throw numberOutOfRange("serverInfo", at);
  const approved = opts.tools === undefined ? undefined : new Set(opts.tools);
  const tools = snapshot.tools
    .filter((t) => approved === undefined || approved.has(toolName(t)))
    .map((t) => lockTool(t, ownValue(overrides, toolName(t))))
    .sort((a, b) => compareCodeUnits(a.name, b.name));
  const body: Omit<Lock, "lock_sha256"> = {
    kind: LOCK_KIND,
    lock_version: LOCK_VERSION,
    server: sortKeysDeep(snapshot.server) as Record<string, unknown>,
    ...packageKeys(opts.package),
    protocol: snapshot.protocol,
    client_capabilities: [...snapshot.client_capabilities].sort(),
    instructions_sha256: snapshot.instructions === null ? null : sha256Hex(snapshot.instructions),
    capability_overrides: overrides,
    tools,
    ...excludedTools(approved, [snapshot, ...(opts.profiles ?? [])]),
    ...lockSurface(snapshot, { resources: opts.resources }),
  };
  if (!opts.profiles?.length) return body;
  const profiles = opts.profiles
    .map((s) => profileDifference(body, lockBody(s, { ...opts, profiles: undefined })))
    .sort((a, b) => compareCodeUnits(a.client_capabilities.join(","), b.client_capabilities.join(",")));
  // A lock whose profiles all show the base surface is a lock of one profile: the same bytes as
  // a lock pinned without them.
  return profiles.every(sameAsBase) ? body : { ...body, profiles };
}

// The lock's keys for the launch's package: none when it runs none.
function packageKeys(p: PackageResolution | undefined): Pick<Lock, "package" | "package_reason"> {
  if (p === undefined) return {};
  return p.package === null ? { package: null, package_reason: p.reason } : { package: { ...p.package } };
}

// The names listed (in any profile) and not approved, sorted; no key when none was left out.
function excludedTools(
  approved: ReadonlySet<string> | undefined,
  listings: readonly ServerSnapshot[],
): { excluded_tools?: string[] } {
  if (approved === undefined) return {};
  const left = new Set<string>();
  for (const s of listings) for (const t of s.tools) if (!approved.has(toolName(t))) left.add(toolName(t));
  return left.size ? { excluded_tools: [...left].sort(compareCodeUnits) } : {};
}

/**
 * Builds the lock of a snapshot: per tool (sorted by name) the hashes of its canonical JSON and of
 * each pinned field, its definition and its capabilities (overrides applied), plus the server, the
 * protocol, the instructions' hash and `lock_sha256`. Pure and deterministic.
 */
export function buildLock(snapshot: ServerSnapshot, opts: BuildLockOptions = {}): Lock {
  const body = lockBody(snapshot, opts);
  return { ...body, lock_sha256: lockHash(body) };
}
