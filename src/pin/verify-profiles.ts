// The client capability profiles of a pin check: which capabilities a server is listed with for a
// check against a lock, which profiles a report names, and one report of the checks of a lock in
// several profiles.
import type { ClientCapabilityName } from "../mcp/client-capabilities.js";
import { ToolscoreError } from "../util/errors.js";
import { stableJson } from "../util/json.js";
import { compareCodeUnits } from "../util/order.js";
import type { Lock } from "./lock.js";
import { compareFindings, type PinFinding } from "./pin-findings.js";
import { profileText, recordedProfiles, recordsProfile } from "./profiles.js";
import type { PinReport } from "./verify.js";

/**
 * The client capabilities a server is listed with for a check against `lock`: the ones the lock was
 * pinned with, so that the server shows the surface that was pinned. `asked` (when given) must be
 * that same set, in any order: declaring another one is a `CLIENT_CAPABILITIES` error, the same
 * for every command and the API.
 */
export function pinnedClientCapabilities(lock: Lock, asked?: readonly string[]): ClientCapabilityName[] {
  const pinned = [...lock.client_capabilities];
  if (asked === undefined) return pinned;
  const normalised = asked
    .map((s) => s.trim())
    .filter(Boolean)
    .sort(compareCodeUnits);
  if (!recordsProfile(lock, normalised)) {
    const recorded = recordedProfiles(lock).map((p) => p.join(","));
    const which =
      recorded.length === 1
        ? `the lock was pinned with --client-capabilities ${JSON.stringify(pinned.join(","))}, and verification declares the same set`
        : `the lock records the client capabilities ${recorded.map((r) => JSON.stringify(r)).join(", ")}, and verification declares one of them`;
    throw new ToolscoreError("CLIENT_CAPABILITIES", which, { pinned, asked: normalised });
  }
  return normalised as ClientCapabilityName[];
}

/** Which client capability profiles a check was made in. */
export interface ProfileFacts {
  /** What the client (or each listing) declared. */
  checked: ClientCapabilityName[][];
  /** The profiles the lock records; each checked one is compared with its own, else with the base. */
  recorded: ClientCapabilityName[][];
}

/**
 * The profiles a report names: none when the lock records one profile and the check was made in it,
 * or found nothing.
 */
export function profileFacts(
  lock: Lock,
  declared: ClientCapabilityName[],
  findings: PinFinding[],
): { profile?: ProfileFacts } {
  const recorded = recordedProfiles(lock);
  if (recorded.length === 1 && (profileText(recorded[0]!) === profileText(declared) || !findings.length))
    return {};
  return { profile: { checked: [declared], recorded } };
}

/**
 * One report of the checks of a lock in several client capability profiles: each finding once,
 * with the profiles it was found in when not all of them, sorted as one check sorts them.
 */
export function mergeProfileReports(
  checks: ReadonlyArray<{ profile: ClientCapabilityName[]; report: PinReport }>,
): PinReport {
  if (checks.length === 1) return checks[0]!.report;
  const found = new Map<string, { finding: PinFinding; profiles: ClientCapabilityName[][] }>();
  for (const { profile, report } of checks) {
    for (const f of report.findings) {
      const key = stableJson(f);
      const seen = found.get(key);
      if (seen) seen.profiles.push(profile);
      else found.set(key, { finding: f, profiles: [profile] });
    }
  }
  const findings = [...found.values()]
    .map(({ finding, profiles }) => (profiles.length === checks.length ? finding : { ...finding, profiles }))
    .sort(compareFindings);
  const failing = findings.filter((f) => f.failing).length;
  const first = checks[0]!.report;
  return {
    ...first,
    ok: failing === 0,
    findings,
    failing,
    total: findings.length,
    profile: {
      checked: checks.map((c) => c.profile),
      recorded: first.profile?.recorded ?? [checks[0]!.profile],
    },
  };
}
