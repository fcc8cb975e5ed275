import type { EffectOverrides } from "../pin/effects.js";
import { buildLock, toolName, type Lock } from "../pin/lock.js";
import { writeNote, type ServerSnapshot } from "../mcp/snapshot.js";
import { ToolscoreError } from "../util/errors.js";
import {
  ALL_PROFILES,
  lockForProfile,
  profileText,
  SINGLE_PROFILES,
  surfaceText,
  type CapabilityProfile,
} from "../pin/profiles.js";
import { lockBody } from "../pin/lock.js";
import { checkApprovedTools } from "../pin/subset.js";
import { launchPackage } from "./launch-package.js";
import { listResolved, resolveServer, type Listed, type ResolvedServer } from "./server.js";
import type { ServerInput, ServerOptions } from "./server.js";

/** Options of {@link pin}. */
export interface PinOptions extends ServerOptions {
  /** Effect overrides, `{"tool_name": ["read"]}`, stored in the lock. */
  overrides?: EffectOverrides;
  /** Also pin the resources. */
  resources?: boolean;
  /**
   * Approve only these tools (`--tools`): the others the server lists are recorded in the lock's
   * `excluded_tools`. A name the server does not have is a USAGE error.
   */
  tools?: readonly string[];
}

/** Something to tell the person pinning, as facts. */
export type PinWarning =
  { kind: "override-unknown"; tool: string } | { kind: "tool-duplicated"; tool: string; count: number };

/** What {@link pin} returns. */
export interface PinResult {
  /** The lock (the file `mcp pin` writes, kind toolscore.mcp-lock). */
  lock: Lock;
  snapshot: ServerSnapshot;
  warnings: PinWarning[];
}

/**
 * `toolscore mcp pin`: the lock of a live server or a saved snapshot (a lock keeps only the hash of
 * the instructions, so it cannot be pinned again). Writing it is the caller's: `writeLock`.
 *
 * ```ts
 * const { lock } = await pin("node server.js");
 * ```
 */
export async function pin(server: ServerInput | undefined, opts: PinOptions = {}): Promise<PinResult> {
  const resolved = resolveServer(server, opts);
  const { snapshot, origin, profiles } = await listProfiles(resolved, opts);
  if (origin === "lock") {
    throw new ToolscoreError(
      "USAGE",
      "mcp pin needs a live server or a snapshot, not a lock (a lock keeps only the hash of the instructions)",
    );
  }
  const overrides = opts.overrides ?? {};
  const names = new Set(snapshot.tools.map(toolName));
  const warnings: PinWarning[] = Object.keys(overrides)
    .filter((n) => !names.has(n))
    .map((tool) => ({ kind: "override-unknown", tool }));
  const counts = new Map<string, number>();
  for (const t of snapshot.tools) counts.set(toolName(t), (counts.get(toolName(t)) ?? 0) + 1);
  for (const [tool, count] of counts) if (count > 1) warnings.push({ kind: "tool-duplicated", tool, count });
  if (opts.tools) checkApprovedTools(opts.tools, [snapshot, ...(profiles ?? [])]);
  const lock = buildLock(snapshot, {
    overrides,
    resources: opts.resources === true,
    profiles,
    tools: opts.tools,
    package: launchPackage(resolved, opts.connect) ?? undefined,
  });
  return { lock, snapshot, warnings };
}

/**
 * Lists a live server once per client capability profile that can change its surface, unless the
 * capabilities are named (`--client-capabilities`: that one profile) or the server cannot be
 * started again (a caller's transport). No capability and every capability are listed at once;
 * when they show the same surface that is all. Otherwise each capability is listed alone, and when
 * their differences put together give the surface of every capability, those are recorded;
 * failing that, every set of capabilities is listed and recorded.
 */
async function listProfiles(
  resolved: ResolvedServer,
  opts: PinOptions,
): Promise<Listed & { profiles?: ServerSnapshot[] }> {
  const once =
    opts.connect?.clientCapabilities !== undefined ||
    (resolved.kind === "target" && resolved.target.kind === "file") ||
    (resolved.kind === "transport" && typeof resolved.server.transport !== "function");
  if (once) return listResolved(resolved, opts);
  // A note (a server that lists nothing) is the same in every profile: it is said once.
  const said = new Set<string>();
  const onNote = (m: string) => {
    if (said.has(m)) return;
    said.add(m);
    (opts.onNote ?? writeNote)(m);
  };
  const listIn = async (clientCapabilities: CapabilityProfile) =>
    (await listResolved(resolved, { ...opts, onNote, connect: { ...opts.connect, clientCapabilities } }))
      .snapshot;
  // Every listing ends (its server stopped) before a failure of one is reported.
  const listAll = async (profiles: readonly CapabilityProfile[]) => {
    const settled = await Promise.allSettled(profiles.map(listIn));
    for (const s of settled) if (s.status === "rejected") throw s.reason;
    return settled.map((s) => (s as PromiseFulfilledResult<ServerSnapshot>).value);
  };
  const lockOpts = { overrides: opts.overrides, resources: opts.resources === true };
  const surface = (s: ServerSnapshot) => surfaceText(lockBody(s, lockOpts));
  const all = ALL_PROFILES[ALL_PROFILES.length - 1]!;
  const [base, full] = await listAll([ALL_PROFILES[0]!, all]);
  if (surface(base!) === surface(full!)) return { snapshot: base!, origin: "live" };
  const singles = await listAll(SINGLE_PROFILES);
  const composed = lockForProfile(buildLock(base!, { ...lockOpts, profiles: singles }), all);
  if (surfaceText(composed) === surface(full!))
    return { snapshot: base!, origin: "live", profiles: [...singles, full!] };
  const known = new Set([ALL_PROFILES[0]!, all, ...SINGLE_PROFILES].map(profileText));
  const rest = await listAll(ALL_PROFILES.filter((p) => !known.has(profileText(p))));
  return { snapshot: base!, origin: "live", profiles: [...singles, ...rest, full!] };
}
