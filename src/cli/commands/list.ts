import { ServerSnapshot } from "../../mcp/snapshot.js";
import { deriveEffects } from "../../pin/effects.js";
import { listRows, renderList } from "../../report/list.js";
import { renderSurfaceList } from "../../report/list-surface.js";
import { COLOR, PLAIN } from "../../report/style.js";
import { SERVER_OPTIONS, SERVER_OPTIONS_HELP, parseCommand, pathArg } from "../args.js";
import { useColor, type CliContext } from "../context.js";
import { obtainSnapshot } from "../source.js";

export const HELP = `Usage: toolscore mcp list SERVER [--json FILE|-] [options]

Lists a server's tools (name, parameter count, capabilities, description), then its prompts,
resource templates and resources when it has them, and, with --json, writes its snapshot (kind
toolscore.mcp-snapshot): all of them exactly as the server sent them.

SERVER is a launch command in quotes ("node server.js"), a URL, a saved snapshot or lock, or
--config PATH [--server NAME].

Options:
  --json FILE|-                 write the snapshot to FILE, or to stdout with -
${SERVER_OPTIONS_HELP}`;

/** `toolscore mcp list`. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommand(
    "mcp list",
    args,
    { ...SERVER_OPTIONS, json: { type: "string" } },
    1,
  );
  if (values.help) {
    ctx.stdout(HELP);
    return 0;
  }
  const { snapshot } = await obtainSnapshot(positionals[0], values, ctx);
  const json = values.json;
  if (json === "-") {
    ctx.stdout(ServerSnapshot.serialize(snapshot));
    return 0;
  }
  if (json !== undefined) ServerSnapshot.write(pathArg(json, ctx), snapshot);
  const rows = listRows(snapshot, (i) => deriveEffects(snapshot.tools[i]!));
  const style = useColor(ctx) ? COLOR : PLAIN;
  ctx.stdout(renderList(snapshot, rows, style, ctx.columns ?? 100));
  ctx.stdout(renderSurfaceList(snapshot, style, ctx.columns ?? 100));
  if (json !== undefined) ctx.stderr(`Snapshot written to ${json}\n`);
  return 0;
}
