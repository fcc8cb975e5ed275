// A client config file as the client reads it: JSON with comments and trailing commas (JSONC) or
// TOML, and the places inside it where servers are listed. Entries of the clients whose shape
// differs (opencode, Codex, Gemini CLI's httpUrl) are turned into the common shape that
// config.ts normalises, so every command reads every client's file the same way.
import {
  parse as parseJsonc,
  parseTree,
  printParseErrorCode,
  type Node,
  type ParseError,
} from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import { ToolscoreError } from "../util/errors.js";
import { isObject, stripBom } from "../util/json.js";
import { readUserFile } from "./config-io.js";

/** Where a file's servers live inside it (see the client table in src/scan/clients.ts). */
export type ConfigShape = "mcpServers" | "servers" | "mcp.servers" | "claude-code" | "opencode" | "codex";

/** One list of servers inside a config file. */
export interface ServerBlock {
  /** The keys from the file's root to the object of servers, e.g. `["projects", "/app", "mcpServers"]`. */
  path: string[];
  /** For Claude Code's per-project lists in `~/.claude.json`: the project folder. */
  project?: string;
  /** The entries by name, in the common shape (see {@link standardEntry}). */
  servers: Record<string, unknown>;
}

/** The format of a config file, from its name. */
export function formatOf(path: string): "jsonc" | "toml" {
  return /\.toml$/i.test(path) ? "toml" : "jsonc";
}

function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset).split("\n");
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

/**
 * Parses a config file's text as the client does: JSONC (comments, trailing commas, one leading
 * byte-order mark) or TOML. Text that does not parse is a FILE_INVALID error naming the place.
 */
export function parseConfigText(text: string, path: string, format = formatOf(path)): unknown {
  const body = stripBom(text);
  if (body.trim() === "")
    throw new ToolscoreError("FILE_INVALID", `${path} is not a readable client config: the file is empty`, {
      path,
    });
  if (format === "toml") {
    try {
      return parseToml(body) as unknown;
    } catch (e) {
      const msg = (e as Error).message.split("\n")[0];
      throw new ToolscoreError(
        "FILE_INVALID",
        `${path} is not a readable client config: not valid TOML: ${msg}`,
        { path },
      );
    }
  }
  const errors: ParseError[] = [];
  const data = parseJsonc(body, errors, { allowTrailingComma: true, disallowComments: false }) as unknown;
  if (errors.length > 0) {
    const first = errors[0]!;
    throw new ToolscoreError(
      "FILE_INVALID",
      `${path} is not a readable client config: not valid JSON: ${printParseErrorCode(first.error)} at ${lineCol(body, first.offset)}`,
      { path },
    );
  }
  return data;
}

/**
 * Reads a config file's text: a regular file (symlinks followed) of at most CONFIG_MAX_MB MB; a
 * missing, unreadable or special file (a device, a FIFO, a link loop) is a ToolscoreError.
 */
export function readConfigText(path: string): string {
  return readUserFile(path).text;
}

/** The shape of a file the user named with --config: from its name and what it holds. */
export function detectShape(path: string, data: unknown): ConfigShape | undefined {
  if (formatOf(path) === "toml") return "codex";
  if (!isObject(data)) return undefined;
  if (isObject(data.mcpServers)) return isObject(data.projects) ? "claude-code" : "mcpServers";
  if (isObject(data.servers)) return "servers";
  if (isObject(data.mcp) && isObject(data.mcp.servers) && !("type" in data.mcp.servers)) return "mcp.servers";
  if (isObject(data.mcp)) return "opencode";
  if (isObject(data.projects)) return "claude-code";
  return undefined;
}

/**
 * A config text the user named (`configArg`, as given) parsed, with its shape: a file that lists
 * no servers toolscore can read is a CONFIG_INVALID error.
 */
export function parseKnownConfig(
  text: string,
  path: string,
  configArg: string,
): { data: unknown; shape: ConfigShape } {
  const data = parseConfigText(text, path);
  const shape = detectShape(path, data);
  if (shape === undefined)
    throw new ToolscoreError(
      "CONFIG_INVALID",
      `${configArg} lists no MCP servers that toolscore knows how to read`,
    );
  return { data, shape };
}

const entries = (v: unknown): Record<string, unknown> | undefined => (isObject(v) ? v : undefined);

/** The lists of servers in a parsed file of a given shape; a file without any gives none. */
export function serverBlocks(data: unknown, shape: ConfigShape): ServerBlock[] {
  if (!isObject(data)) return [];
  const block = (path: string[], raw: Record<string, unknown> | undefined, project?: string) =>
    raw === undefined
      ? []
      : [
          {
            path,
            ...(project === undefined ? {} : { project }),
            servers: Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, standardEntry(v, shape)])),
          },
        ];
  switch (shape) {
    case "mcpServers":
      return block(["mcpServers"], entries(data.mcpServers));
    case "servers":
      return block(["servers"], entries(data.servers));
    case "mcp.servers":
      return block(["mcp", "servers"], isObject(data.mcp) ? entries(data.mcp.servers) : undefined);
    case "codex":
      return block(["mcp_servers"], entries(data.mcp_servers));
    case "opencode": {
      const mcp = entries(data.mcp);
      // opencode 2 nests the servers one level deeper, under mcp.servers.
      if (mcp && isObject(mcp.servers) && !("type" in mcp.servers))
        return block(["mcp", "servers"], mcp.servers);
      return block(["mcp"], mcp);
    }
    case "claude-code": {
      const out = block(["mcpServers"], entries(data.mcpServers));
      const projects = entries(data.projects) ?? {};
      for (const dir of Object.keys(projects).sort()) {
        const p = projects[dir];
        if (isObject(p)) out.push(...block(["projects", dir, "mcpServers"], entries(p.mcpServers), dir));
      }
      return out;
    }
  }
}

/**
 * An entry in the common shape: `command`, `args`, `env`, `cwd` for a process; `type`, `url`,
 * `headers` for a URL. opencode's `{type: "local", command: [...], environment}` and `{type:
 * "remote"}`, Gemini CLI's `httpUrl` and Codex's `http_headers`, `env_http_headers` and
 * `bearer_token_env_var` are translated; a header whose value the client takes from the
 * environment becomes a `${VAR}` reference. Other keys are kept as they are.
 */
export function standardEntry(raw: unknown, shape: ConfigShape): unknown {
  if (!isObject(raw)) return raw;
  if (shape === "opencode") {
    const { type, command, environment, url, headers, ...rest } = raw;
    if (type === "remote" || (type === undefined && url !== undefined))
      return { ...rest, type: "http", url, headers };
    if (Array.isArray(command)) {
      const [cmd, ...args] = command as unknown[];
      return { ...rest, command: cmd, args, env: environment };
    }
    return { ...rest, command, env: environment };
  }
  if (shape === "codex" && raw.url !== undefined) {
    const { http_headers, env_http_headers, bearer_token_env_var, ...rest } = raw;
    const headers: Record<string, unknown> = { ...(isObject(http_headers) ? http_headers : {}) };
    if (isObject(env_http_headers))
      for (const [name, v] of Object.entries(env_http_headers)) headers[name] = `\${${String(v)}}`;
    if (typeof bearer_token_env_var === "string")
      headers.Authorization = `Bearer \${${bearer_token_env_var}}`;
    return { ...rest, type: "http", headers };
  }
  if (raw.httpUrl !== undefined && raw.url === undefined) {
    const { httpUrl, ...rest } = raw;
    return { ...rest, type: "http", url: httpUrl };
  }
  return raw;
}

/** A config file read and parsed, with its shape. */
export interface ClientConfigFile {
  path: string;
  text: string;
  data: unknown;
  shape: ConfigShape;
}

/**
 * Reads a config file named on the command line (any supported client). A file whose shape is not
 * recognised is a CONFIG_INVALID error.
 */
export function readClientConfig(path: string): ClientConfigFile {
  const text = readConfigText(path);
  const data = parseConfigText(text, path);
  const shape = detectShape(path, data);
  if (shape === undefined) {
    throw new ToolscoreError(
      "CONFIG_INVALID",
      `${path} has no "mcpServers" or "servers" object (nor opencode's "mcp", nor Codex's [mcp_servers]): is it an MCP client config?`,
      { path },
    );
  }
  return { path, text, data, shape };
}

/**
 * The name an entry goes by in lock sets and on the command line (`--server`): its own name for a
 * user-wide entry, `DIR:NAME` for one of Claude Code's per-project entries, so that a project's
 * entry and a user-wide one of the same name never share a lock entry.
 */
export function qualifiedName(block: Pick<ServerBlock, "project">, name: string): string {
  return block.project === undefined ? name : `${block.project}:${name}`;
}

/**
 * Every entry of a file's lists by qualified name ({@link qualifiedName}). A per-project entry
 * without a `cwd` gets its project folder, where the client starts it. Two entries that would go by
 * the same name are a CONFIG_INVALID error.
 */
export function configEntries(path: string, blocks: readonly ServerBlock[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const block of blocks)
    for (const [name, raw] of Object.entries(block.servers)) {
      const key = qualifiedName(block, name);
      if (Object.hasOwn(out, key))
        throw new ToolscoreError(
          "CONFIG_INVALID",
          `${path} has two entries that go by ${JSON.stringify(key)} (a user-wide one and a project's): rename one`,
          { path, problem: "config-name-clash" },
        );
      out[key] =
        block.project !== undefined && isObject(raw) && raw.cwd === undefined && raw.url === undefined
          ? { ...raw, cwd: block.project }
          : raw;
    }
  return out;
}

/**
 * The servers of a config file named on the command line, by qualified name: the user-wide list
 * and Claude Code's per-project lists alike.
 */
export function readConfigServers(path: string): Record<string, unknown> {
  const file = readClientConfig(path);
  return configEntries(path, serverBlocks(file.data, file.shape));
}

/**
 * The keys written twice in a JSONC text where it matters to a client's servers: on the way from
 * the root to each list of servers (`paths`), in the lists, and anywhere inside an entry. A client
 * reads the last copy; an edit finds the first. Each is shown as its JSON path.
 */
export function duplicateKeys(text: string, paths: ReadonlyArray<readonly string[]>): string[] {
  const root = parseTree(stripBom(text), [], { allowTrailingComma: true, disallowComments: false });
  const found = new Set<string>();
  const show = (at: readonly string[]) => at.map((k) => JSON.stringify(k)).join(".");
  const visit = (node: Node | undefined, at: readonly string[], deep: boolean): void => {
    if (node?.type === "array" && deep) node.children!.forEach((c) => visit(c, at, true));
    if (node?.type !== "object") return;
    const seen = new Set<string>();
    for (const p of node.children!) {
      const key = p.children![0]!.value as string;
      if (seen.has(key)) found.add(show([...at, key]));
      seen.add(key);
      if (deep) visit(p.children![1], [...at, key], true);
    }
  };
  for (const path of paths) {
    let node = root;
    visit(node, [], false);
    for (let i = 0; i < path.length && node; i++) {
      node = node.children?.find((p) => p.children![0]!.value === path[i])?.children![1];
      visit(node, path.slice(0, i + 1), i === path.length - 1);
    }
  }
  return [...found].sort();
}
