import { ToolscoreError } from "../util/errors.js";

/**
 * The server the action checks: a launch command or URL (`server`), or an entry of a client config
 * file (`config`, with `server-name` naming the entry when the file has more than one).
 */
export type ActionServer = { command: string } | { config: string; name?: string };

/** What the action was asked to do, read from its `INPUT_*` environment variables. */
export interface ActionInputs {
  server: ActionServer;
  pinFile?: string;
  pinFailOn: string;
  diffAgainst?: string;
  diffFailOn: string;
  /** Scorecard gate; the scorecard runs when this is set or `scorecard` is true. */
  failUnder?: string;
  scorecard: boolean;
  lint: boolean;
  sarifFile?: string;
  uploadSarif: boolean;
  workingDirectory: string;
  allowWrites: boolean;
}

/**
 * One input as GitHub passes it: `INPUT_` and the name upper-cased, dashes kept
 * (`INPUT_MCP-PIN-FILE`). Some runners turn the dashes into underscores, so that form counts too.
 * Empty means not given.
 */
export function getInput(env: Record<string, string | undefined>, name: string): string | undefined {
  const key = `INPUT_${name.toUpperCase()}`;
  const value = env[key] ?? env[key.replace(/-/g, "_")];
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function getBoolean(env: Record<string, string | undefined>, name: string): boolean {
  const value = getInput(env, name);
  if (value === undefined) return false;
  if (/^(true|yes|on|1)$/i.test(value)) return true;
  if (/^(false|no|off|0)$/i.test(value)) return false;
  throw new ToolscoreError("USAGE", `input ${name} takes true or false, got ${JSON.stringify(value)}`);
}

/** Reads and checks the inputs; a missing server or a malformed switch is a usage error. */
export function readInputs(env: Record<string, string | undefined>): ActionInputs {
  const command = getInput(env, "server");
  const config = getInput(env, "config");
  const serverName = getInput(env, "server-name");
  if (command && config) {
    throw new ToolscoreError(
      "USAGE",
      "inputs server and config both given: name the server by one of them (config with server-name)",
    );
  }
  if (!command && !config) {
    throw new ToolscoreError(
      "USAGE",
      'no server to check: set the input server (a launch command such as "node dist/server.js", or a URL), or config and server-name',
    );
  }
  if (serverName && !config) {
    throw new ToolscoreError("USAGE", "input server-name needs config (a client config file)");
  }
  const server: ActionServer = command ? { command } : { config: config!, name: serverName };
  const inputs: ActionInputs = {
    server,
    pinFile: getInput(env, "mcp-pin-file"),
    pinFailOn: getInput(env, "mcp-pin-fail-on") ?? "drift",
    diffAgainst: getInput(env, "mcp-diff-against"),
    diffFailOn: getInput(env, "mcp-diff-fail-on") ?? "breaking",
    failUnder: getInput(env, "fail-under"),
    scorecard: getBoolean(env, "scorecard"),
    lint: getBoolean(env, "lint"),
    sarifFile: getInput(env, "sarif-file"),
    uploadSarif: getBoolean(env, "upload-sarif"),
    workingDirectory: getInput(env, "working-directory") ?? ".",
    allowWrites: getBoolean(env, "allow-writes"),
  };
  const checks = [inputs.pinFile, inputs.diffAgainst, inputs.failUnder, inputs.scorecard, inputs.lint];
  if (!checks.some(Boolean) && !wantsSarif(inputs)) {
    throw new ToolscoreError(
      "USAGE",
      "nothing to check: set mcp-pin-file, mcp-diff-against, fail-under (or scorecard: true), lint: true or upload-sarif: true",
    );
  }
  return inputs;
}

/** SARIF is written when a file is named or the upload is switched on. */
export function wantsSarif(inputs: Pick<ActionInputs, "sarifFile" | "uploadSarif">): boolean {
  return inputs.sarifFile !== undefined || inputs.uploadSarif;
}
