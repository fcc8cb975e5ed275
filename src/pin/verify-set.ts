// Verifying a lock set against a config: each server checked on its own against its entry, plus
// the set's own findings: a server the set lacks, one the config lacks, a changed launch line.
import type { ServerSnapshot } from "../mcp/snapshot.js";
import { compareCodeUnits } from "../util/order.js";
import {
  entryLock,
  launchChanged,
  launchLine,
  lockSetHash,
  type LaunchInfo,
  type LockSet,
} from "./lockset.js";
import type { Lock } from "./lock.js";
import { checkPin, type PinFailOn, type PinReport } from "./verify.js";
import type { PackageResolution } from "./package.js";

/** The rules of a set as a whole, beside the pin rules of each server. */
export const LOCKSET_RULES = [
  "pin-lock-modified",
  "pin-server-added",
  "pin-server-removed",
  "pin-launch-changed",
] as const;
/** A lock set rule id. */
export type LockSetRule = (typeof LOCKSET_RULES)[number];

/** The severity of each lock set rule. */
export const LOCKSET_SEVERITY: Record<LockSetRule, "error" | "info"> = {
  "pin-lock-modified": "error",
  "pin-server-added": "error",
  "pin-server-removed": "error",
  "pin-launch-changed": "info",
};

/** One finding about a server's place in the set (typed facts; renderers make the sentence). */
export interface LockSetFinding {
  rule: LockSetRule;
  severity: "error" | "info";
  /** The server concerned; null for the set as a whole. */
  server: string | null;
  /** `pin-launch-changed`: the launch lines before (the set) and after (the config). */
  before?: string;
  after?: string;
  failing: boolean;
}

/** The check of one server. */
export interface ServerCheck {
  name: string;
  /** `checked` (its pin report is there), `added`, `removed`, or `error` (it could not be checked). */
  status: "checked" | "added" | "removed" | "error";
  findings: LockSetFinding[];
  report: PinReport | null;
  /** Why it could not be checked. */
  error: string | null;
  /** True when nothing about this server fails (and it was checked, or needed no check). */
  ok: boolean;
}

/** The result of {@link verifyLockSet}. */
export interface LockSetReport {
  kind: "toolscore.mcp-lockset-report";
  report_version: "1";
  /** True when nothing fails and every server was checked. */
  ok: boolean;
  failOn: PinFailOn;
  /** Findings about the set as a whole (a set edited by hand). */
  findings: LockSetFinding[];
  /** One per server, sorted by name. */
  servers: ServerCheck[];
  /** Servers with a failing finding. */
  failing: number;
  /** Servers that could not be checked. */
  errors: number;
}

/** A server of the config as it is now: its launch, and what it listed or why it could not. */
export interface CurrentServer {
  launch: LaunchInfo;
  /** The live snapshot (or a lock standing for it); absent when the server was not started. */
  current?: ServerSnapshot | Lock;
  /** Why it could not be listed. */
  error?: string;
  /** What its launch runs, read after the listing (see CheckPinOptions.package). */
  package?: PackageResolution | null;
}

const failsUnder = (rule: LockSetRule, failOn: PinFailOn) =>
  failOn !== "never" && LOCKSET_SEVERITY[rule] === "error";

/**
 * Checks a config's servers against a set: each server in both against its entry (the pin check of
 * `checkPin`, with the entry's overrides), `pin-launch-changed` when its launch differs,
 * `pin-server-added` for a server the set lacks (not started), `pin-server-removed` for an entry the
 * config lacks, `pin-lock-modified` when the set does not match its own hash. With `only`, just that
 * server. Pure: no network, no disk.
 */
export function verifyLockSet(
  set: LockSet,
  config: Record<string, CurrentServer>,
  opts: { failOn?: PinFailOn; only?: string } = {},
): LockSetReport {
  const failOn = opts.failOn ?? "drift";
  const finding = (rule: LockSetRule, server: string | null, extra: Partial<LockSetFinding> = {}) => ({
    rule,
    severity: LOCKSET_SEVERITY[rule],
    server,
    ...extra,
    failing: failsUnder(rule, failOn),
  });
  const setFindings: LockSetFinding[] =
    lockSetHash(set) === set.lockset_sha256 ? [] : [finding("pin-lock-modified", null)];
  let names = [...new Set([...Object.keys(set.servers), ...Object.keys(config)])].sort(compareCodeUnits);
  if (opts.only !== undefined) names = names.filter((n) => n === opts.only);
  const servers = names.map((name): ServerCheck => {
    const entry = Object.hasOwn(set.servers, name) ? set.servers[name] : undefined;
    const now = Object.hasOwn(config, name) ? config[name] : undefined;
    if (entry === undefined) {
      const f = [finding("pin-server-added", name)];
      return { name, status: "added", findings: f, report: null, error: null, ok: !f[0]!.failing };
    }
    if (now === undefined) {
      const f = [finding("pin-server-removed", name)];
      return { name, status: "removed", findings: f, report: null, error: null, ok: !f[0]!.failing };
    }
    const findings = launchChanged(entry.launch, now.launch)
      ? [
          finding("pin-launch-changed", name, {
            // Only a hidden value changed: the lines say so by the hash of the hidden values.
            before: launchLine(entry.launch, launchLine(entry.launch) === launchLine(now.launch)),
            after: launchLine(now.launch, launchLine(entry.launch) === launchLine(now.launch)),
          }),
        ]
      : [];
    if (now.current === undefined)
      return { name, status: "error", findings, report: null, error: now.error ?? "not checked", ok: false };
    const report = checkPin(entryLock(entry), now.current, { failOn, package: now.package });
    const ok = report.ok && !findings.some((f) => f.failing);
    return { name, status: "checked", findings, report, error: null, ok };
  });
  const failing = servers.filter((s) => s.status !== "error" && !s.ok).length;
  const errors = servers.filter((s) => s.status === "error").length;
  const setFails = setFindings.some((f) => f.failing);
  return {
    kind: "toolscore.mcp-lockset-report",
    report_version: "1",
    ok: failing === 0 && errors === 0 && !setFails,
    failOn,
    findings: setFindings,
    servers,
    failing,
    errors,
  };
}
