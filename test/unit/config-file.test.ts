// Every client's file format read through readConfigEntry: JSONC, TOML, opencode, Gemini CLI.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { readConfigEntry, type ConfigEntry } from "../../src/mcp/config.js";
import { isToolscoreError } from "../../src/util/errors.js";
import { tempDir } from "../support/cli.js";

const tmp = tempDir();
after(() => tmp.remove());
let n = 0;
const file = (ext: string, text: string) => {
  const p = join(tmp.dir, `c${++n}.${ext}`);
  writeFileSync(p, text);
  return p;
};

// [case, extension, text, server, expected entry]
const CASES: Array<[string, string, string, string, ConfigEntry]> = [
  [
    "JSONC: comments, trailing commas, a byte-order mark",
    "json",
    '\uFEFF{\n  // c\n  "mcpServers": { "a": { "command": "node", "args": ["s.js",], /* x */ }, },\n}',
    "a",
    { transport: "stdio", command: "node", args: ["s.js"], env: {} },
  ],
  [
    "Codex TOML stdio",
    "toml",
    '[mcp_servers.docs]\ncommand = "npx"\nargs = ["-y", "docs@1"]\nenv = { K = "v" }\n',
    "docs",
    { transport: "stdio", command: "npx", args: ["-y", "docs@1"], env: { K: "v" } },
  ],
  [
    "Codex TOML url: http_headers, env_http_headers and bearer_token_env_var as references",
    "toml",
    '[mcp_servers.f]\nurl = "http://127.0.0.1:1/mcp"\nhttp_headers = { "X-A" = "1" }\nenv_http_headers = { "X-B" = "B_VAR" }\nbearer_token_env_var = "TOK"\n',
    "f",
    {
      transport: "http",
      url: "http://127.0.0.1:1/mcp",
      headers: { "X-A": "1", "X-B": "${B_VAR}", Authorization: "Bearer ${TOK}" },
    },
  ],
  [
    "opencode local: command as one array, environment",
    "json",
    '{"mcp": {"o": {"type": "local", "command": ["bun", "x", "srv"], "environment": {"E": "1"}, "enabled": true}}}',
    "o",
    { transport: "stdio", command: "bun", args: ["x", "srv"], env: { E: "1" } },
  ],
  [
    "opencode remote",
    "json",
    '{"mcp": {"r": {"type": "remote", "url": "http://127.0.0.1:1/mcp", "headers": {"A": "b"}}}}',
    "r",
    { transport: "http", url: "http://127.0.0.1:1/mcp", headers: { A: "b" } },
  ],
  [
    "Gemini CLI httpUrl",
    "json",
    '{"mcpServers": {"g": {"httpUrl": "http://127.0.0.1:1/mcp", "timeout": 5000}}}',
    "g",
    { transport: "http", url: "http://127.0.0.1:1/mcp", headers: {} },
  ],
];

for (const [name, ext, text, server, entry] of CASES) {
  test(name, () => assert.deepEqual(readConfigEntry(file(ext, text), server), { name: server, entry }));
}

test("bad TOML names the place", () => {
  const p = file("toml", "[mcp_servers.a\ncommand = 1\n");
  assert.throws(
    () => readConfigEntry(p),
    (e) =>
      isToolscoreError(e, "FILE_INVALID") && /not a readable client config: not valid TOML/.test(e.message),
  );
});
