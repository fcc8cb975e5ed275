import type { LockSetFinding, LockSetReport, ServerCheck } from "../pin/verify-set.js";
import { escapeLine } from "../util/unicode.js";
import { pinReportJson } from "./pin-json.js";
import { renderPinReport, pinLabel } from "./pin.js";
import { PLAIN, type Style } from "./style.js";

const q = (s: string) => `'${s}'`;

/** The sentence a person reads for a lock set finding, not yet escaped. */
export function lockSetMessage(f: LockSetFinding): string {
  const name = q(f.server ?? "");
  switch (f.rule) {
    case "pin-lock-modified":
      return "the lock set does not match its own hash: it was edited by hand";
    case "pin-server-added":
      return `${name} is in the config but not in the lock set: pin it (toolscore mcp pin --config FILE --server ${f.server ?? ""} --lock SET)`;
    case "pin-server-removed":
      return `${name} is in the lock set but no longer in the config`;
    case "pin-launch-changed":
      return `${name} is launched differently: ${f.before ?? ""} -> ${f.after ?? ""}`;
  }
}

function findingLine(f: LockSetFinding, style: Style, indent: string): string {
  const label = pinLabel(f, style);
  return `${indent}${label}  ${escapeLine(lockSetMessage(f))} ${style.dim(`(${f.rule})`)}`;
}

function serverVerdict(s: ServerCheck): string {
  if (s.status === "error") return "could not be checked";
  return s.ok ? "OK" : "FAIL";
}

/** The verdict line: `Lock set check: FAIL (1 of 3 servers fail, 1 could not be checked, --fail-on drift)`. */
export function lockSetVerdict(r: LockSetReport): string {
  const parts = [`${r.failing} of ${r.servers.length} server${r.servers.length === 1 ? "" : "s"} fail`];
  if (r.errors) parts.push(`${r.errors} could not be checked`);
  if (r.findings.some((f) => f.failing)) parts.push("the set was edited by hand");
  return `Lock set check: ${r.ok ? "OK" : r.errors ? "ERROR" : "FAIL"} (${parts.join(", ")}, --fail-on ${r.failOn})`;
}

/**
 * The console report of a lock set check: the set's own findings, then per server its verdict, its
 * set findings and its pin report (indented), and the verdict line. Strings are escaped.
 */
export function renderLockSetReport(r: LockSetReport, style: Style = PLAIN): string {
  const lines = [
    style.bold(`Lock set check (${r.servers.length} server${r.servers.length === 1 ? "" : "s"})`),
  ];
  for (const f of r.findings) lines.push(findingLine(f, style, "  "));
  for (const s of r.servers) {
    const verdict = serverVerdict(s);
    const colour = s.status === "error" || !s.ok ? style.red : style.green;
    lines.push("", `${style.bold(escapeLine(s.name))}: ${colour(verdict)}`);
    for (const f of s.findings) lines.push(findingLine(f, style, "  "));
    if (s.error !== null) lines.push(`  ${style.red("ERROR")}  ${escapeLine(s.error)}`);
    if (s.report)
      lines.push(
        ...renderPinReport(s.report, style)
          .trimEnd()
          .split("\n")
          .map((l) => `  ${l}`),
      );
  }
  const verdict = lockSetVerdict(r);
  lines.push("", r.ok ? style.green(verdict) : style.red(verdict));
  return lines.join("\n") + "\n";
}

/** The `--json` form of a lock set check (`kind: "toolscore.mcp-lockset-report"`): one entry per server. */
export function lockSetReportJson(r: LockSetReport): Record<string, unknown> {
  const findingJson = (f: LockSetFinding) => ({
    rule: f.rule,
    severity: f.severity,
    server: f.server,
    message: lockSetMessage(f),
    failing: f.failing,
    ...(f.before !== undefined ? { before: f.before, after: f.after ?? null } : {}),
  });
  return {
    kind: r.kind,
    report_version: r.report_version,
    ok: r.ok,
    fail_on: r.failOn,
    failing: r.failing,
    errors: r.errors,
    findings: r.findings.map(findingJson),
    servers: r.servers.map((s) => ({
      name: s.name,
      status: s.status,
      ok: s.ok,
      error: s.error,
      findings: s.findings.map(findingJson),
      pin: s.report ? pinReportJson(s.report) : null,
    })),
  };
}

/** The `--json` text of a lock set check. */
export function renderLockSetJson(r: LockSetReport): string {
  return JSON.stringify(lockSetReportJson(r), null, 2) + "\n";
}

/** What `mcp pin --config` wrote into a lock set. */
export interface LockSetPinSummary {
  pinned: ReadonlyArray<{
    name: string;
    server: { name?: unknown; version?: unknown };
    tools: number;
    /** The package argument of a launch that floats (`pkg`, `pkg@^1`, `pkg@latest`), as written. */
    floating?: string;
  }>;
  /** The servers the set now holds. */
  total: number;
  /** The lock set file as shown to the user. */
  file: string;
  unchanged: boolean;
}

/** The summary of `mcp pin --config`: one line per pinned server, then the file. */
export function renderLockSetPinSummary(r: LockSetPinSummary, style: Style = PLAIN): string {
  const n = r.pinned.length;
  const lines = r.pinned.map((p) => {
    const server = [p.server.name, p.server.version]
      .filter((v) => v !== undefined)
      .map(String)
      .join(" ");
    const floats =
      p.floating === undefined
        ? ""
        : `\n    note: '${escapeLine(p.name)}' runs ${escapeLine(p.floating)}, which floats: the next run may install another version (hold it to the locked one with toolscore mcp guard --install --pin-versions)`;
    return `  ${escapeLine(p.name)}: ${p.tools} tool${p.tools === 1 ? "" : "s"} of ${escapeLine(server || "(unnamed server)")}${floats}`;
  });
  return (
    `${style.bold("Pinned")} ${n} server${n === 1 ? "" : "s"} into a lock set of ${r.total}\n` +
    lines.join("\n") +
    `\n  lock set: ${escapeLine(r.file)}${r.unchanged ? style.dim(" (unchanged)") : ""}\n`
  );
}
