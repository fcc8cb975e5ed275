// A home folder holding a config of every client toolscore knows, for the scan and whole-config
// tests: JSONC with comments and trailing commas, a TOML file, project files, and secrets that must
// never be shown.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fixture, tempDir } from "./cli.js";

/** Values that stand for secrets: none of them may appear in any output. */
export const SECRETS = [
  "sk-live-ENVSECRET1",
  "hdr-SECRET-2",
  "url-pass-SECRET3",
  "query-SECRET4",
  "toml-SECRET5",
  "sk-vscode-SECRET6",
  "arg-key-SECRET7",
  "arg-token-SECRET8",
  "arg-url-SECRET9",
  "arg-bearer-SECRET10",
];

/** A surface for the pin-surface fixture server. */
export const surfaceFile = (name: string, tools: string[]) => ({
  server: { name, version: "1.0.0" },
  protocol: "2025-11-25",
  tools: tools.map((t) => ({
    name: t,
    description: `The ${t} tool.`,
    inputSchema: { type: "object", properties: { id: { type: "string" } } },
  })),
});

/** A fake home with a project folder: the env to run under, and paths. */
export interface FakeHome {
  home: string;
  xdg: string;
  project: string;
  env: Record<string, string>;
  write(rel: string, text: string): string;
  remove(): void;
}

/** An empty fake home: HOME, XDG_CONFIG_HOME (outside HOME, to show that it is honoured) and a project. */
export function fakeHome(): FakeHome {
  const tmp = tempDir("toolscore-home-");
  const home = join(tmp.dir, "home");
  const xdg = join(tmp.dir, "xdg");
  const project = join(tmp.dir, "work", "app");
  mkdirSync(home, { recursive: true });
  mkdirSync(xdg, { recursive: true });
  mkdirSync(project, { recursive: true });
  return {
    home,
    xdg,
    project,
    env: { HOME: home, XDG_CONFIG_HOME: xdg, APPDATA: "", CLAUDE_CONFIG_DIR: "", CODEX_HOME: "" },
    write(rel, text) {
      const p = join(tmp.dir, rel);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, text);
      return p;
    },
    remove: tmp.remove,
  };
}

const node = (file: string, ...args: string[]) =>
  JSON.stringify({ command: process.execPath, args: [fixture(file), ...args] });

/**
 * Writes a config of every supported client into `h`; `surface` is the pin-surface file the
 * Cursor entry serves. Returns the [client, scope, server] triples that a scan must find.
 */
export function writeEveryClient(h: FakeHome, surface: string): Array<[string, string, string]> {
  h.write(
    "xdg/Claude/claude_desktop_config.json",
    `{"mcpServers": {"desktop-notes": {"command": "npx", "args": ["-y", "notes-mcp@1.0.0"], "env": {"NOTES_KEY": "${SECRETS[0]}"}}}}`,
  );
  h.write(
    "home/.claude.json",
    JSON.stringify({
      numStartups: 3,
      mcpServers: { "code-user": { type: "stdio", command: "uvx", args: ["mcp-server-git"] } },
      projects: {
        [h.project]: {
          mcpServers: {
            "code-local": {
              type: "http",
              url: `https://me:${SECRETS[2]}@api.example.com/mcp?token=${SECRETS[3]}`,
            },
          },
        },
      },
    }),
  );
  h.write(
    "home/.cursor/mcp.json",
    `{
  // Cursor allows comments
  "mcpServers": {
    "surface": ${node("pin-surface.mjs", surface)},
    "cursor-remote": {
      "url": "https://mcp.example.com/mcp",
      "headers": { "Authorization": "Bearer ${SECRETS[1]}", },
    },
  },
}
`,
  );
  h.write(
    "home/.codeium/windsurf/mcp_config.json",
    `{"mcpServers": {"windsurf-remote": {"serverUrl": "https://windsurf.example.com/sse"}}}`,
  );
  h.write(
    "xdg/Code/User/mcp.json",
    `{
  "inputs": [{ "type": "promptString", "id": "key", "password": true }],
  "servers": {
    /* VS Code's own file */
    "vscode-user": { "type": "stdio", "command": "node", "args": ["srv.js"], "env": { "KEY": "\${input:key}", "OTHER": "${SECRETS[5]}" } },
  },
}`,
  );
  h.write(
    "xdg/Code/User/settings.json",
    `{ "editor.fontSize": 13, "mcp": { "servers": { "vscode-settings": { "command": "deno", "args": ["run", "s.ts"] } } } }`,
  );
  h.write(
    "home/.gemini/settings.json",
    `{"theme": "x", "mcpServers": {"gemini-http": {"httpUrl": "https://gemini.example.com/mcp", "headers": {"X-Key": "\${GEMINI_KEY}"}}}}`,
  );
  h.write(
    "home/.codex/config.toml",
    `model = "o3"

# a comment
[mcp_servers.codex-docs]
command = "npx"
args = ["-y", "docs-mcp@1.0"]
env = { DOCS_KEY = "${SECRETS[4]}" }

[mcp_servers.codex-figma]
url = "http://127.0.0.1:9/mcp"
bearer_token_env_var = "FIGMA_TOKEN"
`,
  );
  h.write(
    "xdg/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
    JSON.stringify({
      mcpServers: {
        "cline-git": {
          command: "uvx",
          args: ["mcp-server-git", "--remote", `https://git:${SECRETS[8]}@git.example.com/r.git`],
          disabled: false,
          alwaysAllow: [],
        },
      },
    }),
  );
  h.write(
    "home/.kiro/settings/mcp.json",
    `{"mcpServers": {"kiro-fetch": {"command": "uvx", "args": ["mcp-server-fetch", "--api-key=${SECRETS[6]}", "--user-agent=\${env:KIRO_UA}"]}}}`,
  );
  h.write(
    "home/.aws/amazonq/mcp.json",
    `{"mcpServers": {"q-time": {"command": "uvx", "args": ["mcp-server-time", "--token", "${SECRETS[7]}", "--header", "Authorization: Bearer ${SECRETS[9]}"]}}}`,
  );
  h.write(
    "xdg/opencode/opencode.json",
    `{"$schema": "https://opencode.ai/config.json", "mcp": {"oc-local": {"type": "local", "command": ["bun", "x", "oc-mcp"], "environment": {"OC": "1"}}, "oc-remote": {"type": "remote", "url": "https://oc.example.com/mcp"}}}`,
  );
  // The project's own files.
  h.write("work/app/.mcp.json", `{"mcpServers": {"project-crash": ${node("crash-on-start.mjs")}}}`);
  h.write(
    "work/app/.vscode/mcp.json",
    `{"servers": {"project-vscode": {"command": "node", "args": ["tool.js", "\${workspaceFolder}"]}}}`,
  );
  h.write("work/app/.cursor/mcp.json", `{"mcpServers": {"broken": {"command": "node",,}}`);
  return [
    ["Claude Desktop", "user", "desktop-notes"],
    ["Claude Code", "user", "code-user"],
    ["Claude Code", "project", "code-local"],
    ["Cursor", "user", "cursor-remote"],
    ["Cursor", "user", "surface"],
    ["Windsurf", "user", "windsurf-remote"],
    ["VS Code", "user", "vscode-user"],
    ["VS Code", "user", "vscode-settings"],
    ["Gemini CLI", "user", "gemini-http"],
    ["Codex", "user", "codex-docs"],
    ["Codex", "user", "codex-figma"],
    ["Cline", "user", "cline-git"],
    ["Kiro", "user", "kiro-fetch"],
    ["Amazon Q", "user", "q-time"],
    ["opencode", "user", "oc-local"],
    ["opencode", "user", "oc-remote"],
    ["Claude Code", "project", "project-crash"],
    ["VS Code", "project", "project-vscode"],
  ];
}
