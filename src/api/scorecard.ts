// The scorecard of a live server: the one part of grading that connects, kept here so that
// src/score/ works on data and a narrow "call this tool" function only.
import type { ConnectOptions, MCPClient } from "../mcp/client.js";
import { RestartableCaller } from "../mcp/restartable.js";
import { ServerSnapshot } from "../mcp/snapshot.js";
import type { ServerTarget } from "../mcp/target.js";
import type { ScorecardOptions } from "../score/run.js";
import type { Scorecard } from "../score/types.js";
import { openServer, requireLive } from "./open.js";

export type { Scorecard } from "../score/types.js";

/** Options of {@link scorecardForTarget}: the scorecard's own, plus how to connect. */
export interface TargetScorecardOptions extends ScorecardOptions {
  /** --timeout and --client-capabilities; `timeout` also bounds each call unless `timeoutMs` is set. */
  connect?: ConnectOptions;
  /** Restarts allowed after crashes (default 10). */
  maxRestarts?: number;
}

/** What {@link scorecardForTarget} gives: the scorecard and the snapshot it was made on. */
export interface TargetScorecard {
  scorecard: Scorecard;
  /** The tool list the scorecard was made on, taken before any call (for a pin check on the same run). */
  snapshot: ServerSnapshot;
}

/**
 * The scorecard of a live server (a launch command or a URL): connects, lists its tools, runs
 * {@link runScorecard} through a caller that restarts a crashed server, and always stops the server,
 * whatever happens. A file target is a usage error. Connection errors are `ToolscoreError`s.
 *
 * ```ts
 * const { scorecard } = await scorecardForTarget(resolveTarget("node server.js"), { probes: true });
 * scorecard.grade; // "B"
 * ```
 */
export async function scorecardForTarget(
  target: ServerTarget,
  opts: TargetScorecardOptions = {},
): Promise<TargetScorecard> {
  const server = { kind: "target" as const, target };
  requireLive(server, "mcp test");
  const connect = opts.connect ?? {};
  return scorecardForConnection(() => openServer(server, { connect }), opts);
}

/**
 * {@link scorecardForTarget} for a server reached by `open` (called again to restart it after a
 * crash): a target's launch, or a transport the caller supplies.
 */
export async function scorecardForConnection(
  open: () => Promise<MCPClient>,
  opts: TargetScorecardOptions = {},
): Promise<TargetScorecard> {
  const connect = opts.connect ?? {};
  const starting = RestartableCaller.start(open, {
    maxRestarts: opts.maxRestarts,
  });
  // The grading code (ajv, the generator, lint) loads and warms up while the server starts: the
  // start is most of a run on a small server, and it is spent waiting on another process.
  const grading = import("../score/run.js").then((m) => (m.warmUp(), m));
  grading.catch(() => undefined);
  const caller = await starting;
  try {
    const { runScorecard } = await grading;
    const snapshot = await ServerSnapshot.fromClient(caller.client);
    const card = await runScorecard(
      { snapshot, call: caller.call, paramHeaders: caller.client.mirrorsParamHeaders },
      { ...opts, timeoutMs: opts.timeoutMs ?? (connect.timeout ?? 30) * 1000 },
    );
    return { scorecard: { ...card, restarts: caller.restarts }, snapshot };
  } finally {
    await caller.close();
  }
}
