import type { ServerSnapshot } from "../mcp/snapshot.js";
import { diffField, type FieldDiff } from "./field-diff.js";
import { DANGEROUS_EFFECTS, type Effect, type EffectFinding } from "./effects.js";
import { lockBody, LOCK_KIND, lockProblems, PINNED_FIELDS, type Lock, type LockedTool } from "./lock.js";
import { snapshotFromLock } from "./lock-read.js";
import { appendAll, compareCodeUnits } from "../util/order.js";
import { stableJson } from "../util/json.js";
import { ToolscoreError } from "../util/errors.js";
import type { ClientCapabilityName } from "../mcp/client-capabilities.js";
import { verifySurface } from "./verify-surface.js";
import { samePackage, type PackageResolution } from "./package.js";
import { lockForProfile, profileText, recordedProfiles, recordsProfile } from "./profiles.js";
import {
  findingFails,
  PIN_SEVERITY,
  PIN_RULES,
  type PinDraft,
  type PinFailOn,
  type PinFinding,
} from "./pin-findings.js";

export {
  PIN_FAIL_ON,
  PIN_RULES,
  PIN_SEVERITY,
  type PinFailOn,
  type PinFinding,
  type PinRule,
} from "./pin-findings.js";

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

/** The result of {@link checkPin}. */
export interface PinReport {
  kind: "toolscore.mcp-pin-report";
  report_version: "1";
  /** True when nothing fails under `failOn`. */
  ok: boolean;
  failOn: PinFailOn;
  findings: PinFinding[];
  /** How many findings fail under `failOn`. */
  failing: number;
  /** How many findings there are. */
  total: number;
  /** Tools in the lock and on the server now. */
  lockedTools: number;
  currentTools: number;
  /**
   * The client capabilities the check declared and the profiles the lock records. Present when
   * they matter: the lock records several profiles, or it was pinned for other capabilities than
   * the check declared (then a difference may come only from what the client declares).
   */
  profile?: ProfileFacts;
}

/** Which client capability profiles a check was made in. */
export interface ProfileFacts {
  /** What the client (or each listing) declared. */
  checked: ClientCapabilityName[][];
  /** The profiles the lock records; each checked one is compared with its own, else with the base. */
  recorded: ClientCapabilityName[][];
}

/** Options of {@link checkPin}: a typed object, never parsed command-line flags. */
export interface CheckPinOptions {
  /** What fails the check (default `drift`). */
  failOn?: PinFailOn;
  /**
   * The caller has already found the lock's own hashes to match ({@link lockProblems} empty), so
   * they are not computed again: the guard checks every list answer against one lock it checked
   * once at start.
   */
  lockChecked?: boolean;
  /**
   * What the launch checked runs now (`resolveLaunchPackage`), compared with the lock's `package`:
   * null when the launch runs no package; undefined when this check launched nothing (a saved
   * file, a caller's transport), so the package is reported as not checked.
   */
  package?: PackageResolution | null;
}

const serverLabel = (s: Record<string, unknown>) =>
  [s.name, s.version]
    .filter((v) => v !== undefined)
    .map(String)
    .join(" ");

/** Options of {@link checkPin}, the same as {@link CheckPinOptions}. */
export type VerifyPinOptions = CheckPinOptions;

/**
 * The one pin check, used by `mcp verify-pin`, `--pin` on `mcp lint` and `mcp test`, lock sets, the
 * programmatic API and the guard. Checks a server's current surface against its lock (the lock's
 * capability overrides applied): tools added, removed or changed (with a diff per field), delete
 * or exec gained, prompts and resources where the lock pins them, instructions, server and protocol
 * changes, and a lock that does not match its own hashes. `current` is a snapshot, or another lock.
 * Pure: no network, no disk.
 */
export function checkPin(lock: Lock, current: ServerSnapshot | Lock, opts: CheckPinOptions = {}): PinReport {
  const failOn = opts.failOn ?? "drift";
  const isLock = current.kind === LOCK_KIND;
  const whole = lock;
  // The server now is compared with the lock's surface for the client capabilities it was listed
  // with; a lock of one profile stands for every client.
  const declared = [...current.client_capabilities].sort();
  lock = lockForProfile(whole, declared);
  // Resources are compared when the lock pinned them (`mcp pin --resources`), never otherwise.
  const now = lockBody(isLock ? snapshotFromLock(current, declared) : current, {
    overrides: lock.capability_overrides,
    resources: lock.resources !== undefined || lock.unlisted?.resources !== undefined,
  });
  if (isLock) now.instructions_sha256 = current.instructions_sha256;
  const drafts: PinDraft[] = [];

  const problems = opts.lockChecked ? [] : lockProblems(whole);
  if (problems.length) drafts.push({ rule: "pin-lock-modified", tool: null, problems });

  for (const [name, count] of repeated(lock.tools))
    drafts.push({ rule: "pin-tool-duplicated", tool: name, count, where: "lock" });
  for (const [name, count] of repeated(now.tools))
    drafts.push({ rule: "pin-tool-duplicated", tool: name, count, where: "server" });

  const locked = new Map<string, LockedTool>();
  for (const t of lock.tools) if (!locked.has(t.name)) locked.set(t.name, t);
  // Every copy of a repeated name is compared with the lock, not only the first: a second copy is
  // where a rug pull hides, and the client may well use that one.
  const seen = new Set<string>();
  // A tool the lock leaves out is not checked, whatever it says now: it is not exposed.
  const excluded = new Set(whole.excluded_tools ?? []);
  for (const t of now.tools) {
    const before = locked.get(t.name);
    const again = seen.has(t.name);
    seen.add(t.name);
    if (!before && excluded.has(t.name)) {
      if (!again) drafts.push({ rule: "pin-tool-excluded", tool: t.name });
    } else if (before) appendAll(drafts, compareTool(before, t));
    else if (!again) appendAll(drafts, newTool(t));
    else
      appendAll(
        drafts,
        newTool(t).filter((d) => d.rule === "pin-capability-added"),
      );
  }
  for (const t of locked.values())
    if (!seen.has(t.name)) drafts.push({ rule: "pin-tool-removed", tool: t.name });
  appendAll(drafts, verifySurface(lock, now));

  if (lock.instructions_sha256 !== now.instructions_sha256)
    drafts.push({
      rule: "pin-instructions-changed",
      tool: null,
      before: lock.instructions_sha256,
      after: now.instructions_sha256,
    });
  const pkg = packageDraft(whole, opts.package);
  if (pkg) drafts.push(pkg);
  if (lock.server.name !== now.server.name || lock.server.version !== now.server.version)
    drafts.push({
      rule: "pin-server-changed",
      tool: null,
      before: serverLabel(lock.server),
      after: serverLabel(now.server),
    });
  if (lock.protocol !== now.protocol)
    drafts.push({ rule: "pin-protocol-changed", tool: null, before: lock.protocol, after: now.protocol });

  const findings = drafts
    .map(
      (d) =>
        ({
          ...d,
          fields: d.fields ?? [],
          diffs: d.diffs ?? [],
          capabilities: d.capabilities ?? [],
          severity: PIN_SEVERITY[d.rule],
          failing: findingFails(d.rule, failOn),
        }) as PinFinding,
    )
    .sort(compareFindings);
  const failing = findings.filter((f) => f.failing).length;
  return {
    kind: "toolscore.mcp-pin-report",
    report_version: "1",
    ok: failing === 0,
    failOn,
    findings,
    failing,
    total: findings.length,
    lockedTools: lock.tools.length,
    currentTools: now.tools.length,
    ...profileFacts(whole, declared, findings),
  };
}

function profileFacts(
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

// The launch's package against the lock's: a lock that records none says nothing about it.
function packageDraft(lock: Lock, now: PackageResolution | null | undefined): PinDraft | undefined {
  if (lock.package === undefined) return undefined;
  if (lock.package === null)
    return { rule: "pin-package-unchecked", tool: null, reason: lock.package_reason ?? "not resolved" };
  if (now === undefined)
    return {
      rule: "pin-package-unchecked",
      tool: null,
      reason: "this check launched no server (a saved file or a caller's transport)",
    };
  const found = now?.package ?? null;
  if (found && samePackage(lock.package, found)) return undefined;
  const reason = now === null ? "the launch runs no package now" : now.package === null ? now.reason : null;
  return { rule: "pin-package-changed", tool: null, locked: lock.package, found, reason };
}

/** The names listed more than once, with how many times, sorted by name. */
function repeated(tools: readonly { name: string }[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const t of tools) counts.set(t.name, (counts.get(t.name) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).sort((a, b) => compareCodeUnits(a[0], b[0]));
}

function dangerous(effects: readonly EffectFinding[]): EffectFinding[] {
  return effects.filter((c) => DANGEROUS_EFFECTS.includes(c.capability));
}

function newTool(t: LockedTool): PinDraft[] {
  const out: PinDraft[] = [];
  const gained = dangerous(t.capabilities);
  if (gained.length)
    out.push({ rule: "pin-capability-added", tool: t.name, capabilities: gained, newTool: true });
  out.push({ rule: "pin-tool-added", tool: t.name, capabilities: t.capabilities, newTool: true });
  return out;
}

function compareTool(before: LockedTool, after: LockedTool): PinDraft[] {
  const out: PinDraft[] = [];
  const had = new Set<Effect>(before.capabilities.map((c) => c.capability));
  const gained = dangerous(after.capabilities).filter((c) => !had.has(c.capability));
  if (gained.length)
    out.push({ rule: "pin-capability-added", tool: after.name, capabilities: gained, newTool: false });
  const fields = PINNED_FIELDS.filter((f) => f !== "name" && before.fields[f] !== after.fields[f]);
  if (fields.length) {
    const diffs = fields
      .map((f) => diffField(f, before.definition[f], after.definition[f]))
      .filter((d): d is FieldDiff => d !== undefined);
    out.push({ rule: "pin-tool-changed", tool: after.name, fields, diffs });
  }
  return out;
}

const ITEM_ORDER = ["prompt", "resource_template", "resource"];

// Errors first; within a severity the lock itself, then tools by name, then prompts, resource
// templates and resources by key, then the server-wide rules.
function compareFindings(a: PinFinding, b: PinFinding): number {
  const sev = (f: PinFinding) => (f.severity === "error" ? 0 : 1);
  const group = (f: PinFinding) =>
    f.rule === "pin-lock-modified"
      ? 0
      : "list" in f
        ? 2 + ITEM_ORDER.indexOf(f.list.kind)
        : f.tool !== null
          ? 1
          : f.item
            ? 2 + ITEM_ORDER.indexOf(f.item.kind)
            : 5;
  return (
    sev(a) - sev(b) ||
    group(a) - group(b) ||
    compareCodeUnits(a.tool ?? a.item?.key ?? "", b.tool ?? b.item?.key ?? "") ||
    PIN_RULES.indexOf(a.rule) - PIN_RULES.indexOf(b.rule)
  );
}
