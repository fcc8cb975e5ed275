import { relative } from "node:path";
import { parseEffectOverrides, type EffectOverrides } from "../../pin/effects.js";
import { lockPieces } from "../../pin/lock-serialize.js";
import { parseToolNames } from "../../pin/subset.js";
import { pin, type PinWarning } from "../../api/pin.js";
import { assertFolderOf, fileHolds, readJsonFile, writePiecesAtomic } from "../../util/fs.js";
import { renderPinSummary } from "../../report/pin-summary.js";
import { COLOR, PLAIN } from "../../report/style.js";
import { ToolscoreError } from "../../util/errors.js";
import { escapeLine } from "../../util/unicode.js";
import {
  CLIENT_OPTIONS,
  CLIENT_OPTIONS_HELP,
  SERVER_OPTIONS,
  parseCommand,
  pathArg,
  serverOptions,
} from "../args.js";
import { useColor, type CliContext } from "../context.js";
import { DEFAULT_LOCKSET, isLockSetFile, pinLockSetCommand, refuseOtherServerLock } from "../lockset.js";
import { emitOutputs } from "../output.js";

export const HELP = `Usage: toolscore mcp pin SERVER [--lock FILE] [--capabilities FILE] [--resources] [--tools NAMES] [options]
       toolscore mcp pin --config FILE [--server NAME] [--lock SET] [--concurrency N] [options]

Pins a server's tool surface in a lock (default toolscore.lock.json): per tool, the SHA-256 of the
canonical JSON of its name, title, description, inputSchema, outputSchema and annotations (and of
each field), the definition itself and its capabilities; its prompts and resource templates the
same way (resources too with --resources); plus the server, the protocol, the hash of the
instructions, the capability overrides and the lock's own hash. Commit it; check it with
toolscore mcp verify-pin. Pinning an unchanged server rewrites the lock byte for byte.

SERVER is a launch command in quotes ("node server.js"), a URL, a saved snapshot, or
--config PATH [--server NAME].

With --config FILE and no --server, every server of the config is pinned into one lock set
(default toolscore.lockset.json, kind toolscore.mcp-lockset): a complete lock per server, with how
it is launched (command and args, or URL; env and header names only). With --server NAME and a
--lock that is a lock set, that one entry is pinned again and the others are kept. A server that
cannot be pinned fails the run and nothing is written.

Options:
  --lock FILE                   where to write the lock (default toolscore.lock.json)
  --capabilities FILE           capability overrides, {"tool_name": ["read"]}, stored in the lock
  --resources                   also pin the resources (uri, name, title, description, mimeType,
                                annotations); recorded in the lock, and verify-pin checks them
  --tools NAME[,NAME...]        approve only these tools: the others the server lists are recorded
                                as excluded_tools, never checked and never served by mcp guard
                                (with a lock set: with --server NAME)
  --config PATH --server NAME   take the server from a client config file
  --env KEY=VALUE               set an environment variable for the server (repeatable)
  --cwd DIR                     working directory for the server
  --header "Name: value"        HTTP header for a URL (repeatable)
  --header-file FILE            HTTP headers for a URL from FILE, one "Name: value" a line
${CLIENT_OPTIONS_HELP}  --timeout SECONDS             for start-up and each request (default 30)
  --client-capabilities LIST    declare roots,sampling,elicitation,elicitation.url (default: every
                                set, each recorded; named: that one only)
  --protocol VERSION            auto (default: the newest both sides speak) or one MCP version
  --concurrency N               with a lock set: servers started at once (default 4)
  --verbose                     show stack traces on errors
`;

function warningLine(w: PinWarning): string {
  return w.kind === "override-unknown"
    ? `toolscore: warning: --capabilities names '${escapeLine(w.tool)}', which the server does not have\n`
    : `toolscore: warning: the server lists ${w.count} tools named '${escapeLine(w.tool)}': verification fails until each name is listed once\n`;
}

/** `toolscore mcp pin`. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommand(
    "mcp pin",
    args,
    {
      ...SERVER_OPTIONS,
      ...CLIENT_OPTIONS,
      lock: { type: "string" },
      capabilities: { type: "string" },
      resources: { type: "boolean" },
      tools: { type: "string" },
      concurrency: { type: "string" },
    },
    1,
  );
  if (values.help) {
    ctx.stdout(HELP);
    return 0;
  }
  const toSet =
    values.config !== undefined &&
    positionals[0] === undefined &&
    (values.server === undefined || (values.lock !== undefined && isLockSetFile(pathArg(values.lock, ctx))));
  const lockArg = values.lock ?? (toSet ? DEFAULT_LOCKSET : "toolscore.lock.json");
  if (lockArg === "-") throw new ToolscoreError("USAGE", "--lock names a file; '-' is not one");
  const lockPath = pathArg(lockArg, ctx);
  // A lock that could not be written fails before the server is started, as a bad overrides
  // file does.
  assertFolderOf(lockPath);
  // Read the overrides before starting the server, so a bad file fails fast.
  const overrides: EffectOverrides =
    values.capabilities === undefined
      ? {}
      : parseEffectOverrides(
          readJsonFile(pathArg(values.capabilities, ctx), "capability override file"),
          values.capabilities,
        );
  const tools = values.tools === undefined ? undefined : parseToolNames(values.tools);
  if (toSet) return pinLockSetCommand({ ...values, lock: lockArg }, ctx, overrides, tools);
  const { lock, warnings } = await pin(positionals[0], {
    ...serverOptions(values, ctx),
    overrides,
    resources: values.resources === true,
    tools,
  });
  for (const w of warnings) ctx.stderr(warningLine(w));
  if (values.config !== undefined && values.server !== undefined)
    refuseOtherServerLock(lockPath, lockArg, lock, values.server);
  // The file text is made once: compared with the lock there, and written when it differs.
  const pieces = lockPieces(lock);
  const unchanged = fileHolds(lockPath, pieces);
  if (!unchanged) writePiecesAtomic(lockPath, pieces);
  const shown = relative(ctx.cwd, lockPath) || lockPath;
  const style = useColor(ctx) ? COLOR : PLAIN;
  const file = shown.startsWith("..") ? lockPath : shown;
  await emitOutputs(
    ctx,
    lock,
    { text: (l) => renderPinSummary(l, file, unchanged, style) },
    { documents: [] },
  );
  return 0;
}
