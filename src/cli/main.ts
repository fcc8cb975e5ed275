import { VERSION } from "../meta.js";
import { ToolscoreError } from "../util/errors.js";
import { escapeLine } from "../util/unicode.js";
import { limitsFrom, setLimits } from "../util/limits.js";
import { forgetSecrets, scrubSecrets } from "../mcp/redact.js";
import type { CliContext } from "./context.js";

// Re-exported so that the bin loads one module before the command.
export { processContext } from "./context.js";
import { EXIT } from "./exit-codes.js";
import { errorLine } from "../report/advice.js";

type Command = { run(args: string[], ctx: CliContext): Promise<number>; HELP: string };

// Each command is loaded only when it runs, so `--version` and `mcp list` stay fast.
const COMMANDS: Record<string, () => Promise<Command>> = {
  "mcp list": () => import("./commands/list.js"),
  "mcp lint": () => import("./commands/lint.js"),
  "mcp test": () => import("./commands/test.js"),
  "mcp pin": () => import("./commands/pin.js"),
  "mcp verify-pin": () => import("./commands/verify-pin.js"),
  "mcp diff": () => import("./commands/diff.js"),
  "mcp scan": () => import("./commands/scan.js"),
  "mcp login": () => import("./commands/login.js"),
  "mcp logout": () => import("./commands/logout.js"),
  "mcp guard": () => import("./commands/guard.js"),
  "mcp guard --install": () => import("./commands/guard-install.js"),
  demo: () => import("./commands/demo.js"),
};

const HELP = `toolscore ${VERSION}: grade, pin and diff MCP servers

Usage: toolscore <command> [options]

Commands:
  mcp list SERVER          list a server's tools; --json writes a snapshot
  mcp lint SERVER          check tool definitions (rule ids, fixes, SARIF)
  mcp test SERVER          call the tools and grade the server A-F
  mcp pin SERVER           write toolscore.lock.json, the approved tool surface
  mcp verify-pin SERVER    fail when the server drifted from its lock
  mcp diff A B             show and classify what changed between two servers
  mcp scan                 find the MCP servers configured on this machine (every client)
  mcp guard SERVER         run in a client's config in place of the server; enforce the lock
  mcp login SERVER         sign in to a server at a URL (OAuth); mcp logout SERVER forgets it
  demo                     all of it, offline, on the bundled sample server
  help [COMMAND]           help for a command
  --version                print the version

SERVER is a launch command in quotes ("node server.js"), a URL, a saved snapshot or lock,
or --config PATH [--server NAME]. Run 'toolscore <command> --help' for its options.

Every command takes --limit NAME=N (repeatable) to raise a bound on what a server may send
(message-mb, listing-mb, depth, diff-lines, ...; see docs/limits.md).

Exit codes: 0 nothing fails, 1 something fails, 2 usage, file or connection error.
`;

const MCP_HELP = `Usage: toolscore mcp <command> [options]

Commands:
${HELP.slice(HELP.indexOf("  mcp list"), HELP.indexOf("  demo")).split("\n").filter(Boolean).join("\n")}

Run 'toolscore mcp <command> --help' (or 'toolscore mcp help <command>') for its options.
`;

// `mcp guard --install` and `--uninstall` edit client configs: a module of their own beside the
// guard, found by those options before the `--` that starts a guarded command.
function isGuardInstall(argv: string[]): boolean {
  if (argv[0] !== "mcp" || argv[1] !== "guard") return false;
  const end = argv.indexOf("--");
  return argv.slice(2, end < 0 ? undefined : end).some((a) => a === "--install" || a === "--uninstall");
}

function findCommand(argv: string[]): { key: string; rest: string[] } | undefined {
  if (isGuardInstall(argv)) return { key: "mcp guard --install", rest: argv.slice(2) };
  if (argv[0] === "mcp" && argv[1] !== undefined && COMMANDS[`mcp ${argv[1]}`]) {
    return { key: `mcp ${argv[1]}`, rest: argv.slice(2) };
  }
  if (argv[0] !== undefined && argv[0] !== "mcp" && COMMANDS[argv[0]])
    return { key: argv[0], rest: argv.slice(1) };
  return undefined;
}

/**
 * Takes every `--limit NAME=N` (or `--limit=NAME=N`) out of `argv`: limits apply to every command,
 * so they are read once here rather than by each command's parser.
 */
function takeLimitArgs(argv: string[]): { rest: string[]; limits: string[] } {
  const rest: string[] = [];
  const limits: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      rest.push(...argv.slice(i));
      break;
    }
    if (a.startsWith("--limit=")) limits.push(a.slice("--limit=".length));
    else if (a === "--limit") {
      const v = argv[++i];
      if (v === undefined) throw new ToolscoreError("USAGE", "--limit takes NAME=N (e.g. message-mb=128)");
      limits.push(v);
    } else rest.push(a);
  }
  return { rest, limits };
}

/**
 * The context one command runs in: one scrubber for everything written, so a secret given to
 * reach a server never reaches output, whether the server echoes it in its stderr, an error, a
 * description or a call result. The secrets of an earlier run are forgotten first.
 */
export function scrubbedContext(given: CliContext): CliContext {
  forgetSecrets();
  return {
    ...given,
    stdout: (t) => given.stdout(scrubSecrets(t)),
    stderr: (t) => given.stderr(scrubSecrets(t)),
  };
}

/** Runs the CLI with `argv` (without node and script) and returns the exit code. */
export async function main(fullArgv: string[], given: CliContext): Promise<number> {
  const verbose = fullArgv.includes("--verbose");
  const ctx = scrubbedContext(given);
  try {
    const { rest: argv, limits } = takeLimitArgs(fullArgv);
    setLimits(limitsFrom(ctx.env, limits));
    if (argv.length === 0 || argv[0] === "--help" || argv[0] === "-h") {
      ctx.stdout(HELP);
      return EXIT.OK;
    }
    if (argv[0] === "--version" || argv[0] === "-v" || argv[0] === "version") {
      ctx.stdout(`${VERSION}\n`);
      return EXIT.OK;
    }
    // `help X`, `mcp help X`, `mcp --help` and `mcp` alone all show help.
    const asked = helpTopic(argv);
    if (asked !== undefined) {
      if (asked.length === 0) ctx.stdout(HELP);
      else if (asked.length === 1 && asked[0] === "mcp") ctx.stdout(MCP_HELP);
      else {
        const found = findCommand(asked);
        if (!found) throw unknown(asked);
        ctx.stdout((await COMMANDS[found.key]!()).HELP);
      }
      return EXIT.OK;
    }
    const found = findCommand(argv);
    if (!found) throw unknown(argv);
    const command = await COMMANDS[found.key]!();
    return await command.run(found.rest, ctx);
  } catch (e) {
    return reportError(e, ctx, verbose);
  }
}

/** What help is asked for (`[]` for the command list, `["mcp"]`, `["mcp", "lint"]`), or undefined. */
function helpTopic(argv: string[]): string[] | undefined {
  if (argv[0] === "help") return argv.slice(1);
  if (argv[0] !== "mcp") return undefined;
  if (argv.length === 1 || (argv.length === 2 && (argv[1] === "--help" || argv[1] === "-h"))) return ["mcp"];
  if (argv[1] === "help") return argv.length === 2 ? ["mcp"] : ["mcp", ...argv.slice(2)];
  return undefined;
}

function unknown(argv: string[]): ToolscoreError {
  const shown = argv[0] === "mcp" ? `mcp ${argv[1] ?? ""}`.trim() : (argv[0] ?? "");
  const hint =
    argv[0] === "mcp"
      ? "run 'toolscore mcp --help' for the list of mcp commands"
      : "run 'toolscore help' for the list of commands";
  return new ToolscoreError("USAGE", `unknown command '${escapeLine(shown)}': ${hint}`);
}

/** One line on stderr (what went wrong, then what to do) and exit 2; the stack only with --verbose. */
export function reportError(e: unknown, ctx: CliContext, verbose: boolean): number {
  if (e instanceof ToolscoreError) {
    ctx.stderr(`toolscore: ${escapeLine(errorLine(e))}\n`);
    if (verbose && e.stack) ctx.stderr(`${e.stack}\n`);
    return EXIT.ERROR;
  }
  const message = e instanceof Error ? e.message : String(e);
  ctx.stderr(
    `toolscore: internal error: ${escapeLine(message)} (run again with --verbose for details, and report it)\n`,
  );
  if (verbose && e instanceof Error && e.stack) ctx.stderr(`${e.stack}\n`);
  return EXIT.ERROR;
}
