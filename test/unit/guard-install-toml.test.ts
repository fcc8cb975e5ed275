// The guard written into Codex's config.toml and taken out again, by text ranges: comments and
// layout stay, installing twice changes nothing, uninstalling gives the bytes back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parse } from "smol-toml";
import { installGuardToml, uninstallGuardToml } from "../../src/scan/guard-install-toml.js";
import type { InstallOptions } from "../../src/scan/guard-install.js";
import { locateToml } from "../../src/scan/toml-locate.js";

const OPTS: InstallOptions = {
  toolscore: ["node", "/opt/toolscore/cli.js"],
  lock: "/home/me/toolscore.lockset.json",
  lockSet: true,
  pinned: (n) => n !== "unpinned",
};

const CODEX = `model = "o3" # the model
approval_policy = "never"

# Servers
[mcp_servers.docs]
command = "npx" # from npm
args = [
  "-y", # always yes
  "docs-mcp@1.0", # pinned
]
env = { DOCS_KEY = "secret", "odd key" = 'a]b' }
startup_timeout_sec = 20

[mcp_servers.docs.env_more]
X = "1"

[mcp_servers."bare.name"]
command = 'C:\\tools\\srv.exe'

[mcp_servers.spaced]
command = "x"
args = [ ]

[mcp_servers.unpinned]
command = "y"
args = ["z"]

[mcp_servers.remote]
url = "https://mcp.example.com/mcp"
bearer_token_env_var = "TOKEN"

[mcp_servers]
inline = { command = "i", args = ["j"] }

[mcp_servers.last]
command = """multi"""`;

type Entry = { command?: string; args?: string[]; env?: Record<string, string> };
const servers = (text: string) =>
  (JSON.parse(JSON.stringify(parse(text))) as { mcp_servers: Record<string, Entry> }).mcp_servers;
const GUARD = (name: string, cmd: string) => [
  "/opt/toolscore/cli.js",
  "mcp",
  "guard",
  "--lock",
  "/home/me/toolscore.lockset.json",
  "--server",
  name,
  "--",
  cmd,
];

test("TOML layout: keys, tables and the items of lists, past comments and nested values", () => {
  const layout = locateToml(CODEX);
  const args = layout.pairs.find((p) => p.table.join(".") === "mcp_servers.docs" && p.key[0] === "args")!;
  assert.deepEqual(
    args.value.items!.map((i) => CODEX.slice(i.start, i.end)),
    ['"-y"', '"docs-mcp@1.0"'],
  );
  assert.ok(layout.headers.some((h) => h.table.join("|") === "mcp_servers|bare.name"));
  const env = layout.pairs.find((p) => p.key[0] === "env")!;
  assert.equal(CODEX.slice(env.value.start, env.value.end), `{ DOCS_KEY = "secret", "odd key" = 'a]b' }`);
});

test("Codex entries wrapped in place; others left with the reason; twice changes nothing; uninstall gives the bytes back", () => {
  const installed = installGuardToml(CODEX, OPTS);
  assert.deepEqual(
    installed.outcomes.map((o) => [o.name, o.action]),
    [
      ["bare.name", "wrapped"],
      ["docs", "wrapped"],
      ["inline", "skipped"],
      ["last", "wrapped"],
      ["remote", "skipped"],
      ["spaced", "wrapped"],
      ["unpinned", "skipped"],
    ],
  );
  assert.match(
    installed.outcomes.find((o) => o.name === "inline")!.reason!,
    /not written as a \[mcp_servers\.inline\] table/,
  );
  assert.match(installed.outcomes.find((o) => o.name === "remote")!.reason!, /a URL entry/);
  const after = servers(installed.text);
  assert.deepEqual(after.docs, {
    command: "node",
    args: [...GUARD("docs", "npx"), "-y", "docs-mcp@1.0"],
    env: { DOCS_KEY: "secret", "odd key": "a]b" },
    startup_timeout_sec: 20,
    env_more: { X: "1" },
  });
  assert.deepEqual(after["bare.name"]!.args, GUARD("bare.name", "C:\\tools\\srv.exe"));
  assert.deepEqual(after.last!.args, GUARD("last", "multi"));
  assert.deepEqual(after.spaced!.args, GUARD("spaced", "x"));
  assert.deepEqual(after.unpinned, servers(CODEX).unpinned);
  assert.ok(installed.text.includes("# always yes") && installed.text.includes('model = "o3" # the model'));

  assert.equal(installGuardToml(installed.text, OPTS).text, installed.text);
  const removed = uninstallGuardToml(installed.text);
  assert.equal(removed.text, CODEX);
  assert.deepEqual(
    removed.outcomes.filter((o) => o.action === "unwrapped").map((o) => o.name),
    ["bare.name", "docs", "last", "spaced"],
  );
  assert.equal(uninstallGuardToml(CODEX).text, CODEX);
});

test("--server: only the named entry", () => {
  const installed = installGuardToml(CODEX, OPTS, "docs");
  assert.deepEqual(
    installed.outcomes.map((o) => o.name),
    ["docs"],
  );
  assert.equal(servers(installed.text).spaced!.command, "x");
  assert.equal(uninstallGuardToml(installed.text, "docs").text, CODEX);
});
