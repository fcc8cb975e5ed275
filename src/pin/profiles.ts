// Client capability profiles: a server may offer some tools, prompts or resources only to clients
// that declare roots, sampling or elicitation. A lock records the surface of its base profile (the
// top-level lists) and, when other profiles show another surface, how each one differs: the items
// it offers that the base lacks or defines otherwise, and the base items it is not offered. A lock
// without `profiles` is a lock of its one profile, as every lock made before profiles were.
import { CLIENT_CAPABILITY_NAMES, type ClientCapabilityName } from "../mcp/client-capabilities.js";
import { SURFACE_KINDS, type SurfaceKey } from "../mcp/surface.js";
import { canonicalJson } from "./canonical.js";
import { isObject } from "../util/json.js";
import { compareCodeUnits } from "../util/order.js";
import type { LockedSurfaceItem } from "./surface-lock.js";

/** A set of client capabilities, sorted. */
export type CapabilityProfile = ClientCapabilityName[];

/** The lists of a lock that profiles vary: tools, prompts, resource templates, resources. */
export type ProfileListKey = "tools" | SurfaceKey;
const LIST_KEYS: readonly ProfileListKey[] = ["tools", ...SURFACE_KINDS.map((k) => k.key)];

/** A locked entry of any list (a tool or a surface item): its key field and its hash. */
type LockedEntry = { sha256: string } & Record<string, unknown>;

/** How one profile's surface differs from the lock's base surface. */
export interface LockProfile {
  /** The client capabilities of the profile, sorted. */
  client_capabilities: CapabilityProfile;
  /** The tools offered under this profile that the base lacks or defines otherwise. */
  tools: LockedEntry[];
  prompts?: LockedEntry[];
  resource_templates?: LockedEntry[];
  resources?: LockedEntry[];
  /** Per list, the keys of base items not offered under this profile. */
  without: Partial<Record<ProfileListKey, string[]>>;
}

/** What a lock needs to have for its profiles to be read. */
export type ProfiledLists = Partial<Record<ProfileListKey, unknown[] | undefined>> & {
  client_capabilities: CapabilityProfile;
  profiles?: LockProfile[];
};

/**
 * Every profile a pin lists: each set of roots, sampling, elicitation and elicitation.url (which
 * comes with elicitation), the empty one first and the whole set last.
 */
export const ALL_PROFILES: readonly CapabilityProfile[] = (() => {
  const names = [...CLIENT_CAPABILITY_NAMES].sort();
  const out: CapabilityProfile[] = [];
  for (let mask = 0; mask < 1 << names.length; mask++) {
    const set = names.filter((_, i) => mask & (1 << i));
    if (!set.includes("elicitation.url") || set.includes("elicitation")) out.push(set);
  }
  return out.sort((a, b) => a.length - b.length || compareCodeUnits(a.join(","), b.join(",")));
})();

/** The profile a client's declared `capabilities` object (from `initialize` or `_meta`) falls in. */
export function profileOf(capabilities: unknown): CapabilityProfile {
  if (!isObject(capabilities)) return [];
  const has = (c: string) => Object.hasOwn(capabilities, c) && capabilities[c] != null;
  const out: CapabilityProfile = [];
  for (const c of ["roots", "sampling", "elicitation"] as const) if (has(c)) out.push(c);
  const elicitation = capabilities.elicitation;
  if (isObject(elicitation) && Object.hasOwn(elicitation, "url") && elicitation.url != null)
    out.push("elicitation.url");
  return out.sort(compareCodeUnits);
}

/** The same profile, written as it is compared. */
export const profileText = (p: readonly string[]): string => [...p].sort().join(",");

/** The profiles a lock records: its base, then each of `profiles`. */
export function recordedProfiles(lock: ProfiledLists): CapabilityProfile[] {
  return [lock.client_capabilities, ...(lock.profiles ?? []).map((p) => p.client_capabilities)];
}

/** The profile of one capability alone (`elicitation.url` comes with `elicitation`). */
export function singleProfile(name: ClientCapabilityName): CapabilityProfile {
  return name === "elicitation.url" ? ["elicitation", "elicitation.url"] : [name];
}

/** The profiles a pin lists when no capability and every capability show different surfaces. */
export const SINGLE_PROFILES: readonly CapabilityProfile[] = [...CLIENT_CAPABILITY_NAMES]
  .sort(compareCodeUnits)
  .map(singleProfile);

/**
 * Whether the recorded profiles cover `profile`: it is one of them, or, for a lock of several,
 * each of its capabilities has its single profile recorded, so that its surface is composed of
 * theirs (a pin records only the single profiles when their composition matched the listing with
 * every capability, and every profile otherwise).
 */
export function coversProfile(recorded: readonly (readonly string[])[], profile: readonly string[]): boolean {
  const texts = new Set(recorded.map(profileText));
  if (texts.has(profileText(profile))) return true;
  return (
    recorded.length > 1 &&
    profile.every((c) => texts.has(profileText(singleProfile(c as ClientCapabilityName))))
  );
}

/** Whether a lock records (or composes) the surface of `profile`. */
export function recordsProfile(lock: ProfiledLists, profile: readonly string[]): boolean {
  return coversProfile(recordedProfiles(lock), profile);
}

const entryKey = (key: ProfileListKey, entry: Record<string, unknown>): string =>
  String(entry[keyField(key)]);

function keyField(key: ProfileListKey): string {
  return key === "tools" ? "name" : SURFACE_KINDS.find((k) => k.key === key)!.id;
}

/**
 * The lock as it stands for clients of `profile`: its base lists with that profile's differences
 * laid over them (or, for a profile composed of recorded ones, theirs), and `client_capabilities`
 * the profile. A profile the lock does not cover gets the base (a lock of one profile stands for
 * every client). The result has no `profiles`.
 */
export function lockForProfile<L extends ProfiledLists>(lock: L, profile: readonly string[]): L {
  if (!lock.profiles) return lock;
  const { profiles, ...base } = lock;
  const text = profileText(profile);
  if (profileText(lock.client_capabilities) === text || !recordsProfile(lock, profile))
    return base as unknown as L;
  const exact = profiles.find((p) => profileText(p.client_capabilities) === text);
  // Smaller profiles first, so that a larger one (elicitation.url over elicitation) has the last word.
  const parts = exact
    ? [exact]
    : profiles
        .filter((p) => p.client_capabilities.every((c) => profile.includes(c)))
        .sort((a, b) => a.client_capabilities.length - b.client_capabilities.length);
  const out: Record<string, unknown> = { ...base, client_capabilities: [...profile].sort(compareCodeUnits) };
  for (const key of LIST_KEYS) {
    const own = new Map<string, LockedEntry[]>();
    const gone = new Set<string>();
    for (const p of parts) {
      for (const k of p.without[key] ?? []) gone.add(k);
      const mine = new Map<string, LockedEntry[]>();
      for (const e of p[key] ?? []) mine.set(entryKey(key, e), [...(mine.get(entryKey(key, e)) ?? []), e]);
      for (const [k, entries] of mine) own.set(k, entries);
    }
    for (const k of own.keys()) gone.add(k);
    const list = base[key] as LockedEntry[] | undefined;
    if (list === undefined && own.size === 0) continue;
    out[key] = [...(list ?? []).filter((e) => !gone.has(entryKey(key, e))), ...[...own.values()].flat()].sort(
      (a, b) => compareCodeUnits(entryKey(key, a), entryKey(key, b)),
    );
  }
  return out as L;
}

// The hashes of each key's entries, in order: two lists show the same items when these agree.
function hashesByKey(key: ProfileListKey, list: readonly LockedEntry[]): Map<string, string> {
  const out = new Map<string, string[]>();
  for (const e of list) {
    const k = entryKey(key, e);
    const seen = out.get(k);
    if (seen) seen.push(e.sha256);
    else out.set(k, [e.sha256]);
  }
  return new Map([...out].map(([k, v]) => [k, v.join(",")]));
}

/**
 * How the locked lists of a profile differ from the base's, or undefined when they show the same
 * surface. Both are lock bodies built the same way (overrides applied).
 */
export function profileDifference(
  base: Partial<Record<ProfileListKey, unknown[] | undefined>>,
  other: Partial<Record<ProfileListKey, unknown[] | undefined>> & { client_capabilities: CapabilityProfile },
): LockProfile {
  const out: LockProfile = {
    client_capabilities: [...other.client_capabilities].sort(),
    tools: [],
    without: {},
  };
  for (const key of LIST_KEYS) {
    const before = hashesByKey(key, (base[key] ?? []) as LockedEntry[]);
    const afterList = (other[key] ?? []) as LockedEntry[];
    const after = hashesByKey(key, afterList);
    const own = afterList.filter((e) => before.get(entryKey(key, e)) !== after.get(entryKey(key, e)));
    const gone = [...before.keys()].filter((k) => !after.has(k)).sort(compareCodeUnits);
    if (own.length || key === "tools") out[key] = own as LockedEntry[] & LockedSurfaceItem[];
    if (gone.length) out.without[key] = gone;
  }
  return out;
}

/** Whether a profile shows the base surface. */
export function sameAsBase(p: LockProfile): boolean {
  return LIST_KEYS.every((k) => (p[k] ?? []).length === 0 && (p.without[k] ?? []).length === 0);
}

/** The canonical JSON of a profile's locked lists, to tell whether two listings agree. */
export function surfaceText(body: Partial<Record<ProfileListKey, unknown[] | undefined>>): string {
  return canonicalJson(LIST_KEYS.map((k) => body[k] ?? null));
}

/** Each profile in file order: keys fixed, lists in the order written. */
export function serializeProfiles(
  profiles: readonly LockProfile[],
  entry: (key: ProfileListKey, list: readonly LockedEntry[]) => unknown[],
): unknown[] {
  return profiles.map((p) => {
    const out: Record<string, unknown> = { client_capabilities: p.client_capabilities };
    for (const key of LIST_KEYS) if (p[key] !== undefined) out[key] = entry(key, p[key]);
    out.without = Object.fromEntries(
      LIST_KEYS.filter((k) => p.without[k] !== undefined).map((k) => [k, p.without[k]]),
    );
    return out;
  });
}

/**
 * Checks `profiles` of a parsed lock: a list of profiles, each a distinct set of client
 * capabilities other than the base's, with lists of entries (checked by `entry`) and `without`
 * lists of keys. `bad` makes the error.
 */
export function checkProfiles(
  data: Record<string, unknown>,
  bad: (why: string) => Error,
  entry: (key: ProfileListKey, e: unknown, at: string) => void,
): void {
  if (!Object.hasOwn(data, "profiles")) return;
  const list = data.profiles;
  if (!Array.isArray(list)) throw bad('"profiles" is not a list');
  const seen = new Set([profileText(data.client_capabilities as string[])]);
  list.forEach((p: unknown, i) => {
    const at = `profiles[${i}]`;
    if (!isObject(p)) throw bad(`${at} is not an object`);
    const cc = p.client_capabilities;
    if (!Array.isArray(cc) || !cc.every((c) => CLIENT_CAPABILITY_NAMES.includes(c as ClientCapabilityName)))
      throw bad(`${at}.client_capabilities is not a list of roots, sampling, elicitation`);
    const text = profileText(cc as string[]);
    if (seen.has(text)) throw bad(`${at} repeats the client capabilities ${JSON.stringify(text)}`);
    seen.add(text);
    if (!Array.isArray(p.tools)) throw bad(`${at}.tools is not a list`);
    for (const key of LIST_KEYS) {
      if (!Object.hasOwn(p, key)) continue;
      const entries = p[key];
      if (!Array.isArray(entries)) throw bad(`${at}.${key} is not a list`);
      entries.forEach((e: unknown, j) => entry(key, e, `${at}.${key}[${j}]`));
    }
    if (!isObject(p.without)) throw bad(`${at}.without is not an object`);
    for (const [key, keys] of Object.entries(p.without)) {
      if (!(LIST_KEYS as readonly string[]).includes(key))
        throw bad(`${at}.without.${key} is not a list of the lock`);
      if (!Array.isArray(keys) || !keys.every((k) => typeof k === "string"))
        throw bad(`${at}.without.${key} is not a list of strings`);
    }
  });
}
