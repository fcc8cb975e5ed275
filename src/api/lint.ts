import { lintServer } from "../lint/index.js";
import { lintSurface } from "../lint/surface.js";
import type { LintFinding } from "../lint/types.js";
import type { PinReport } from "../pin/verify.js";
import { buildLintReport, type LintReport } from "../report/lint-json.js";
import { listServer, type ListResult } from "./list.js";
import { pinCheckOn, withLockCapabilities, type PinCheckOption } from "./pin-option.js";
import type { ServerInput, ServerOptions } from "./server.js";

/** Options of {@link lint}. */
export interface LintOptions extends ServerOptions {
  /** Also check the server against a lock, on the same listing (`--pin LOCK`). */
  pin?: PinCheckOption;
}

/** What {@link lint} returns. */
export interface LintResult {
  /** The lint report (`mcp lint --json`, kind toolscore.mcp-lint-report). */
  report: LintReport;
  /** The findings: tools and instructions first, then prompts, resource templates and resources. */
  findings: LintFinding[];
  /** The pin check, with `pin`. */
  pin?: PinReport;
  /** False when a finding is an error or the pin check fails (the command exits 1). */
  ok: boolean;
  /** What was linted. */
  listed: ListResult;
}

/**
 * `toolscore mcp lint`: checks a server's definitions. A saved snapshot or lock is read; a live
 * server is started, listed and stopped.
 *
 * ```ts
 * const { report } = await lint("node server.js");
 * report.counts.error; // 0
 * ```
 */
export async function lint(server: ServerInput | undefined, opts: LintOptions = {}): Promise<LintResult> {
  const listed = await listServer(server, withLockCapabilities(opts, opts.pin?.lock));
  const { snapshot } = listed;
  const findings = [...lintServer(snapshot), ...lintSurface(snapshot)];
  const report = buildLintReport(snapshot.server, snapshot.tools.length, findings);
  const pin = pinCheckOn(opts.pin, snapshot);
  return { report, findings, pin, ok: report.ok && (pin?.ok ?? true), listed };
}
