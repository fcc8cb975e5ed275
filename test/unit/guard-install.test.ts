// The guard written into a config's text and taken out again: the guard's command goes first, the
// entry's own kept under x-toolscore- names, installing twice changes nothing, and uninstalling
// gives the bytes back (for entries installed in the earlier `-- CMD ARG...` form too).
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseConfigText, serverBlocks, type ConfigShape } from "../../src/mcp/config-file.js";
import { normaliseEntry } from "../../src/mcp/config.js";
import { splitCommand } from "../../src/mcp/argv.js";
import { installGuard, uninstallGuard, type InstallOptions } from "../../src/scan/guard-install.js";

const OPTS: InstallOptions = {
  toolscore: ["toolscore"],
  lock: "/home/me/toolscore.lockset.json",
  lockSet: true,
  pinned: (n) => n !== "unpinned",
};

function roundTrip(text: string, shape: ConfigShape, opts = OPTS) {
  const blocks = () => serverBlocks(parseConfigText(text, "c.json", "jsonc"), shape);
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
      {
        command: string;
        args?: string[];
        env?: object;
        cwd?: string;
        disabled?: boolean;
        [k: string]: unknown;
      }
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
    "npx -y notes-mcp@1.0.0",
  ]);
  assert.deepEqual(
    [notes["x-toolscore-command"], notes["x-toolscore-args"]],
    ["npx", ["-y", "notes-mcp@1.0.0"]],
  );
  assert.deepEqual([notes.env, notes.cwd, notes.disabled], [{ NOTES_KEY: "secret" }, "/srv", false]);
  assert.deepEqual(data.mcpServers.bare!.args!.slice(-2), ["bare", "notes-server"]);
  assert.equal(data.mcpServers.bare!["x-toolscore-args"], undefined);
  assert.deepEqual(data.mcpServers.empty!.args!.slice(-2), ["empty", "x"]);
  assert.ok(!installed.text.includes('"--"'), "no -- for a launcher to drop");
  assert.ok(
    installed.text.includes("// Cursor, with comments") && installed.text.includes("// pinned below"),
  );
  assert.deepEqual(
    installed.outcomes.map((o) => [o.name, o.action]),
    [
      ["bare", "wrapped"],
      ["empty", "wrapped"],
      ["notes", "wrapped"],
      ["remote", "wrapped"],
      ["unpinned", "skipped"],
    ],
  );
  assert.match(
    installed.outcomes.find((o) => o.name === "unpinned")!.reason!,
    /not in the lock: pin it first/,
  );
  assert.deepEqual(data.mcpServers.remote, {
    command: "toolscore",
    args: ["mcp", "guard", "--lock", OPTS.lock, "--server", "remote", "https://example.com/mcp"],
    "x-toolscore-url": "https://example.com/mcp",
  });
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
    "a command written with escapes",
    "mcpServers",
    `{"mcpServers": {"n": {"command": "C:\\\\Tools\\u00e9\\/srv.exe", "args": ["--x"]}}}`,
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
  const paths = serverBlocks(parseConfigText(CURSOR, "c.json", "jsonc"), "mcpServers");
  const one = installGuard(CURSOR, "mcpServers", paths, { ...OPTS, lockSet: false }, "bare");
  assert.deepEqual(
    one.outcomes.map((o) => [o.name, o.action]),
    [["bare", "wrapped"]],
  );
  const data = parseConfigText(one.text, "c.json", "jsonc") as {
    mcpServers: Record<string, { args?: string[] }>;
  };
  assert.deepEqual(data.mcpServers.bare!.args, ["mcp", "guard", "--lock", OPTS.lock, "notes-server"]);
  assert.equal(data.mcpServers.notes!.args![0], "-y");
});

const GUARD = ["/opt/ts/cli.js", "mcp", "guard", "--lock", OPTS.lock, "--server", "n"];

// [case, shape, text, the wrapped entry's args after the guard's words]
const URL_SHAPES: Array<[string, ConfigShape, string, string[]]> = [
  [
    "Cursor url with a header reference",
    "mcpServers",
    `{\n  "mcpServers": {\n    "n": {\n      "url": "https://h.example.com/mcp", // remote\n      "headers": { "Authorization": "Bearer \${env:TOKEN}" },\n    },\n  },\n}\n`,
    ["--header", "Authorization: Bearer ${env:TOKEN}", "https://h.example.com/mcp"],
  ],
  [
    "VS Code type http",
    "servers",
    `{\n\t"servers": {\n\t\t"n": { "type": "http", "url": "https://h.example.com/mcp", "headers": { "Accept-Language": "de" } }\n\t}\n}\n`,
    ["--header", "Accept-Language: de", "https://h.example.com/mcp"],
  ],
  [
    "Windsurf serverUrl",
    "mcpServers",
    `{"mcpServers": {"n": {"serverUrl": "https://w.example.com/mcp"}}}`,
    ["https://w.example.com/mcp"],
  ],
  [
    "Gemini CLI httpUrl",
    "mcpServers",
    `{"mcpServers": {"n": {"timeout": 5000, "httpUrl": "https://g.example.com/mcp"}}}`,
    ["https://g.example.com/mcp"],
  ],
  [
    "opencode remote",
    "opencode",
    `{\n  "mcp": {\n    "n": { "type": "remote", "url": "https://o.example.com/mcp", "enabled": true }\n  }\n}\n`,
    ["https://o.example.com/mcp"],
  ],
];

for (const [name, shape, text, args] of URL_SHAPES) {
  test(`URL entry, ${name}: runs the guard with the URL, idempotent, restored byte for byte`, () => {
    const { installed, again, removed } = roundTrip(text, shape, {
      ...OPTS,
      toolscore: ["node", "/opt/ts/cli.js"],
    });
    assert.deepEqual(
      installed.outcomes.map((o) => o.action),
      ["wrapped"],
    );
    const blocks = serverBlocks(parseConfigText(installed.text, "c.json", "jsonc"), shape);
    const entry = normaliseEntry(blocks[0]!.servers.n, "c.json", "n");
    assert.equal(entry.transport, "stdio");
    assert.deepEqual(entry.transport === "stdio" && [entry.command, ...entry.args], [
      "node",
      ...GUARD,
      ...args,
    ]);
    assert.equal(again.text, installed.text);
    assert.equal(removed.text, text);
  });
}

// [case, entry, reason]
const URL_REFUSED: Array<[string, string, RegExp]> = [
  ["an SSE entry", `{"type": "sse", "url": "https://h.example.com/sse"}`, /an SSE entry/],
  [
    "a header written out",
    `{"url": "https://h.example.com/mcp", "headers": {"Authorization": "Bearer abc"}}`,
    /its Authorization header is written out/,
  ],
  [
    "a Bearer value under another name",
    `{"url": "https://h.example.com/mcp", "headers": {"X-Upstream": "Bearer abc"}}`,
    /its X-Upstream header is written out/,
  ],
  ["URL credentials", `{"url": "https://me:pw@h.example.com/mcp"}`, /its URL holds credentials/],
  ["a token in the query", `{"url": "https://h.example.com/mcp?api_key=abc"}`, /its URL holds credentials/],
];

for (const [name, entry, reason] of URL_REFUSED) {
  test(`URL entry not wrapped: ${name}`, () => {
    const text = `{"mcpServers": {"n": ${entry}}}`;
    const { installed } = roundTrip(text, "mcpServers");
    assert.equal(installed.text, text);
    assert.equal(installed.outcomes[0]!.action, "skipped");
    assert.match(installed.outcomes[0]!.reason!, reason);
  });
}

test("the entry's own command and args are one argument that splits back into them exactly", () => {
  const argv = ["/opt/my tools/srv", "--", "--header", "X: y", "it's", "", "${env:HOME}/d", "-z\nq"];
  const text = `{"mcpServers": {"n": {"command": ${JSON.stringify(argv[0])}, "args": ${JSON.stringify(argv.slice(1))}}}}`;
  const { installed, removed } = roundTrip(text, "mcpServers");
  const data = parseConfigText(installed.text, "c.json", "jsonc") as {
    mcpServers: { n: { command: string; args: string[] } };
  };
  const args = data.mcpServers.n.args;
  assert.deepEqual(args.slice(0, -1), ["mcp", "guard", "--lock", OPTS.lock, "--server", "n"]);
  assert.deepEqual(splitCommand(args.at(-1)!), argv);
  assert.equal(removed.text, text);
});

test("an entry with an x-toolscore-command key of its own is not wrapped", () => {
  const text = `{"mcpServers": {"n": {"command": "a", "x-toolscore-command": "b"}}}`;
  const { installed } = roundTrip(text, "mcpServers");
  assert.equal(installed.text, text);
  assert.deepEqual(installed.outcomes, [
    {
      name: "n",
      action: "skipped",
      reason: "it already has a key x-toolscore-command, where install keeps the entry's own",
    },
  ]);
});

// Entries installed in the earlier form, `toolscore mcp guard --lock LOCK [--server NAME] -- CMD ARG...`:
// [case, the file before install, the file as that form wrote it].
const EARLIER: Array<[string, string, string]> = [
  [
    "args on lines of their own, a comment",
    `{\n  "mcpServers": {\n    "notes": {\n      "command": "npx",\n      "args": [\n        "-y", // pinned\n        "notes-mcp@1.0.0"\n      ]\n    }\n  }\n}\n`,
    `{\n  "mcpServers": {\n    "notes": {\n      "command": "toolscore",\n      "args": [\n        "mcp", "guard", "--lock", "/home/me/toolscore.lockset.json", "--server", "notes", "--", "npx", "-y", // pinned\n        "notes-mcp@1.0.0"\n      ]\n    }\n  }\n}\n`,
  ],
  [
    "no args",
    `{"mcpServers": {"bare": {"command": "notes-server", "env": {"K": "v"}}}}`,
    `{"mcpServers": {"bare": {"command": "toolscore", "args": ["mcp", "guard", "--lock", "/home/me/toolscore.lockset.json", "--server", "bare", "--", "notes-server"], "env": {"K": "v"}}}}`,
  ],
];

for (const [name, original, earlier] of EARLIER) {
  test(`an entry installed in the earlier -- form, ${name}: seen as guarded, uninstalled byte for byte`, () => {
    const blocks = serverBlocks(parseConfigText(earlier, "c.json", "jsonc"), "mcpServers");
    const again = installGuard(earlier, "mcpServers", blocks, OPTS);
    assert.equal(again.text, earlier);
    assert.deepEqual(
      again.outcomes.map((o) => o.reason),
      ["already guarded"],
    );
    assert.equal(uninstallGuard(earlier, "mcpServers", blocks).text, original);
  });
}
