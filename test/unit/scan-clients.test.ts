// The client table resolved for each system, from the variables each client honours.
import { test } from "node:test";
import assert from "node:assert/strict";
import { CLIENT_LOCATIONS, locationPath, type Platform, type ScanPlaces } from "../../src/scan/clients.js";

const places = (platform: Platform, env: Record<string, string>): ScanPlaces => ({
  platform,
  env,
  project: platform === "win32" ? "C:\\work\\app" : "/work/app",
  fallbackHome: "/nohome",
});
const path = (p: ScanPlaces, client: string, scope: "user" | "project", ending: string) => {
  const hits = CLIENT_LOCATIONS.filter((l) => l.client === client && l.scope === scope)
    .map((l) => locationPath(l, p))
    .filter((x) => x.endsWith(ending));
  assert.equal(hits.length, 1, `${client} ${scope} ${ending}: ${hits.join(", ")}`);
  return hits[0];
};

// [platform, env, client, scope, file ending, expected path]
const CASES: Array<[Platform, Record<string, string>, string, "user" | "project", string, string]> = [
  ["linux", { HOME: "/h" }, "Claude Desktop", "user", "json", "/h/.config/Claude/claude_desktop_config.json"],
  ["linux", { HOME: "/h", XDG_CONFIG_HOME: "/x" }, "VS Code", "user", "mcp.json", "/x/Code/User/mcp.json"],
  [
    "darwin",
    { HOME: "/Users/me" },
    "Claude Desktop",
    "user",
    "json",
    "/Users/me/Library/Application Support/Claude/claude_desktop_config.json",
  ],
  [
    "darwin",
    { HOME: "/Users/me", XDG_CONFIG_HOME: "/x" },
    "VS Code",
    "user",
    "settings.json",
    "/Users/me/Library/Application Support/Code/User/settings.json",
  ],
  [
    "win32",
    { USERPROFILE: "C:\\Users\\me", APPDATA: "D:\\Roaming" },
    "Claude Desktop",
    "user",
    "json",
    "D:\\Roaming\\Claude\\claude_desktop_config.json",
  ],
  [
    "win32",
    { USERPROFILE: "C:\\Users\\me" },
    "VS Code",
    "user",
    "mcp.json",
    "C:\\Users\\me\\AppData\\Roaming\\Code\\User\\mcp.json",
  ],
  [
    "win32",
    { USERPROFILE: "C:\\Users\\me", HOME: "/ignored" },
    "Cursor",
    "user",
    "mcp.json",
    "C:\\Users\\me\\.cursor\\mcp.json",
  ],
  [
    "linux",
    { HOME: "/h", CLAUDE_CONFIG_DIR: "/cc" },
    "Claude Code",
    "user",
    ".claude.json",
    "/cc/.claude.json",
  ],
  ["linux", { HOME: "/h" }, "Claude Code", "user", ".claude.json", "/h/.claude.json"],
  ["linux", { HOME: "/h", CODEX_HOME: "/ch" }, "Codex", "user", "config.toml", "/ch/config.toml"],
  ["darwin", { HOME: "/Users/me" }, "Codex", "user", "config.toml", "/Users/me/.codex/config.toml"],
  [
    "darwin",
    { HOME: "/Users/me" },
    "opencode",
    "user",
    "opencode.json",
    "/Users/me/.config/opencode/opencode.json",
  ],
  ["linux", {}, "Windsurf", "user", "mcp_config.json", "/nohome/.codeium/windsurf/mcp_config.json"],
  ["linux", { HOME: "/h" }, "Claude Code", "project", ".mcp.json", "/work/app/.mcp.json"],
  [
    "win32",
    { USERPROFILE: "C:\\Users\\me" },
    "VS Code",
    "project",
    "mcp.json",
    "C:\\work\\app\\.vscode\\mcp.json",
  ],
];

for (const [platform, env, client, scope, ending, want] of CASES) {
  test(`${client} (${scope}) on ${platform} with ${JSON.stringify(env)}`, () => {
    assert.equal(path(places(platform, env), client, scope, ending), want);
  });
}

test("Cline: VS Code's extension storage and Cline's own folder", () => {
  const p = places("linux", { HOME: "/h", XDG_CONFIG_HOME: "/x" });
  assert.deepEqual(
    CLIENT_LOCATIONS.filter((l) => l.client === "Cline").map((l) => locationPath(l, p)),
    [
      "/x/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
      "/h/.cline/data/settings/cline_mcp_settings.json",
    ],
  );
});
