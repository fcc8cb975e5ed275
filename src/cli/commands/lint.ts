import { ToolscoreError } from "../../util/errors.js";
import type { CliContext } from "../context.js";

export const HELP = "Usage: toolscore mcp lint (not available yet)\n";

/** `toolscore mcp lint`: not built yet. */
export async function run(_args: string[], _ctx: CliContext): Promise<number> {
  throw new ToolscoreError("USAGE", "toolscore mcp lint is not available in this build");
}
