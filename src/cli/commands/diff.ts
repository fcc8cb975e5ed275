import { ToolscoreError } from "../../util/errors.js";
import type { CliContext } from "../context.js";

export const HELP = "Usage: toolscore mcp diff (not available yet)\n";

/** `toolscore mcp diff`: not built yet. */
export async function run(_args: string[], _ctx: CliContext): Promise<number> {
  throw new ToolscoreError("USAGE", "toolscore mcp diff is not available in this build");
}
