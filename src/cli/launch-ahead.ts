// `mcp list` and `mcp verify-pin` spend most of a run waiting for a small server to boot. Their
// server is started here, before toolscore loads the command's code, so that the two start side by
// side; the command then takes the running process (startProcess matches the launch) instead of
// starting one. Only a plain launch command is started ahead, with no option that changes how it
// is launched or that this module would have to understand: anything else (a URL, a file, --config,
// --env, --cwd, an unknown option) is left to the command, as is every check of the values.
// This module is loaded before the lean core, so it imports only what launching needs.
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { splitCommand } from "../mcp/argv.js";
import { launchAhead } from "../mcp/process.js";

export { dropLaunchedAhead, stopAllProcesses } from "../mcp/process.js";

// Options that take a value and say nothing about the launch, by command.
const VALUE_OPTIONS: Record<string, readonly string[]> = {
  list: ["json", "timeout", "protocol", "client-capabilities"],
  "verify-pin": ["lock", "fail-on", "json", "timeout", "protocol"],
  guard: ["lock", "on-drift", "log", "timeout"],
};

/**
 * Starts the server of `mcp list SERVER`, `mcp verify-pin SERVER` or `mcp guard --lock FILE --
 * CMD ARG...` (given `argv` after `mcp`) when SERVER is a launch command and nothing else on the
 * line bears on the launch; returns whether it did. Nothing is started for a lock that is not
 * there; the guard checks the lock before it reads a byte from the client or the server, and a
 * server it does not take is stopped.
 */
export function launchServerAhead(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  cwd: string,
): boolean {
  const names = VALUE_OPTIONS[argv[0] ?? ""];
  if (!names) return false;
  const dashes = argv.indexOf("--");
  // The guard's server comes after --, taken as it is; the others' is one quoted argument.
  if ((argv[0] === "guard") !== dashes >= 0) return false;
  let positionals: string[];
  let lock: string | undefined;
  try {
    const parsed = parseArgs({
      args: argv.slice(1, dashes >= 0 ? dashes : undefined),
      options: {
        ...Object.fromEntries(names.map((n) => [n, { type: "string" as const }])),
        verbose: { type: "boolean" },
      },
      allowPositionals: true,
      strict: true,
    });
    positionals = parsed.positionals;
    const values: Record<string, unknown> = parsed.values;
    lock = values.lock as string | undefined;
  } catch {
    return false; // the command reports it
  }
  if (argv[0] === "guard") {
    const command = argv.slice(dashes + 1);
    if (positionals.length > 0 || command.length === 0 || lock === undefined) return false;
    if (!statSync(resolve(cwd, lock), { throwIfNoEntry: false })?.isFile()) return false;
    launchAhead({ argv: command, env: {}, baseEnv: env, cwd });
    return true;
  }
  const server = positionals[0];
  if (positionals.length !== 1 || server === undefined) return false;
  const trimmed = server.trim();
  // A URL, or an argument that may name a saved file, is not launched.
  if (trimmed === "" || /^https?:\/\//i.test(trimmed) || /\.json$/i.test(trimmed)) return false;
  if (statSync(resolve(cwd, server), { throwIfNoEntry: false })) return false;
  // verify-pin without its lock fails before it would speak to the server.
  if (
    argv[0] === "verify-pin" &&
    !statSync(resolve(cwd, lock ?? "toolscore.lock.json"), { throwIfNoEntry: false })
  )
    return false;
  let command: string[];
  try {
    command = splitCommand(server);
  } catch {
    return false;
  }
  if (command.length === 0) return false;
  launchAhead({ argv: command, env: {}, baseEnv: env, cwd });
  return true;
}
