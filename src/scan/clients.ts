// The MCP clients toolscore knows, and where each keeps its server list: the one table that
// `mcp scan` reads and docs/commands/scan.md documents. Each path is from the client's own documentation.
import { posix, win32 } from "node:path";

/** The operating systems whose conventions the table follows. */
export type Platform = "linux" | "darwin" | "win32";

import type { ConfigShape } from "../mcp/config-file.js";
import type { ReferenceSyntax } from "../mcp/config-refs.js";

/**
 * Where a file's servers live inside it (ConfigShape):
 * - `mcpServers`: a top-level `mcpServers` object (Claude Desktop, Cursor, Windsurf, Gemini CLI, Cline, Kiro, Amazon Q);
 * - `servers`: a top-level `servers` object (VS Code `mcp.json`);
 * - `mcp.servers`: `servers` under `mcp` (VS Code `settings.json`);
 * - `claude-code`: top-level `mcpServers` plus `projects.<path>.mcpServers` (Claude Code's `~/.claude.json`);
 * - `opencode`: the `mcp` object, entries with `type` local or remote and `command` as one array;
 * - `codex`: TOML tables `[mcp_servers.NAME]`.
 */

/**
 * The folder a path starts from:
 * - `home`: the home folder (`HOME`; on Windows `USERPROFILE`);
 * - `app-data`: the per-user application data folder of desktop apps: `APPDATA` on Windows,
 *   `~/Library/Application Support` on macOS, `XDG_CONFIG_HOME` (default `~/.config`) on Linux;
 * - `xdg-config`: `XDG_CONFIG_HOME` (default `~/.config`) on every system (opencode);
 * - `claude-config`: `CLAUDE_CONFIG_DIR` when set, else the home folder (Claude Code);
 * - `codex-home`: `CODEX_HOME` when set, else `~/.codex` (Codex);
 * - `project`: the project folder (`--project`, default the current folder).
 */
export type PathBase = "home" | "app-data" | "xdg-config" | "claude-config" | "codex-home" | "project";

/** One place a client reads MCP servers from. */
export interface ClientLocation {
  /** The client's name as people know it. */
  client: string;
  scope: "user" | "project";
  base: PathBase;
  /** Path segments below the base. */
  path: readonly string[];
  format: "jsonc" | "toml";
  shape: ConfigShape;
  /** How the client expands `${…}` in an entry (see ReferenceSyntax); `both` where unverified. */
  references: ReferenceSyntax;
}

// How each client expands references, from its documentation: Claude Code `${VAR}` and
// `${VAR:-default}`; Cursor, Windsurf and VS Code `${env:VAR}`; Claude Desktop nothing. Codex
// entries hold only the `${VAR}` toolscore writes for `env_http_headers`. The others are not
// documented: both syntaxes, as for a file of an unknown client.
const REFERENCES: Record<string, ReferenceSyntax> = {
  "Claude Desktop": "none",
  "Claude Code": "shell",
  Codex: "shell",
  Cursor: "env",
  Windsurf: "env",
  "VS Code": "env",
};
const references = (client: string): ReferenceSyntax => REFERENCES[client] ?? "both";

const user = (
  client: string,
  base: PathBase,
  path: string[],
  shape: ConfigShape,
  format: "jsonc" | "toml" = "jsonc",
): ClientLocation => ({ client, scope: "user", base, path, format, shape, references: references(client) });
const project = (
  client: string,
  path: string[],
  shape: ConfigShape,
  format: "jsonc" | "toml" = "jsonc",
): ClientLocation => ({
  client,
  scope: "project",
  base: "project",
  path,
  format,
  shape,
  references: references(client),
});

// JSON files are read as JSONC everywhere: the editors among these clients accept comments and
// trailing commas, and a strict reader would report their users' files as broken.
const CLINE_STORAGE = ["Code", "User", "globalStorage", "saoudrizwan.claude-dev", "settings"];

/** Every client config location, user scope first, in a fixed order. */
export const CLIENT_LOCATIONS: readonly ClientLocation[] = [
  user("Claude Desktop", "app-data", ["Claude", "claude_desktop_config.json"], "mcpServers"),
  user("Claude Code", "claude-config", [".claude.json"], "claude-code"),
  user("Cursor", "home", [".cursor", "mcp.json"], "mcpServers"),
  user("Windsurf", "home", [".codeium", "windsurf", "mcp_config.json"], "mcpServers"),
  user("VS Code", "app-data", ["Code", "User", "mcp.json"], "servers"),
  user("VS Code", "app-data", ["Code", "User", "settings.json"], "mcp.servers"),
  user("Gemini CLI", "home", [".gemini", "settings.json"], "mcpServers"),
  user("Codex", "codex-home", ["config.toml"], "codex", "toml"),
  user("Cline", "app-data", [...CLINE_STORAGE, "cline_mcp_settings.json"], "mcpServers"),
  user("Cline", "home", [".cline", "data", "settings", "cline_mcp_settings.json"], "mcpServers"),
  user("Kiro", "home", [".kiro", "settings", "mcp.json"], "mcpServers"),
  user("Amazon Q", "home", [".aws", "amazonq", "mcp.json"], "mcpServers"),
  user("opencode", "xdg-config", ["opencode", "opencode.json"], "opencode"),
  user("opencode", "xdg-config", ["opencode", "opencode.jsonc"], "opencode"),
  project("Claude Code", [".mcp.json"], "mcpServers"),
  project("Cursor", [".cursor", "mcp.json"], "mcpServers"),
  project("VS Code", [".vscode", "mcp.json"], "servers"),
  project("VS Code", [".vscode", "settings.json"], "mcp.servers"),
  project("Gemini CLI", [".gemini", "settings.json"], "mcpServers"),
  project("Codex", [".codex", "config.toml"], "codex", "toml"),
  project("Kiro", [".kiro", "settings", "mcp.json"], "mcpServers"),
  project("Amazon Q", [".amazonq", "mcp.json"], "mcpServers"),
  project("opencode", ["opencode.json"], "opencode"),
  project("opencode", ["opencode.jsonc"], "opencode"),
];

/** The environment variables and folders the table's bases are computed from. */
export interface ScanPlaces {
  env: Record<string, string | undefined>;
  platform: Platform;
  /** The project folder, absolute. */
  project: string;
  /** The home folder when the environment names none (os.homedir()). */
  fallbackHome: string;
}

/** The home folder as the clients find it: `USERPROFILE` on Windows, `HOME` elsewhere. */
export function homeDir(p: ScanPlaces): string {
  const fromEnv = p.platform === "win32" ? (p.env.USERPROFILE ?? p.env.HOME) : p.env.HOME;
  return fromEnv !== undefined && fromEnv !== "" ? fromEnv : p.fallbackHome;
}

// Paths are joined as the scanned system joins them, so that the table can be checked for every
// system on any one.
const joiner = (p: ScanPlaces) => (p.platform === "win32" ? win32.join : posix.join);

const set = (v: string | undefined): v is string => v !== undefined && v !== "";

/** The absolute folder a base stands for. */
export function baseDir(base: PathBase, p: ScanPlaces): string {
  const join = joiner(p);
  const home = homeDir(p);
  const xdg = set(p.env.XDG_CONFIG_HOME) ? p.env.XDG_CONFIG_HOME : join(home, ".config");
  switch (base) {
    case "home":
      return home;
    case "project":
      return p.project;
    case "xdg-config":
      return xdg;
    case "claude-config":
      return set(p.env.CLAUDE_CONFIG_DIR) ? p.env.CLAUDE_CONFIG_DIR : home;
    case "codex-home":
      return set(p.env.CODEX_HOME) ? p.env.CODEX_HOME : join(home, ".codex");
    case "app-data":
      if (p.platform === "win32")
        return set(p.env.APPDATA) ? p.env.APPDATA : join(home, "AppData", "Roaming");
      if (p.platform === "darwin") return join(home, "Library", "Application Support");
      return xdg;
  }
}

/** The absolute path of a location. */
export function locationPath(loc: ClientLocation, p: ScanPlaces): string {
  return joiner(p)(baseDir(loc.base, p), ...loc.path);
}

/**
 * How the client of a config file named on the command line expands references: the location of
 * the table whose path the file's path ends with (the longest such), else `both`.
 */
export function referenceSyntaxOf(path: string): ReferenceSyntax {
  const segments = path.split(/[\\/]/);
  let best: ClientLocation | undefined;
  for (const loc of CLIENT_LOCATIONS) {
    const tail = segments.slice(-loc.path.length);
    if (tail.length === loc.path.length && tail.every((s, i) => s === loc.path[i]))
      if (!best || loc.path.length > best.path.length) best = loc;
  }
  return best?.references ?? "both";
}
