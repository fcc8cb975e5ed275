import type { ServerTarget } from "../../mcp/target.js";
import type { ScorecardSummary } from "../../diff/scorecards.js";
import { connectOptions } from "../args.js";
import type { CliContext } from "../context.js";

/**
 * The scorecard of one live side of `mcp diff --test`, with --probes and --allow-writes as given
 * and the same seed on both sides, so the two runs make the same calls. The scorecard starts the
 * server on its own and always stops it.
 */
export async function scorecardOf(
  target: ServerTarget,
  values: Record<string, unknown>,
  ctx: CliContext,
): Promise<ScorecardSummary> {
  const { scorecardForTarget } = await import("../../score/for-target.js");
  return scorecardForTarget(target, {
    connect: connectOptions(values, ctx),
    probes: Boolean(values.probes),
    allowWrites: Boolean(values["allow-writes"]),
  });
}
