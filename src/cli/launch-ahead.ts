// `mcp list`, `mcp verify-pin` and `mcp guard` spend most of a run waiting for a small server to
// boot. Their command line is parsed here, with the command's own option table (options.ts), before
// toolscore loads the command's code; when SERVER is a plain launch command, its server is started
// at once, so that the two start side by side. The command is handed the parse, the target and the
// started process (an EarlyStart, passed in its context), and takes them over instead of parsing
// and starting again. Only a plain launch command is started ahead, with no option that changes
// how it is launched: anything else (a URL, a file, --config, --env, --cwd, a header, a client) is
// left to the command, as is every check of the values. This module is loaded before the lean
// core, so it imports only what parsing and launching need.
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { launchTarget } from "../mcp/argv.js";
import type { ServerTarget } from "../mcp/target.js";
import { launchAhead, type Launched } from "../mcp/process.js";
import { EARLY_START_OPTIONS, GLOBAL_OPTIONS } from "./options.js";

export { stopAllProcesses } from "../mcp/process.js";

/** A command line parsed before its command loaded, and the server started for it, if any. */
export interface EarlyStart {
  /** The command (`mcp list`, `mcp verify-pin`, `mcp guard`) and the arguments parsed (before `--`). */
  command: string;
  args: readonly string[];
  /** What the command's own table made of `args`. */
  parsed: { values: Record<string, unknown>; positionals: string[] };
  /** SERVER as a launch target, when it is one and was started. */
  target?: Extract<ServerTarget, { kind: "stdio" }>;
  /** The server started, for the command to take over (or to be stopped when it did not). */
  launched?: Launched;
}

// The options that say nothing about how the server is launched, by command: with any other, the
// command starts the server itself.
const NEUTRAL_OPTIONS: Record<string, readonly string[]> = {
  list: ["json", "timeout", "protocol", "client-capabilities", "verbose"],
  "verify-pin": ["lock", "fail-on", "json", "timeout", "protocol", "verbose"],
  guard: ["lock", "on-drift", "log", "timeout", "verbose"],
};

/**
 * Parses `mcp list SERVER`, `mcp verify-pin SERVER` or `mcp guard --lock FILE -- CMD ARG...`
 * (given `argv` after `mcp`) with the command's table, and starts the server when SERVER is a
 * launch command and nothing else on the line bears on the launch. Nothing is started for a lock
 * that is not there; the guard checks the lock before it reads a byte from the client or the
 * server, and a server the command does not take is stopped (`launched.drop()`).
 */
export function startEarly(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  cwd: string,
): EarlyStart | undefined {
  const name = argv[0] ?? "";
  if (!Object.hasOwn(EARLY_START_OPTIONS, name)) return undefined;
  const dashes = argv.indexOf("--");
  // The guard's server comes after --, taken as it is; the others' is one quoted argument.
  if ((name === "guard") !== dashes >= 0) return undefined;
  const args = argv.slice(1, dashes >= 0 ? dashes : undefined);
  let parsed: EarlyStart["parsed"];
  try {
    parsed = parseArgs({
      args,
      options: { ...GLOBAL_OPTIONS, ...EARLY_START_OPTIONS[name as keyof typeof EARLY_START_OPTIONS] },
      allowPositionals: true,
      strict: true,
    });
  } catch {
    return undefined; // the command reports it
  }
  const early: EarlyStart = { command: `mcp ${name}`, args, parsed };
  const { values, positionals } = parsed;
  if (Object.keys(values).some((k) => !NEUTRAL_OPTIONS[name]!.includes(k))) return early;
  const lock = values.lock as string | undefined;
  if (name === "guard") {
    const command = argv.slice(dashes + 1);
    if (positionals.length > 0 || command.length === 0 || lock === undefined) return early;
    if (!statSync(resolve(cwd, lock), { throwIfNoEntry: false })?.isFile()) return early;
    return { ...early, launched: launchAhead({ argv: command, env: {}, baseEnv: env, cwd }) };
  }
  const server = positionals[0];
  if (positionals.length !== 1 || server === undefined) return early;
  const trimmed = server.trim();
  // A URL, or an argument that may name a saved file, is not launched.
  if (trimmed === "" || /^https?:\/\//i.test(trimmed) || /\.json$/i.test(trimmed)) return early;
  if (statSync(resolve(cwd, server), { throwIfNoEntry: false })) return early;
  // verify-pin without its lock fails before it would speak to the server.
  if (
    name === "verify-pin" &&
    !statSync(resolve(cwd, lock ?? "toolscore.lock.json"), { throwIfNoEntry: false })
  )
    return early;
  let target: EarlyStart["target"];
  try {
    target = launchTarget(server, {}, undefined);
  } catch {
    return early;
  }
  if (target.argv.length === 0) return early;
  return { ...early, target, launched: launchAhead({ argv: target.argv, env: {}, baseEnv: env, cwd }) };
}
