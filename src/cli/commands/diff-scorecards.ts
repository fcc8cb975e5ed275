import type { ServerSnapshot } from "../../mcp/snapshot.js";
import type { ServerTarget } from "../../mcp/target.js";
import type { ScorecardSummary } from "../../diff/scorecards.js";
import { connectOptions } from "../args.js";
import type { CliContext } from "../context.js";

/**
 * The snapshot and scorecard of one live side of `mcp diff --test`, from one start of the server,
 * with --probes and --allow-writes as given and the same seed on both sides, so the two runs make
 * the same calls. The snapshot is the tool list the scorecard was made on, taken before any call.
 * The server is always stopped.
 */
export async function scorecardOf(
  target: ServerTarget,
  values: Record<string, unknown>,
  ctx: CliContext,
): Promise<{ snapshot: ServerSnapshot; scorecard: ScorecardSummary }> {
  const { scorecardForTarget } = await import("../../score/for-target.js");
  return scorecardForTarget(target, {
    connect: connectOptions(values, ctx),
    probes: Boolean(values.probes),
    allowWrites: Boolean(values["allow-writes"]),
  });
}
