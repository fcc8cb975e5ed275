// The option tables of the commands, in one small module: each command parses its arguments with
// its own table, and the early start (launch-ahead.ts), loaded before anything else, reads the
// same tables, so that a command line is parsed once and the same way. Nothing here imports more
// than Node's own types.
import type { ParseArgsConfig } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Options every command accepts. */
export const GLOBAL_OPTIONS = {
  verbose: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const satisfies Options;

/** Options every command that talks to a server accepts. */
export const SERVER_OPTIONS = {
  config: { type: "string" },
  server: { type: "string" },
  env: { type: "string", multiple: true },
  cwd: { type: "string" },
  header: { type: "string", multiple: true },
  "header-file": { type: "string" },
  timeout: { type: "string" },
  "client-capabilities": { type: "string" },
  protocol: { type: "string" },
} as const satisfies Options;

/**
 * A pre-registered OAuth client for a URL, for the commands that reach one: the secret comes from
 * an environment variable or a file, never from the command line.
 */
export const CLIENT_OPTIONS = {
  "client-id": { type: "string" },
  "client-secret-env": { type: "string" },
  "client-secret-file": { type: "string" },
} as const satisfies Options;

/** `--sarif FILE|-`. */
export const SARIF_OPTION = { sarif: { type: "string" } } as const satisfies Options;

/** `mcp list`. */
export const LIST_OPTIONS = { ...SERVER_OPTIONS, ...CLIENT_OPTIONS, json: { type: "string" } } as const;

/** `mcp verify-pin`. */
export const VERIFY_PIN_OPTIONS = {
  ...SERVER_OPTIONS,
  ...CLIENT_OPTIONS,
  lock: { type: "string" },
  "fail-on": { type: "string" },
  json: { type: "string" },
  ci: { type: "boolean" },
  ...SARIF_OPTION,
  concurrency: { type: "string" },
} as const;

// The guard declares no client capabilities of its own: the client behind it does.
const { "client-capabilities": _clientDeclares, ...GUARD_SERVER_OPTIONS } = SERVER_OPTIONS;

/** `mcp guard` (its server's command, after `--`, is not parsed). */
export const GUARD_OPTIONS = {
  ...GUARD_SERVER_OPTIONS,
  ...CLIENT_OPTIONS,
  lock: { type: "string" },
  "on-drift": { type: "string" },
  log: { type: "string" },
} as const;

/** The tables of the commands whose server is started early, by command. */
export const EARLY_START_OPTIONS = {
  list: LIST_OPTIONS,
  "verify-pin": VERIFY_PIN_OPTIONS,
  guard: GUARD_OPTIONS,
} as const;
