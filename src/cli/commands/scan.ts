import { homedir } from "node:os";
import { isAbsolute, relative, sep } from "node:path";
import { scan } from "../../api/scan.js";
import { renderScan, renderScanJson } from "../../report/scan.js";
import { COLOR, PLAIN } from "../../report/style.js";
import { baseDir, type Platform, type ScanPlaces } from "../../scan/clients.js";
import { scanHasProblems } from "../../scan/scan.js";
import { parseCommand, pathArg, serverOptions } from "../args.js";
import { textColumns, useColor, type CliContext } from "../context.js";
import { EXIT } from "../exit-codes.js";
import { emitOutputs, stdoutCarriesDocument, type OutputRequest } from "../output.js";
import { parseConcurrency } from "../concurrency.js";

export const HELP = `Usage: toolscore mcp scan [--json FILE|-] [--project DIR] [--list [--concurrency N]] [options]

Finds the MCP servers configured on this machine: the user-wide configs of Claude Desktop, Claude
Code, Cursor, Windsurf, VS Code, Gemini CLI, Codex, Cline, Kiro, Amazon Q and opencode (under HOME,
XDG_CONFIG_HOME, APPDATA, CLAUDE_CONFIG_DIR and CODEX_HOME as each client reads them), and the
project configs in --project. One row per server: client, scope, name, transport, whether it runs
through toolscore mcp guard, the command or URL (credentials and secret arguments hidden), the
file, and the names of its env variables, headers and \${...} references (never their values);
for a URL entry, whether a sign-in of toolscore mcp login is stored for it (never a token).
Claude Code's per-project entries in ~/.claude.json are rows of scope project "for DIR" (pin,
verify-pin and mcp guard name them DIR:NAME).
A config file that cannot be read is a row saying why: only regular files of at most 64 MB are
read (a link to a device, a FIFO or a link loop is skipped with a row). Nothing is started unless
--list is given.

Options:
  --json FILE|-                 write the scan as JSON (kind toolscore.mcp-scan)
  --project DIR                 the project folder to look in (default: the current folder)
  --list                        also start (or reach) each server and list its tools, in parallel
  --concurrency N               with --list: servers listed at once (default 4)
  --timeout SECONDS             with --list: for start-up and each request (default 30)
  --verbose                     show stack traces on errors

Exit codes: 0 every file read (and with --list every server listed), 1 a file, entry or server
could not be read or listed, 2 usage error.
`;

/** `toolscore mcp scan`. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseCommand(
    "mcp scan",
    args,
    {
      json: { type: "string" },
      project: { type: "string" },
      list: { type: "boolean" },
      concurrency: { type: "string" },
      timeout: { type: "string" },
    },
    0,
  );
  if (values.help) {
    ctx.stdout(HELP);
    return EXIT.OK;
  }
  const concurrency = parseConcurrency(values.concurrency, 4);
  const places: ScanPlaces = {
    env: ctx.env,
    platform: (["darwin", "win32"].includes(process.platform) ? process.platform : "linux") as Platform,
    project: pathArg(values.project ?? ".", ctx),
    fallbackHome: homedir(),
  };
  const result = await scan({
    ...places,
    list: values.list === true,
    concurrency,
    ...(({ connect, onNote }) => ({ connect, onNote }))(serverOptions(values, ctx)),
  });

  const request: OutputRequest = { documents: [{ format: "json", to: values.json, option: "--json" }] };
  const style = useColor(ctx) && !stdoutCarriesDocument(request) ? COLOR : PLAIN;
  const show = showPath(baseDir("home", places), places.project);
  await emitOutputs(
    ctx,
    result,
    { text: (r) => renderScan(r, show, style, textColumns(ctx)), json: renderScanJson },
    request,
  );
  return scanHasProblems(result) ? EXIT.FAIL : EXIT.OK;
}

/** Paths as a person reads them: relative inside the project folder, `~/…` inside the home folder. */
function showPath(home: string, project: string) {
  const inside = (dir: string, p: string) => {
    const rel = relative(dir, p);
    return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : undefined;
  };
  return (p: string) =>
    inside(project, p) ?? (inside(home, p) !== undefined ? `~${sep}${inside(home, p)!}` : p);
}
