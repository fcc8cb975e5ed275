import type { ServerSnapshot } from "../../mcp/snapshot.js";
import type { ServerTarget } from "../../mcp/target.js";
import type { ScorecardSummary } from "../../diff/scorecards.js";
import { ToolscoreError } from "../../util/errors.js";
import type { CliContext } from "../context.js";

/**
 * `mcp diff --test` for one live side: its snapshot and its scorecard (with --probes and
 * --allow-writes as given), the server always stopped at the end.
 */
export async function scorecardSeam(
  target: ServerTarget,
  values: Record<string, unknown>,
  ctx: CliContext,
): Promise<{ snapshot: ServerSnapshot; scorecard: ScorecardSummary }> {
  void target;
  void values;
  void ctx;
  throw new ToolscoreError("USAGE", "mcp diff --test needs the scorecard, which this build does not have");
}
