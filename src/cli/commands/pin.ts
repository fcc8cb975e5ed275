import { ToolscoreError } from "../../util/errors.js";
import type { CliContext } from "../context.js";

export const HELP = "Usage: toolscore mcp pin (not available yet)\n";

/** `toolscore mcp pin`: not built yet. */
export async function run(_args: string[], _ctx: CliContext): Promise<number> {
  throw new ToolscoreError("USAGE", "toolscore mcp pin is not available in this build");
}
