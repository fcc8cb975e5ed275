import { parseArgs, type ParseArgsConfig } from "node:util";
import { isAbsolute, resolve } from "node:path";
import { ToolscoreError } from "../util/errors.js";
import type { ServerTarget, TargetOptions } from "../mcp/target.js";
import { CLIENT_CAPABILITY_NAMES, type ClientCapabilityName } from "../mcp/client-capabilities.js";
import type { ConnectOptions } from "../mcp/client.js";
import { parseProtocolChoice } from "../mcp/protocol.js";
import type { CliContext } from "./context.js";
import type { EarlyStart } from "./launch-ahead.js";
import { GLOBAL_OPTIONS } from "./options.js";
import type { ServerOptions } from "../api/server.js";
import { referenceSyntaxOf } from "../scan/clients.js";
import { readRegularFile } from "../util/fs-read.js";
import { rememberSecret } from "../mcp/redact.js";
import { credentialsPath } from "../mcp/token-store.js";
import type { PreRegisteredClient } from "../mcp/oauth-provider.js";
import type { SignInUse } from "../mcp/oauth-session.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

export { CLIENT_OPTIONS, SERVER_OPTIONS } from "./options.js";

/** Help lines for {@link SERVER_OPTIONS}, shared by every command's help. */
export const SERVER_OPTIONS_HELP = `  --config PATH --server NAME   take the server from a client config file
  --env KEY=VALUE               set an environment variable for the server (repeatable)
  --cwd DIR                     working directory for the server
  --header "Name: value"        HTTP header for a URL (repeatable)
  --header-file FILE            HTTP headers for a URL from FILE, one "Name: value" a line
  --timeout SECONDS             for start-up and each request (default 30)
  --client-capabilities LIST    declare roots,sampling,elicitation,elicitation.url
                                (default none)
  --protocol VERSION            auto (default: the newest both sides speak) or one MCP version
  --verbose                     show stack traces on errors
`;

/** Help lines for {@link CLIENT_OPTIONS}. */
export const CLIENT_OPTIONS_HELP = `  --client-id ID                a pre-registered OAuth client (with a secret and no sign-in
                                stored: the client-credentials grant, for CI)
  --client-secret-env VAR       read that client's secret from the environment variable VAR
  --client-secret-file FILE     read that client's secret from FILE
`;

/**
 * Parses a command's arguments strictly; an unknown option or a missing value is a usage error
 * that names the command's help.
 */
export function parseCommand<T extends Options>(
  command: string,
  args: string[],
  options: T,
  maxPositionals: number,
  early?: EarlyStart,
) {
  const parse = () =>
    parseArgs({
      args,
      options: { ...GLOBAL_OPTIONS, ...options },
      allowPositionals: true,
      strict: true,
    });
  let parsed: ReturnType<typeof parse>;
  try {
    // Parsed already, with this same table, by the early start: taken as it is.
    parsed = sameLine(early, command, args) ? (early!.parsed as ReturnType<typeof parse>) : parse();
  } catch (e) {
    const msg = (e as Error).message.split("\n")[0]!.replace(/\. To specify a positional.*$/, "");
    throw new ToolscoreError("USAGE", `${msg} (see: toolscore ${command} --help)`);
  }
  if (parsed.positionals.length > maxPositionals) {
    const extra = parsed.positionals[maxPositionals]!;
    throw new ToolscoreError(
      "USAGE",
      `unexpected argument ${JSON.stringify(extra)}: quote a launch command as one argument, e.g. "node server.js" (see: toolscore ${command} --help)`,
    );
  }
  return parsed;
}

/**
 * SERVER as the command passes it on: the launch target the early start made of it when it parsed
 * this same command line (so that SERVER is split once), else the argument as given.
 */
export function serverArg(
  command: string,
  args: readonly string[],
  arg: string | undefined,
  ctx: CliContext,
): string | ServerTarget | undefined {
  const target = ctx.early?.target;
  return target && arg !== undefined && sameLine(ctx.early, command, args) ? target : arg;
}

function sameLine(early: EarlyStart | undefined, command: string, args: readonly string[]): boolean {
  return (
    early !== undefined &&
    early.command === command &&
    early.args.length === args.length &&
    early.args.every((a, i) => a === args[i])
  );
}

/** The target-naming options from parsed values, with paths resolved against the context's cwd. */
export function targetOptions(values: Record<string, unknown>, ctx: CliContext): TargetOptions {
  const abs = (p: string | undefined) => (p === undefined || isAbsolute(p) ? p : resolve(ctx.cwd, p));
  const config = abs(values.config as string | undefined);
  return {
    baseDir: ctx.cwd,
    config,
    ...(config === undefined ? {} : { references: referenceSyntaxOf(config), referenceEnv: ctx.env }),
    server: values.server as string | undefined,
    env: values.env as string[] | undefined,
    cwd: abs(values.cwd as string | undefined),
    headers: [
      ...((values.header as string[] | undefined) ?? []),
      ...headerFile(abs(values["header-file"] as string | undefined)),
    ],
  };
}

// "Name: value" lines; blank lines and lines starting with # are skipped. The file is a secret's
// home, so no error quotes a line of it.
function headerFile(path: string | undefined): string[] {
  if (path === undefined) return [];
  const text = readRegularFile(path, path, "header file", 1024 * 1024).toString("utf8");
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "" && !l.trimStart().startsWith("#"));
  lines.forEach((l, i) => {
    if (l.indexOf(":") <= 0)
      throw new ToolscoreError("USAGE", `--header-file ${path}: line ${i + 1} is not "Name: value"`);
  });
  return lines;
}

/** The pre-registered client of {@link CLIENT_OPTIONS}, with its secret read. */
export function preRegisteredClient(
  values: Record<string, unknown>,
  ctx: CliContext,
): PreRegisteredClient | undefined {
  const clientId = values["client-id"] as string | undefined;
  const env = values["client-secret-env"] as string | undefined;
  const file = values["client-secret-file"] as string | undefined;
  if (clientId === undefined) {
    if (env !== undefined || file !== undefined)
      throw new ToolscoreError("USAGE", "a client secret belongs to a client: add --client-id ID");
    return undefined;
  }
  if (env !== undefined && file !== undefined)
    throw new ToolscoreError(
      "USAGE",
      "give the client secret once: --client-secret-env or --client-secret-file",
    );
  let clientSecret: string | undefined;
  if (env !== undefined) {
    clientSecret = ctx.env[env];
    if (!clientSecret) throw new ToolscoreError("USAGE", `--client-secret-env: ${env} is not set`);
  }
  if (file !== undefined) {
    const p = pathArg(file, ctx);
    clientSecret = readRegularFile(p, file, "secret file", 64 * 1024)
      .toString("utf8")
      .trim();
    if (!clientSecret) throw new ToolscoreError("USAGE", `--client-secret-file: ${file} is empty`);
  }
  rememberSecret(clientSecret);
  return { clientId, ...(clientSecret ? { clientSecret } : {}) };
}

/** Where sign-ins are kept for this context, and the client given, for connecting to a URL. */
export function signInUse(values: Record<string, unknown>, ctx: CliContext): SignInUse | undefined {
  const client = preRegisteredClient(values, ctx);
  try {
    return { store: credentialsPath(ctx.env), ...(client ? { client } : {}) };
  } catch {
    // No home folder: no stored sign-in, though a client secret still signs in.
    return client ? { client } : undefined;
  }
}

// Node's timers hold at most 2^31-1 ms; a longer delay fires after 1 ms, with a warning.
const MAX_TIMEOUT_SECONDS = Math.floor(0x7fffffff / 1000);

/**
 * --timeout, --client-capabilities and --protocol as connect options; with `ctx`, a launched
 * server inherits the context's environment.
 */
export function connectOptions(values: Record<string, unknown>, ctx?: CliContext): ConnectOptions {
  const raw = values.timeout as string | undefined;
  let timeout = 30;
  if (raw !== undefined) {
    timeout = Number(raw);
    if (!Number.isFinite(timeout) || timeout <= 0 || timeout > MAX_TIMEOUT_SECONDS) {
      throw new ToolscoreError(
        "USAGE",
        `--timeout takes a number of seconds above 0 and at most ${MAX_TIMEOUT_SECONDS} (about 24 days), got ${JSON.stringify(raw)}`,
      );
    }
  }
  const signIn = ctx ? signInUse(values, ctx) : undefined;
  return {
    timeout,
    clientCapabilities: parseClientCapabilities(values["client-capabilities"] as string | undefined),
    protocol: parseProtocolChoice(values.protocol as string | undefined),
    ...(ctx ? { baseEnv: ctx.env, baseCwd: ctx.cwd } : {}),
    ...(ctx && signIn ? { signIn } : {}),
    ...(ctx?.early?.launched ? { launched: ctx.early.launched } : {}),
  };
}

// Undefined when the option is not given, so that a pin check can tell "not asked" from "none".
function parseClientCapabilities(raw: string | undefined): ClientCapabilityName[] | undefined {
  if (raw === undefined) return undefined;
  if (raw.trim() === "") return [];
  const names = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const n of names) {
    if (!CLIENT_CAPABILITY_NAMES.includes(n as ClientCapabilityName)) {
      throw new ToolscoreError(
        "USAGE",
        `--client-capabilities takes a list of ${CLIENT_CAPABILITY_NAMES.join(", ")}; got ${JSON.stringify(n)}`,
      );
    }
  }
  // URL-mode elicitation is elicitation too.
  if (names.includes("elicitation.url")) names.push("elicitation");
  return [...new Set(names as ClientCapabilityName[])].sort();
}

/** Resolves a path argument against the context's working directory. */
export function pathArg(p: string, ctx: CliContext): string {
  return p === "-" || isAbsolute(p) ? p : resolve(ctx.cwd, p);
}

/** Checks a value against a fixed set of choices. */
export function choice<T extends string>(
  option: string,
  value: string | undefined,
  choices: readonly T[],
  dflt: T,
): T {
  if (value === undefined) return dflt;
  if (!choices.includes(value as T)) {
    throw new ToolscoreError(
      "USAGE",
      `${option} takes one of ${choices.join(", ")}; got ${JSON.stringify(value)}`,
    );
  }
  return value as T;
}

/** The server options of the API (target and connection) from parsed values. */
export function serverOptions(values: Record<string, unknown>, ctx: CliContext): ServerOptions {
  return {
    target: targetOptions(values, ctx),
    connect: connectOptions(values, ctx),
    onNote: (m) => ctx.stderr(`toolscore: note: ${m}\n`),
  };
}
