// The pin check: a server's surface now against its lock. The tools are checked in verify-tools.ts,
// prompts and resources in verify-surface.ts, the client capability profiles in verify-profiles.ts;
// this module adds the lock's own hashes, the instructions, the package, the server and the protocol,
// and makes the report.
import type { ServerSnapshot } from "../mcp/snapshot.js";
import { appendAll } from "../util/order.js";
import { lockBody, LOCK_KIND, lockProblems, type Lock } from "./lock.js";
import { snapshotFromLock } from "./lock-read.js";
import { samePackage, type PackageResolution } from "./package.js";
import {
  compareFindings,
  findingFails,
  PIN_SEVERITY,
  type PinDraft,
  type PinFailOn,
  type PinFinding,
} from "./pin-findings.js";
import { lockForProfile } from "./profiles.js";
import { profileFacts, type ProfileFacts } from "./verify-profiles.js";
import { verifySurface } from "./verify-surface.js";
import { verifyTools } from "./verify-tools.js";

export {
  PIN_FAIL_ON,
  PIN_RULES,
  PIN_SEVERITY,
  type PinFailOn,
  type PinFinding,
  type PinRule,
} from "./pin-findings.js";

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

  appendAll(drafts, verifyTools(lock, now, whole.excluded_tools ?? []));
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
