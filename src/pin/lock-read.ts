// A lock read back: parsed JSON checked as a lock, each key and each tool in the shape the format
// gives it, and the snapshot a lock stands for.
import { ServerSnapshot } from "../mcp/snapshot.js";
import { parseUnlisted } from "../mcp/surface.js";
import { CLIENT_CAPABILITY_NAMES, type ClientCapabilityName } from "../mcp/client-capabilities.js";
import type { RawTool } from "../mcp/types.js";
import { ToolscoreError } from "../util/errors.js";
import { isObject } from "../util/json.js";
import { EFFECTS, type Effect } from "./effects.js";
import { LOCK_KIND, LOCK_VERSION, type Lock } from "./lock.js";
import { assertWhole } from "./lock-digest.js";
import { PINNED_FIELDS } from "./lock-hash.js";
import { packageFields } from "./lock-serialize.js";
import { checkLockPackage } from "./package.js";
import { checkProfiles, lockForProfile } from "./profiles.js";
import { checkLockSurface, surfaceFromLock } from "./surface-lock.js";

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
