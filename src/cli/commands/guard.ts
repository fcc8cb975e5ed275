import { appendFileSync } from "node:fs";
import { createEventLog } from "../../guard/events.js";
import { DRIFT_MODES, readGuardLock, startGuard } from "../../guard/start.js";
import { ChildUpstream, HttpUpstream, type Upstream } from "../../guard/upstream.js";
import type { ServerTarget } from "../../mcp/target.js";
import { resolveLaunchPackage } from "../../mcp/launch-package.js";
import { redactUrl } from "../../mcp/redact.js";
import type { Lock } from "../../pin/lock.js";
import { ToolscoreError } from "../../util/errors.js";
import { choice, connectOptions, parseCommand, pathArg, SERVER_OPTIONS, targetOptions } from "../args.js";
import type { CliContext } from "../context.js";
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
  --timeout SECONDS             for each of the guard's own list requests (default 30)
  --verbose                     show stack traces on errors

Exit codes: the server's own when it exits; 0 when the client closes; 2 for a usage or lock error,
or when the guard ends the session (a message past message-mb, a server at a URL gone).
`;

const { "client-capabilities": _clientDeclares, ...GUARD_SERVER_OPTIONS } = SERVER_OPTIONS;

/** `toolscore mcp guard`. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const dashes = args.indexOf("--");
  const command = dashes >= 0 ? args.slice(dashes + 1) : undefined;
  const { values, positionals } = parseCommand(
    "mcp guard",
    dashes >= 0 ? args.slice(0, dashes) : args,
    {
      ...GUARD_SERVER_OPTIONS,
      lock: { type: "string" },
      "on-drift": { type: "string" },
      log: { type: "string" },
    },
    1,
  );
  if (values.help) {
    ctx.stdout(HELP);
    return 0;
  }
  const onDrift = choice("--on-drift", values["on-drift"], DRIFT_MODES, "hide");
  const timeoutMs = (connectOptions(values).timeout ?? 30) * 1000;
  const target = await guardTarget(positionals[0], command, values, ctx);
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
  return startGuard({
    lock,
    onDrift,
    log,
    review: reviewCommand(target, values),
    timeoutMs,
    upstream: upstreamFor(target, ctx),
    launchPackage: () => packageOf(target, ctx),
    input: process.stdin,
    output: process.stdout,
  });
}

// Config files and launch strings are parsed by modules loaded only for them: a guard started with
// `-- CMD ARG...`, as clients' entries start it, goes without.
async function guardTarget(
  arg: string | undefined,
  command: string[] | undefined,
  values: Record<string, unknown>,
  ctx: CliContext,
): Promise<Extract<ServerTarget, { kind: "stdio" | "http" }>> {
  if (command !== undefined) {
    if (command.length === 0) throw new ToolscoreError("USAGE", "name the server's command after --");
    if (arg !== undefined || values.config !== undefined)
      throw new ToolscoreError(
        "USAGE",
        "give the server either as SERVER, --config or after --, not two of them",
      );
    const opts = targetOptions(values, ctx);
    return {
      kind: "stdio",
      argv: command,
      env: opts.env?.length ? (await import("../../mcp/target.js")).parseEnv(opts.env) : {},
      cwd: opts.cwd,
      label: command.map(shellQuote).join(" "),
    };
  }
  const { resolveTarget } = await import("../../mcp/target.js");
  // Without --config, --server names the entry of a lock set, not an entry of a config.
  const opts = targetOptions(values, ctx);
  const target = resolveTarget(arg, values.config === undefined ? { ...opts, server: undefined } : opts);
  if (target.kind === "file") {
    throw new ToolscoreError(
      "USAGE",
      `the guard needs a live server (a launch command or a URL), not the file ${target.path}`,
    );
  }
  return target;
}

// What the server runs, read once it is up (npx has installed it by then).
function packageOf(target: Extract<ServerTarget, { kind: "stdio" | "http" }>, ctx: CliContext) {
  if (target.kind !== "stdio") return null;
  const launch = { argv: target.argv, env: target.env, baseEnv: ctx.env, cwd: target.cwd ?? ctx.cwd };
  return resolveLaunchPackage(launch) ?? null;
}

function upstreamFor(target: Extract<ServerTarget, { kind: "stdio" | "http" }>, ctx: CliContext): Upstream {
  if (target.kind === "stdio") {
    // The server inherits the guard's environment, as with the other commands.
    return new ChildUpstream(
      { argv: target.argv, env: target.env, baseEnv: ctx.env, cwd: target.cwd ?? ctx.cwd },
      ctx.stderr,
    );
  }
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw new ToolscoreError("USAGE", `not a valid URL: ${redactUrl(target.url)}`);
  }
  const headers = { ...target.headers };
  // fetch refuses credentials in a URL: they go as Basic auth, as for the other commands.
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const pass = decodeURIComponent(url.password);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === "authorization"))
      headers.Authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;
    url.username = "";
    url.password = "";
  }
  return new HttpUpstream(url, headers, target.preferSse);
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
function reviewCommand(
  target: Extract<ServerTarget, { kind: "stdio" | "http" }>,
  values: Record<string, unknown>,
): string {
  // The guard does not know the client config that launches it: an entry of a lock set is checked
  // against the server's own command, which verify-pin takes with --server NAME.
  const entry = values.config === undefined && values.server !== undefined;
  const server =
    values.config !== undefined
      ? `--config ${shellQuote(values.config as string)} --server ${shellQuote(target.label)}`
      : shellQuote(target.label);
  const lock = `--lock ${shellQuote(values.lock as string)}`;
  return `toolscore mcp verify-pin ${server} ${lock}${entry ? ` --server ${shellQuote(values.server as string)}` : ""}`;
}

function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
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
