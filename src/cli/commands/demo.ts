import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { MCPStdioClient } from "../../mcp/client.js";
import { ServerSnapshot } from "../../mcp/snapshot.js";
import { deriveCapabilities } from "../../pin/capabilities.js";
import { listRows, renderList } from "../../report/list.js";
import { COLOR, PLAIN } from "../../report/style.js";
import { parseCommand } from "../args.js";
import { useColor, type CliContext } from "../context.js";

export const HELP = `Usage: toolscore demo

Runs toolscore end to end on the bundled sample notes server, offline: lists its tools.
`;

/** The launch argv of the bundled sample server (built file beside the CLI bundle). */
export function sampleServerArgv(rugpull = false): string[] {
  const here = dirname(fileURLToPath(import.meta.url));
  // In the bundle this file is a chunk under dist/chunks; from sources it is src/cli/commands.
  const candidates = [
    join(here, "..", "notes-server.js"),
    join(here, "notes-server.js"),
    join(here, "..", "..", "..", "dist", "notes-server.js"),
  ];
  const file = candidates.find((c) => existsSync(c)) ?? candidates[0]!;
  return [process.execPath, file, ...(rugpull ? ["--rugpull"] : [])];
}

/** `toolscore demo`. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseCommand("demo", args, {}, 0);
  if (values.help) {
    ctx.stdout(HELP);
    return 0;
  }
  const style = useColor(ctx) ? COLOR : PLAIN;
  ctx.stdout(
    style.bold("1. The sample notes server's tools\n") + `$ toolscore mcp list "toolscore-notes-server"\n`,
  );
  await using client = await MCPStdioClient.connect(sampleServerArgv(), { timeout: 30 });
  const snapshot = await ServerSnapshot.fromClient(client);
  const rows = listRows(snapshot, (i) => deriveCapabilities(snapshot.tools[i]!));
  ctx.stdout(renderList(snapshot, rows, style, ctx.columns ?? 100));
  return 0;
}
