// Bad input and failing servers: exactly one line on stderr that says what to do, exit 2, no stack
// trace; with --verbose, the stack too.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { fixture, fixtureCommand, runBin, runCli, tempDir } from "../support/cli.js";

const tmp = tempDir();
after(() => tmp.remove());
const file = (name: string, content: string) => {
  const p = join(tmp.dir, name);
  writeFileSync(p, content);
  return p;
};
const server = (name: string) => ({ command: "node", args: [fixture(name)] });

const malformed = file("malformed.json", '{"mcpServers": {');
const two = file(
  "two.json",
  JSON.stringify({ mcpServers: { a: server("garbage-stdout.mjs"), b: server("odd-tools.mjs") } }),
);
const vscode = file(
  "vscode.json",
  JSON.stringify({ servers: { only: { type: "stdio", ...server("garbage-stdout.mjs") } } }),
);
const wrongKind = file("wrong-kind.json", JSON.stringify({ kind: "something.else", tools: [] }));
const wrongVersion = file(
  "wrong-version.json",
  JSON.stringify({
    kind: "toolscore.mcp-snapshot",
    snapshot_version: "9",
    server: {},
    protocol: "x",
    tools: [],
  }),
);

// [name, argv, expected line (a regexp over the one line after "toolscore: ")]
const CASES: Array<[string, string[], RegExp]> = [
  ["unknown command", ["pythn"], /^unknown command 'pythn': run 'toolscore help' for the list of commands$/],
  [
    "unknown mcp subcommand",
    ["mcp", "lsit"],
    /^unknown command 'mcp lsit': run 'toolscore mcp --help' for the list of mcp commands$/,
  ],
  ["mcp help for an unknown subcommand", ["mcp", "help", "lsit"], /^unknown command 'mcp lsit'/],
  [
    "launch command not found",
    ["mcp", "list", "pythn server.py"],
    /^command not found: pythn \(check the spelling, or give its full path\)$/,
  ],
  [
    "server exits before initialize",
    ["mcp", "list", fixtureCommand("crash-on-start.mjs")],
    /exited before it finished the MCP handshake \(exit code 1\); its stderr ends: .*NOTES_API_KEY is not set$/,
  ],
  [
    "server never answers",
    ["mcp", "list", fixtureCommand("never-initialize.mjs"), "--timeout", "1"],
    /^the server did not answer server\/discover or initialize within 1s: raise --timeout if it is just slow$/,
  ],
  [
    "malformed config",
    ["mcp", "list", "--config", malformed],
    /malformed\.json is not a readable client config: not valid JSON/,
  ],
  [
    "config naming no such server",
    ["mcp", "list", "--config", two, "--server", "c"],
    /two\.json has no server named "c"; it has: a, b$/,
  ],
  [
    "config with several servers",
    ["mcp", "list", "--config", two],
    /two\.json lists 2 servers \(a, b\): pick one with --server NAME$/,
  ],
  [
    "missing .json argument",
    ["mcp", "list", "nope.json"],
    /^no such file: nope\.json \(a \.json argument is read as a saved snapshot or lock, never launched\)$/,
  ],
  [
    "file of the wrong kind",
    ["mcp", "list", wrongKind],
    /is not a snapshot \(kind "something\.else", expected "toolscore\.mcp-snapshot"\)/,
  ],
  ["snapshot of another version", ["mcp", "list", wrongVersion], /snapshot_version "9" is not supported/],
  [
    "--config with a command",
    ["mcp", "list", "node server.js", "--config", vscode],
    /^give either a SERVER .* or --config, not both$/,
  ],
  [
    "--server without --config",
    ["mcp", "list", "node x.js", "--server", "a"],
    /^--server names an entry of a --config file/,
  ],
  [
    "unknown option",
    ["mcp", "list", "node x.js", "--jsn", "-"],
    /^Unknown option '--jsn'.*\(see: toolscore mcp list --help\)$/,
  ],
  [
    "bad --timeout",
    ["mcp", "list", "node x.js", "--timeout", "soon"],
    /^--timeout takes a number of seconds above 0/,
  ],
  ["bad --env", ["mcp", "list", "node x.js", "--env", "NOEQUALS"], /^--env takes KEY=VALUE/],
  ["unclosed quote", ["mcp", "list", "node 'x.js"], /a single quote is not closed$/],
  [
    "two positionals",
    ["mcp", "list", "node", "x.js"],
    /^unexpected argument "x\.js": quote a launch command/,
  ],
  ["help for an unknown command", ["help", "pythn"], /^unknown command 'pythn'/],
  [
    "--json into a missing folder",
    ["mcp", "list", fixtureCommand("garbage-stdout.mjs"), "--json", "/nonexistent-dir/x.json"],
    /^cannot write \/nonexistent-dir\/x\.json \(ENOENT\): check that its folder exists and is writable$/,
  ],
  [
    "bad --client-capabilities",
    ["mcp", "list", "node x.js", "--client-capabilities", "roots,telepathy"],
    /^--client-capabilities takes a list of elicitation, elicitation.url, roots, sampling; got "telepathy"$/,
  ],
];

describe("errors: one line, exit 2, no stack", () => {
  for (const [name, argv, expected] of CASES) {
    test(name, async () => {
      const r = await runCli(argv);
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stdout, "");
      const lines = r.stderr.split("\n");
      assert.equal(lines.length, 2, `expected one line, got:\n${r.stderr}`);
      assert.match(lines[0]!, /^toolscore: /);
      assert.match(lines[0]!.slice("toolscore: ".length), expected);
      assert.doesNotMatch(r.stderr, /\n\s+at /);
    });
  }

  test("--verbose adds the stack", async () => {
    const r = await runCli(["mcp", "list", "nope.json", "--verbose"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^toolscore: no such file: nope\.json/);
    assert.match(r.stderr, /\n\s+at /);
  });

  test("a VS Code config with one server needs no --server", async () => {
    const r = await runCli(["mcp", "list", "--config", vscode, "--json", "-"]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal((JSON.parse(r.stdout) as { server: { name: string } }).server.name, "garbage-stdout");
  });

  test("the built bin prints the same single line and exits 2", async () => {
    const r = await runBin(["pythn"]);
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      "toolscore: unknown command 'pythn': run 'toolscore help' for the list of commands\n",
    );
    const s = await runBin(["mcp", "list", "pythn server.py"]);
    assert.equal(s.code, 2);
    assert.equal(
      s.stderr,
      "toolscore: command not found: pythn (check the spelling, or give its full path)\n",
    );
  });
});

test("a secret given to a server never reaches the output: argument, --env value and their echoes", async () => {
  const cmd = `${fixtureCommand("echoes-secrets.mjs")} --access-token=sbp_SECRETVALUE1`;
  const r = await runCli(["mcp", "list", cmd, "--env", "NOTES_API_KEY=nk_live_0123456789"]);
  assert.equal(r.code, 2);
  for (const secret of [
    "sbp_SECRETVALUE1",
    "nk_live_0123456789",
    Buffer.from("nk_live_0123456789").toString("base64"),
  ])
    assert.ok(!(r.stdout + r.stderr).includes(secret), `${secret} in ${r.stderr}`);
  assert.match(r.stderr, /--access-token=\*\*\*/);
  assert.match(r.stderr, /key \*\*\* \(\*\*\*\) was refused/);
});

test("mcp --help, mcp alone, mcp help and help mcp list the mcp commands; mcp help X is X's help", async () => {
  for (const argv of [["mcp", "--help"], ["mcp", "-h"], ["mcp"], ["mcp", "help"], ["help", "mcp"]]) {
    const r = await runCli(argv);
    assert.equal(r.code, 0, argv.join(" "));
    assert.equal(r.stderr, "");
    assert.match(r.stdout, /^Usage: toolscore mcp <command> \[options\]\n/, argv.join(" "));
    for (const sub of ["list", "lint", "test", "pin", "verify-pin", "diff", "scan", "guard"])
      assert.match(r.stdout, new RegExp(`^  mcp ${sub} `, "m"), `${argv.join(" ")}: ${sub}`);
    assert.doesNotMatch(r.stdout, /^  demo/m);
  }
  const lint = await runCli(["mcp", "lint", "--help"]);
  for (const argv of [
    ["mcp", "help", "lint"],
    ["help", "mcp", "lint"],
  ]) {
    const r = await runCli(argv);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, lint.stdout, argv.join(" "));
  }
  const top = await runCli(["help"]);
  assert.equal(top.code, 0);
  assert.match(top.stdout, /^toolscore \S+: grade, pin and diff MCP servers/);
});
