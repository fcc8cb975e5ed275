import type { ServerSnapshot } from "../mcp/snapshot.js";
import type { PinReport } from "../pin/verify.js";
import { scorecardForConnection, type TargetScorecardOptions } from "./scorecard.js";
import type { Scorecard } from "../score/types.js";
import { pinCheckOn, withLockCapabilities, type PinCheckOption } from "./pin-option.js";
import { openServer, requireLive } from "./open.js";
import { resolveServer, type ServerInput, type ServerOptions } from "./server.js";

/** Options of {@link test}: the scorecard's (cases, seed, allowWrites, probes, …) and the server's. */
export interface TestOptions extends ServerOptions, Omit<TargetScorecardOptions, "connect" | "timeoutMs"> {
  /** Also check the server against a lock, on the tool list the scorecard was made on (`--pin LOCK`). */
  pin?: PinCheckOption;
}

/** What {@link test} returns. */
export interface TestResult {
  /** The scorecard as facts (`renderScorecardJson` makes the `mcp test --report json` document). */
  scorecard: Scorecard;
  /** The listing the scorecard was made on, taken before any call. */
  snapshot: ServerSnapshot;
  /** The pin check, with `pin`. */
  pin?: PinReport;
}

/**
 * `toolscore mcp test`: calls a live server's tools and grades it A-F. Safe by default: tools that
 * may write are not called unless `allowWrites`. The server is always stopped (a transport's is
 * closed); after a crash it is started again (a transport given as a function is made again).
 *
 * ```ts
 * const { scorecard } = await test("node server.js", { probes: true });
 * ```
 */
export async function test(server: ServerInput | undefined, opts: TestOptions = {}): Promise<TestResult> {
  const resolved = resolveServer(server, opts);
  requireLive(resolved, "mcp test");
  const withCaps = withLockCapabilities(opts, opts.pin?.lock);
  const connect = withCaps.connect ?? {};
  // A transport object can be started once: without a factory, a crash is not restarted.
  const once = resolved.kind === "transport" && typeof resolved.server.transport !== "function";
  const { scorecard, snapshot } = await scorecardForConnection(() => openServer(resolved, { connect }), {
    ...opts,
    connect,
    ...(once ? { maxRestarts: 0 } : {}),
  });
  return { scorecard, snapshot, pin: pinCheckOn(opts.pin, snapshot) };
}
