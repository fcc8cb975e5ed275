import { ServerSnapshot } from "../mcp/snapshot.js";
import { parseUnlisted } from "../mcp/surface.js";
import { CLIENT_CAPABILITY_NAMES, type ClientCapabilityName } from "../mcp/client-capabilities.js";
import type { RawTool } from "../mcp/types.js";
import { ToolscoreError } from "../util/errors.js";
import { isObject, nonFiniteAt, ownValue, sortKeysDeep } from "../util/json.js";
import { numberOutOfRange } from "../util/json-range.js";
import { checkLockPackage, type LockedPackage, type PackageResolution } from "./package.js";
import { compareCodeUnits } from "../util/order.js";
import { sha256Hex } from "./canonical.js";
import { prettyJsonPieces } from "../util/json-out.js";
import { assertWhole } from "./lock-digest.js";
import { definitionHashes, lockHash, PINNED_FIELDS, toolName, type PinnedField } from "./lock-hash.js";
import {
  EFFECTS,
  deriveEffects,
  parseEffectOverrides,
  type Effect,
  type EffectFinding,
  type EffectOverrides,
} from "./effects.js";
import {
  checkProfiles,
  lockForProfile,
  profileDifference,
  sameAsBase,
  serializeProfiles,
  type LockProfile,
} from "./profiles.js";
import {
  checkLockSurface,
  lockSurface,
  serializeSurface,
  surfaceFromLock,
  type LockSurface,
} from "./surface-lock.js";

export { lockProblems, PINNED_FIELDS, toolName } from "./lock-hash.js";
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

/** The lock's file text: two-space JSON in a fixed key order, trailing newline. Same lock, same bytes. */
export function serializeLock(lock: Lock): string {
  return JSON.stringify(lockInFileOrder(lock), null, 2) + "\n";
}

/** {@link serializeLock} in pieces: a description of megabytes is written without copies. */
export function lockPieces(lock: Lock): string[] {
  return prettyJsonPieces(lockInFileOrder(lock));
}

/** A lock's package keys in file order: absent, null with the reason, or the package. */
function packageFields(lock: Lock): Record<string, unknown> {
  if (lock.package === undefined) return {};
  if (lock.package === null) return { package: null, package_reason: lock.package_reason };
  const { ecosystem, name, version, integrity } = lock.package;
  return { package: { ecosystem, name, version, integrity } };
}

function lockInFileOrder(lock: Lock): Record<string, unknown> {
  assertWhole(lock, "writing");
  return {
    kind: lock.kind,
    lock_version: lock.lock_version,
    server: lock.server,
    ...packageFields(lock),
    protocol: lock.protocol,
    client_capabilities: lock.client_capabilities,
    instructions_sha256: lock.instructions_sha256,
    capability_overrides: lock.capability_overrides,
    tools: lock.tools.map(toolInFileOrder),
    ...(lock.excluded_tools ? { excluded_tools: lock.excluded_tools } : {}),
    ...serializeSurface(lock),
    ...(lock.profiles
      ? {
          profiles: serializeProfiles(lock.profiles, (key, list) =>
            key === "tools"
              ? (list as unknown as LockedTool[]).map(toolInFileOrder)
              : (serializeSurface({ [key]: list })[key] as unknown[]),
          ),
        }
      : {}),
    lock_sha256: lock.lock_sha256,
  };
}

function toolInFileOrder(t: LockedTool): Record<string, unknown> {
  return {
    name: t.name,
    sha256: t.sha256,
    fields: Object.fromEntries(PINNED_FIELDS.map((f) => [f, t.fields[f]])),
    definition: Object.fromEntries(
      PINNED_FIELDS.filter((f) => Object.hasOwn(t.definition, f)).map((f) => [
        f,
        sortKeysDeep(t.definition[f]),
      ]),
    ),
    capabilities: t.capabilities.map((c) => ({ capability: c.capability, sources: c.sources })),
  };
}

/**
 * Checks parsed JSON as a lock; `source` names it in errors. A lock that is not an object, of
 * another kind or version, or with a missing or wrong-typed field is a FILE_INVALID error. (A lock
 * whose hashes do not match is well-formed: verification reports it as `pin-lock-modified`.)
 */
export function parseLock(data: unknown, source = "the lock"): Lock {
  const bad = (why: string) =>
    new ToolscoreError("FILE_INVALID", `${source} is not a valid lock: ${why}`, {
      path: source,
      problem: "lock-invalid",
    });
  if (!isObject(data)) throw bad("it is not a JSON object");
  if (data.kind !== LOCK_KIND) {
    throw new ToolscoreError(
      "FILE_INVALID",
      `${source} is not a lock (kind ${JSON.stringify(data.kind ?? null)}, expected "${LOCK_KIND}")`,
      { path: source, problem: "lock-kind" },
    );
  }
  if (data.lock_version !== LOCK_VERSION)
    throw bad(
      `lock_version ${JSON.stringify(data.lock_version ?? null)} is not supported (this toolscore reads "${LOCK_VERSION}")`,
    );
  if (!isObject(data.server)) throw bad('"server" is not an object');
  checkLockPackage(data, bad);
  if (typeof data.protocol !== "string") throw bad('"protocol" is not a string');
  const cc = data.client_capabilities;
  if (!Array.isArray(cc) || !cc.every((c) => CLIENT_CAPABILITY_NAMES.includes(c as ClientCapabilityName)))
    throw bad('"client_capabilities" is not a list of roots, sampling, elicitation');
  if (data.instructions_sha256 !== null && typeof data.instructions_sha256 !== "string")
    throw bad('"instructions_sha256" is neither a string nor null');
  if (!isObject(data.capability_overrides)) throw bad('"capability_overrides" is not an object');
  for (const [name, list] of Object.entries(data.capability_overrides)) {
    if (!Array.isArray(list) || !list.every((c) => EFFECTS.includes(c as Effect)))
      throw bad(`"capability_overrides"."${name}" is not a list of capabilities`);
  }
  if (!Array.isArray(data.tools)) throw bad('"tools" is not a list');
  data.tools.forEach((t: unknown, i) => checkLockedTool(t, `tools[${i}]`, bad));
  const excluded = data.excluded_tools;
  if (excluded !== undefined && (!Array.isArray(excluded) || !excluded.every((n) => typeof n === "string")))
    throw bad('"excluded_tools" is not a list of tool names');
  checkLockSurface(data, bad);
  parseUnlisted(data, bad);
  checkProfiles(data, bad, (key, e, at) => {
    if (key === "tools") checkLockedTool(e, at, bad);
    else checkLockSurface({ [key]: [e] }, (why) => bad(why.replace(`${key}[0]`, at)));
  });
  if (typeof data.lock_sha256 !== "string") throw bad('"lock_sha256" is not a string');
  return data as unknown as Lock;
}

function checkLockedTool(t: unknown, at: string, bad: (why: string) => Error): void {
  if (!isObject(t)) throw bad(`${at} is not an object`);
  if (typeof t.name !== "string") throw bad(`${at}.name is not a string`);
  if (typeof t.sha256 !== "string") throw bad(`${at}.sha256 is not a string`);
  if (!isObject(t.fields)) throw bad(`${at}.fields is not an object`);
  for (const f of PINNED_FIELDS) {
    const v = t.fields[f];
    if (v !== null && typeof v !== "string") throw bad(`${at}.fields.${f} is neither a string nor null`);
  }
  if (!isObject(t.definition)) throw bad(`${at}.definition is not an object`);
  if (!Array.isArray(t.capabilities)) throw bad(`${at}.capabilities is not a list`);
  t.capabilities.forEach((c: unknown, j) => {
    if (
      !isObject(c) ||
      !EFFECTS.includes(c.capability as Effect) ||
      !Array.isArray(c.sources) ||
      !c.sources.every((s) => typeof s === "string")
    )
      throw bad(`${at}.capabilities[${j}] is not a capability with a list of sources`);
  });
}

/**
 * The snapshot a lock stands for: its definitions as the tools (for a lock of several client
 * capability profiles, those of `profile`, by default its base). A lock keeps only the hash of the
 * instructions, so the snapshot's `instructions` is null.
 */
export function snapshotFromLock(whole: Lock, profile?: readonly string[]): ServerSnapshot {
  assertWhole(whole, "the snapshot");
  const lock = profile === undefined ? whole : lockForProfile(whole, profile);
  return ServerSnapshot.of({
    server: lock.server,
    ...packageFields(lock),
    protocol: lock.protocol,
    capabilities: {},
    client_capabilities: lock.client_capabilities,
    instructions: null,
    tools: lock.tools.map((t) => t.definition as RawTool),
    ...surfaceFromLock(lock),
  });
}
