import { dirname, resolve } from "node:path";
import { ToolscoreError } from "../util/errors.js";
import { isObject } from "../util/json.js";
import { readConfigServers } from "./config-file.js";

/** One server entry of a client config file, normalised. */
export type ConfigEntry =
  | { transport: "stdio"; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { transport: "http" | "sse"; url: string; headers: Record<string, string> };

/**
 * Reads one server entry from a client config: Claude Desktop, Claude Code, Cursor, Windsurf,
 * Gemini CLI, Cline, Kiro, Amazon Q (`mcpServers`), VS Code (`servers`, also under `mcp` in a
 * settings file), opencode (`mcp`) or Codex (TOML `[mcp_servers.NAME]`), read as the client reads
 * it (JSONC, TOML). Without `name`, the file must hold exactly one server. A relative `cwd`
 * resolves against the config file's folder.
 */
export function readConfigEntry(path: string, name?: string): { name: string; entry: ConfigEntry } {
  const servers = readConfigServers(path);
  const names = configServerNames(path, servers);
  let chosen = name;
  if (chosen === undefined) {
    if (names.length > 1) {
      throw new ToolscoreError("USAGE", `${path} lists ${names.length} servers (${names.join(", ")})`, {
        path,
        names,
        problem: "config-several-servers",
      });
    }
    chosen = names[0]!;
  }
  if (!Object.hasOwn(servers, chosen)) {
    throw new ToolscoreError(
      "CONFIG_INVALID",
      `${path} has no server named ${JSON.stringify(chosen)}; it has: ${names.join(", ")}`,
      { path, names },
    );
  }
  return { name: chosen, entry: normaliseEntry(servers[chosen], path, chosen) };
}

/** The names of a config file's servers, sorted; a file without any is a CONFIG_INVALID error. */
export function configServerNames(path: string, servers = readConfigServers(path)): string[] {
  const names = Object.keys(servers).sort();
  if (names.length === 0) throw new ToolscoreError("CONFIG_INVALID", `${path} lists no servers`, { path });
  return names;
}

/** One raw entry (in the common shape of config-file.ts) as a ConfigEntry; `path` and `name` name it in errors. */
export function normaliseEntry(raw: unknown, path: string, name: string): ConfigEntry {
  const bad = (why: string) =>
    new ToolscoreError("CONFIG_INVALID", `server ${JSON.stringify(name)} in ${path} ${why}`, { path, name });
  if (!isObject(raw)) throw bad("is not an object");
  const type = raw.type;
  const url = raw.url ?? raw.serverUrl;
  if (url !== undefined || type === "http" || type === "sse" || type === "streamable-http") {
    if (typeof url !== "string" || url === "") throw bad('has no "url"');
    return {
      transport: type === "sse" ? "sse" : "http",
      url,
      headers: stringRecord(raw.headers, bad, "headers"),
    };
  }
  if (typeof raw.command !== "string" || raw.command === "") throw bad('has neither "command" nor "url"');
  const args = raw.args ?? [];
  if (!Array.isArray(args) || !args.every((a) => typeof a === "string"))
    throw bad('has "args" that is not a list of strings');
  const cwd = raw.cwd;
  if (cwd !== undefined && typeof cwd !== "string") throw bad('has a "cwd" that is not a string');
  return {
    transport: "stdio",
    command: raw.command,
    args: args as string[],
    env: stringRecord(raw.env, bad, "env"),
    ...(cwd === undefined ? {} : { cwd: resolve(dirname(resolve(path)), cwd) }),
  };
}

function stringRecord(v: unknown, bad: (why: string) => Error, what: string): Record<string, string> {
  if (v === undefined || v === null) return {};
  if (!isObject(v)) throw bad(`has "${what}" that is not an object`);
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) {
    if (typeof val === "string") out[k] = val;
    else if (typeof val === "number" || typeof val === "boolean") out[k] = String(val);
    else throw bad(`has a non-string value for "${what}.${k}"`);
  }
  return out;
}
