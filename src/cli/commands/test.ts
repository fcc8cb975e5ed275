import { ToolscoreError } from "../../util/errors.js";
import type { CliContext } from "../context.js";

export const HELP = "Usage: toolscore mcp test (not available yet)\n";

/** `toolscore mcp test`: not built yet. */
export async function run(_args: string[], _ctx: CliContext): Promise<number> {
  throw new ToolscoreError("USAGE", "toolscore mcp test is not available in this build");
}
