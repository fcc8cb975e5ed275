import { appendFileSync } from "node:fs";
import { createStdioGuard, guardServer, type GuardedServer } from "../../api/guard.js";
import { createEventLog } from "../../guard/events.js";
import { DRIFT_MODES, readGuardLock } from "../../guard/start.js";
import type { Lock } from "../../pin/lock.js";
import { ToolscoreError } from "../../util/errors.js";
import { shellWord } from "../../mcp/argv.js";
import {
  CLIENT_OPTIONS_HELP,
  choice,
  connectOptions,
  parseCommand,
  pathArg,
  targetOptions,
} from "../args.js";
import { GUARD_OPTIONS } from "../options.js";
import type { CliContext } from "../context.js";
import type { SignInUse } from "../../mcp/oauth-session.js";
import { isLockSetFile } from "../../pin/lock-file.js";

export const HELP = `Usage: toolscore mcp guard SERVER --lock FILE [--on-drift hide|block|warn] [--log FILE] [options]
       toolscore mcp guard --lock FILE [options] -- CMD ARG...
       toolscore mcp guard --lock SET --server NAME [options] -- CMD ARG...

Runs in place of a server in an MCP client's config and enforces the lock at run time, with the
checks and rule ids of mcp verify-pin. It launches (or reaches) the server, lists it and checks
it before the client's handshake is answered, checks every list the client receives item by item,
and refuses calls to tools that are not in the lock or that drifted. Everything else passes
unchanged. After --, the server's command and arguments are taken as they are (no splitting).

SERVER is a launch command in quotes ("node server.js"), a URL, or --config PATH [--server NAME].
With a lock set (mcp pin --config FILE) as --lock, the guard enforces the entry --server NAME.

Options:
  --lock FILE                   the lock to enforce (required); under a missing, malformed or
                                hand-edited lock nothing is forwarded and the guard exits 2
  --server NAME                 with a lock set as --lock: the entry to enforce
  --on-drift MODE               hide (default): withhold drifted tools and changed instructions;
                                block: refuse every list and call once anything drifted;
                                warn: let everything through and log it
  --log FILE                    append each decision as a JSON line (never header or env values)
  --config PATH --server NAME   take the server from a client config file
  --env KEY=VALUE               set an environment variable for the server (repeatable)
  --cwd DIR                     working directory for the server
  --header "Name: value"        HTTP header for a URL (repeatable)
  --header-file FILE            HTTP headers for a URL from FILE, one "Name: value" a line
  --timeout SECONDS             for each of the guard's own list requests, and to finish a
                                sign-in (default 30)
${CLIENT_OPTIONS_HELP}  --verbose                     show stack traces on errors

A server at a URL gets the sign-in stored by toolscore mcp login (refreshed when it expires)
unless an Authorization header is given. With none stored, where a browser can be opened (BROWSER,
or a display) the guard signs in itself within --timeout; otherwise the client's handshake is
answered with an error naming toolscore mcp login URL, and the guard exits 2.

Exit codes: the server's own when it exits; 0 when the client closes; 2 for a usage or lock error,
or when the guard ends the session (a message past message-mb, a server at a URL that could not be
reached, ended the session or refused the guard's credentials).
`;

/** `toolscore mcp guard`. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const dashes = args.indexOf("--");
  const command = dashes >= 0 ? args.slice(dashes + 1) : undefined;
  const { values, positionals } = parseCommand(
    "mcp guard",
    dashes >= 0 ? args.slice(0, dashes) : args,
    GUARD_OPTIONS,
    1,
    ctx.early,
  );
  if (values.help) {
    ctx.stdout(HELP);
    return 0;
  }
  const onDrift = choice("--on-drift", values["on-drift"], DRIFT_MODES, "hide");
  const connect = connectOptions(values, ctx);
  const timeoutMs = (connect.timeout ?? 30) * 1000;
  // Without --config, --server names the entry of a lock set, not an entry of a config.
  const opts = targetOptions(values, ctx);
  const server = await guardServer(positionals[0], command, {
    target: values.config === undefined && command === undefined ? { ...opts, server: undefined } : opts,
  });
  const target = server.target;
  if (target.kind === "http" && connect.signIn?.store !== undefined)
    connect.signIn = await signInHere(connect.signIn.store, connect.signIn, target.label, timeoutMs, ctx);
  if (values.lock === undefined) {
    throw new ToolscoreError(
      "USAGE",
      "name the lock to enforce with --lock FILE (an absolute path: clients start servers in a folder of their own)",
    );
  }
  const logFile = values.log === undefined ? undefined : pathArg(values.log, ctx);
  if (logFile !== undefined) openLog(logFile, values.log!);
  const append = logFile === undefined ? undefined : appendTo(logFile);
  const log = createEventLog({ append, server: target.label, stderr: ctx.stderr });
  let lock: Lock;
  try {
    lock = await readEnforcedLock(values.lock, values.server, values.config, ctx);
  } catch (e) {
    // Fail closed: nothing is forwarded, a server started ahead is stopped (see launch-ahead.ts);
    // the error's one line goes to stderr.
    const reason = e instanceof ToolscoreError ? e.message : String(e);
    createEventLog({ append, server: target.label, stderr: () => {} })({
      event: "lock-invalid",
      reason,
    });
    throw e;
  }
  const guard = await createStdioGuard({
    server,
    connect,
    lock,
    onDrift,
    log,
    review: reviewCommand(target, values),
    timeoutMs,
    stderr: ctx.stderr,
  });
  return guard.serve(process.stdin, process.stdout);
}

/**
 * A server at a URL that needs a sign-in none is stored for: where a browser can be opened (BROWSER,
 * or a display, the rule mcp login follows; the person is at the client that launched the guard),
 * the guard signs in as mcp login does, within --timeout, the URL to open on stderr. Otherwise the
 * client's request is answered with the line naming toolscore mcp login.
 */
async function signInHere(
  store: string,
  use: SignInUse,
  label: string,
  timeoutMs: number,
  ctx: CliContext,
): Promise<SignInUse> {
  const { canOpenBrowser, signIn } = await import("../../mcp/login.js");
  if (!canOpenBrowser(ctx.env, true)) return use;
  return {
    ...use,
    signInNow: async (url) => {
      await signIn(url, {
        store,
        ...(use.client ? { client: use.client } : {}),
        timeoutMs,
        openBrowser: true,
        env: ctx.env,
        onAuthorizationUrl: (at) =>
          ctx.stderr(`toolscore guard: open this URL to sign in to ${label}:\n  ${at}\n`),
      });
    },
  };
}

// A log line that cannot be written must not stop the relay; the stderr line still goes out.
function appendTo(path: string): (line: string) => void {
  return (line) => {
    try {
      appendFileSync(path, line);
    } catch {
      // see above
    }
  };
}

function openLog(path: string, shown: string): void {
  try {
    appendFileSync(path, "");
  } catch (e) {
    throw new ToolscoreError(
      "FILE_WRITE",
      `cannot write the log ${shown}: ${(e as NodeJS.ErrnoException).code ?? "error"} (check that its folder exists)`,
    );
  }
}

/** The command that reviews the drift, as a refusal names it. */
function reviewCommand(target: GuardedServer["target"], values: Record<string, unknown>): string {
  // The guard does not know the client config that launches it: an entry of a lock set is checked
  // against the server's own command, which verify-pin takes with --server NAME.
  const entry = values.config === undefined && values.server !== undefined;
  const server =
    values.config !== undefined
      ? `--config ${shellWord(values.config as string)} --server ${shellWord(target.label)}`
      : shellWord(target.label);
  const lock = `--lock ${shellWord(values.lock as string)}`;
  return `toolscore mcp verify-pin ${server} ${lock}${entry ? ` --server ${shellWord(values.server as string)}` : ""}`;
}

/**
 * The lock the guard enforces. One server's lock is read on the lean path; a lock set, or --server
 * without --config (which names an entry of a set), goes through the lock set reader, which fails
 * closed on a set without the entry or edited by hand.
 */
async function readEnforcedLock(
  lockArg: string,
  server: string | undefined,
  config: string | undefined,
  ctx: CliContext,
): Promise<Lock> {
  const path = pathArg(lockArg, ctx);
  if (!isLockSetFile(path) && (server === undefined || config !== undefined))
    return readGuardLock(path, lockArg);
  const sets = await import("../lockset.js");
  const lock = sets.readGuardLock(lockArg, server, ctx, config);
  const { assertLockIntact } = await import("../../guard/transport.js");
  assertLockIntact(lock, lockArg);
  return lock;
}
