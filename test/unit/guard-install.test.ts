// The guard written into a config's text and taken out again: only the command and the start of
// the argument list change, installing twice changes nothing, and uninstalling gives the bytes back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseConfigText, serverBlocks, type ConfigShape } from "../../src/mcp/config-file.js";
import { installGuard, uninstallGuard, type InstallOptions } from "../../src/scan/guard-install.js";

const OPTS: InstallOptions = {
  toolscore: ["toolscore"],
  lock: "/home/me/toolscore.lockset.json",
  lockSet: true,
  pinned: (n) => n !== "unpinned",
};

function roundTrip(text: string, shape: ConfigShape, opts = OPTS) {
  const blocks = () => serverBlocks(parseConfigText(text, "c.json", "jsonc"), shape).map((b) => b.path);
  const installed = installGuard(text, shape, blocks(), opts);
  const again = installGuard(installed.text, shape, blocks(), opts);
  const removed = uninstallGuard(installed.text, shape, blocks());
  return { installed, again, removed };
}

const CURSOR = `{
  // Cursor, with comments
  "mcpServers": {
    "notes": {
      "command": "npx",
      "args": [
        "-y", // pinned below
        "notes-mcp@1.0.0"
      ],
      "env": { "NOTES_KEY": "secret" },
      "cwd": "/srv",
      "disabled": false,
    },
    "bare": { "command": "notes-server" },
    "empty": { "command": "x", "args": [ ] },
    "unpinned": { "command": "y", "args": ["z"] },
    "remote": { "url": "https://example.com/mcp" },
  },
}
`;

test("stdio entries wrapped, env, cwd, comments and unknown keys kept", () => {
  const { installed } = roundTrip(CURSOR, "mcpServers");
  const data = parseConfigText(installed.text, "c.json", "jsonc") as {
    mcpServers: Record<
      string,
      { command: string; args?: string[]; env?: object; cwd?: string; disabled?: boolean }
    >;
  };
  const notes = data.mcpServers.notes!;
  assert.equal(notes.command, "toolscore");
  assert.deepEqual(notes.args, [
    "mcp",
    "guard",
    "--lock",
    "/home/me/toolscore.lockset.json",
    "--server",
    "notes",
    "--",
    "npx",
    "-y",
    "notes-mcp@1.0.0",
  ]);
  assert.deepEqual([notes.env, notes.cwd, notes.disabled], [{ NOTES_KEY: "secret" }, "/srv", false]);
  assert.deepEqual(data.mcpServers.bare!.args!.slice(-2), ["--", "notes-server"]);
  assert.deepEqual(data.mcpServers.empty!.args!.slice(-2), ["--", "x"]);
  assert.ok(
    installed.text.includes("// Cursor, with comments") && installed.text.includes("// pinned below"),
  );
  assert.deepEqual(
    installed.outcomes.map((o) => [o.name, o.action]),
    [
      ["bare", "wrapped"],
      ["empty", "wrapped"],
      ["notes", "wrapped"],
      ["remote", "skipped"],
      ["unpinned", "skipped"],
    ],
  );
  assert.match(
    installed.outcomes.find((o) => o.name === "unpinned")!.reason!,
    /not in the lock: pin it first/,
  );
  assert.match(installed.outcomes.find((o) => o.name === "remote")!.reason!, /URL entry/);
});

test("installing twice changes nothing; uninstalling gives the file back byte for byte", () => {
  const { installed, again, removed } = roundTrip(CURSOR, "mcpServers");
  assert.equal(again.text, installed.text);
  assert.ok(again.outcomes.filter((o) => o.action === "wrapped").length === 0);
  assert.equal(removed.text, CURSOR);
});

// [case, shape, text]
const SHAPES: Array<[string, ConfigShape, string]> = [
  [
    "VS Code mcp.json with type and inputs",
    "servers",
    `{\n\t"inputs": [],\n\t"servers": {\n\t\t"n": { "type": "stdio", "command": "node", "args": ["s.js"] }\n\t}\n}\n`,
  ],
  [
    "VS Code settings.json",
    "mcp.servers",
    `{ "editor.tabSize": 2, "mcp": { "servers": { "n": { "command": "node" } } } }`,
  ],
  [
    "opencode: one command list",
    "opencode",
    `{\n  "mcp": {\n    "n": { "type": "local", "command": ["bun", "x", "srv"], "enabled": true }\n  }\n}\n`,
  ],
  [
    "Windows line ends",
    "mcpServers",
    `{\r\n  "mcpServers": {\r\n    "n": { "command": "node", "args": ["s.js"] }\r\n  }\r\n}\r\n`,
  ],
];

for (const [name, shape, text] of SHAPES) {
  test(`${name}: wrapped, idempotent, restored byte for byte`, () => {
    const { installed, again, removed } = roundTrip(text, shape, {
      ...OPTS,
      toolscore: ["node", "/opt/ts/cli.js"],
    });
    assert.notEqual(installed.text, text);
    assert.deepEqual(
      installed.outcomes.map((o) => o.action),
      ["wrapped"],
    );
    const blocks = serverBlocks(parseConfigText(installed.text, "c.json", "jsonc"), shape);
    const entry = blocks[0]!.servers.n as { command: string; args: string[] };
    assert.deepEqual([entry.command, entry.args.slice(0, 3)], ["node", ["/opt/ts/cli.js", "mcp", "guard"]]);
    assert.equal(again.text, installed.text);
    assert.equal(removed.text, text);
  });
}

test("--server NAME wraps only that entry; a single lock adds no --server", () => {
  const paths = serverBlocks(parseConfigText(CURSOR, "c.json", "jsonc"), "mcpServers").map((b) => b.path);
  const one = installGuard(CURSOR, "mcpServers", paths, { ...OPTS, lockSet: false }, "bare");
  assert.deepEqual(
    one.outcomes.map((o) => [o.name, o.action]),
    [["bare", "wrapped"]],
  );
  const data = parseConfigText(one.text, "c.json", "jsonc") as {
    mcpServers: Record<string, { args?: string[] }>;
  };
  assert.deepEqual(data.mcpServers.bare!.args, ["mcp", "guard", "--lock", OPTS.lock, "--", "notes-server"]);
  assert.equal(data.mcpServers.notes!.args![0], "-y");
});
