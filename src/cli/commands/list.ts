import { ServerSnapshot } from "../../mcp/snapshot.js";
import { deriveEffects } from "../../pin/effects.js";
import { listRows, renderExcluded, renderList } from "../../report/list.js";
import { renderSurfaceList } from "../../report/list-surface.js";
import { COLOR, PLAIN } from "../../report/style.js";
import { listServer } from "../../api/list.js";
import { CLIENT_OPTIONS_HELP, SERVER_OPTIONS_HELP, parseCommand, serverArg, serverOptions } from "../args.js";
import { LIST_OPTIONS } from "../options.js";
import { consoleWidth, useColor, type CliContext } from "../context.js";
import { emitOutputs, type Renderers } from "../output.js";

export const HELP = `Usage: toolscore mcp list SERVER [--json FILE|-] [options]

Lists a server's tools (name, parameter count, capabilities, description), then its prompts,
resource templates and resources when it has them, and, with --json, writes its snapshot (kind
toolscore.mcp-snapshot): all of them exactly as the server sent them.

SERVER is a launch command in quotes ("node server.js"), a URL, a saved snapshot or lock, or
--config PATH [--server NAME].

Options:
  --json FILE|-                 write the snapshot to FILE, or to stdout with -
${SERVER_OPTIONS_HELP}${CLIENT_OPTIONS_HELP}`;

/**
 * The renderers of `mcp list`: the table for people (with the tools a lock leaves out, `excluded`),
 * the snapshot for programs.
 */
export function listRenderers(ctx: CliContext, excluded: readonly string[] = []): Renderers<ServerSnapshot> {
  const style = useColor(ctx) ? COLOR : PLAIN;
  return {
    text: (snapshot) => {
      const rows = listRows(snapshot, (i) => deriveEffects(snapshot.tools[i]!));
      const { columns } = consoleWidth(ctx);
      return (
        renderList(snapshot, rows, style, columns) +
        renderExcluded(excluded, style, columns) +
        renderSurfaceList(snapshot, style, columns)
      );
    },
    // The bytes of ServerSnapshot.serialize, as pieces: a long description is never copied.
    json: (snapshot) => ServerSnapshot.pieces(snapshot),
  };
}

/** `toolscore mcp list`. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommand("mcp list", args, LIST_OPTIONS, 1, ctx.early);
  if (values.help) {
    ctx.stdout(HELP);
    return 0;
  }
  const server = serverArg("mcp list", args, positionals[0], ctx);
  const listed = await listServer(server, serverOptions(values, ctx));
  const excluded = listed.origin === "lock" ? (listed.lock.excluded_tools ?? []) : [];
  await emitOutputs(ctx, listed.snapshot, listRenderers(ctx, excluded), {
    documents: [
      { format: "json", to: values.json, option: "--json", announce: (to) => `Snapshot written to ${to}\n` },
    ],
  });
  return 0;
}
