// The lock's file text: its keys in a fixed order (each tool's too), values with sorted keys, two
// spaces, a trailing newline; the same lock gives the same bytes. Building a lock is lock.ts's,
// reading one back lock-read.ts's.
import { sortKeysDeep } from "../util/json.js";
import { prettyJsonPieces } from "../util/json-out.js";
import type { Lock, LockedTool } from "./lock.js";
import { assertWhole } from "./lock-digest.js";
import { PINNED_FIELDS } from "./lock-hash.js";
import { serializeProfiles } from "./profiles.js";
import { serializeSurface } from "./surface-lock.js";

/** The lock's file text: two-space JSON in a fixed key order, trailing newline. Same lock, same bytes. */
export function serializeLock(lock: Lock): string {
  return JSON.stringify(lockInFileOrder(lock), null, 2) + "\n";
}

/** {@link serializeLock} in pieces: a description of megabytes is written without copies. */
export function lockPieces(lock: Lock): string[] {
  return prettyJsonPieces(lockInFileOrder(lock));
}

/** A lock's package keys in file order: absent, null with the reason, or the package. */
export function packageFields(lock: Lock): Record<string, unknown> {
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
