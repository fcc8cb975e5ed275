// mcp scan over a fake home holding a config of every supported client.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { alive, fixture, pidRecorder, runCli } from "../support/cli.js";
import { fakeHome, SECRETS, surfaceFile, writeEveryClient, type FakeHome } from "../support/fake-home.js";

interface JsonRow {
  client: string;
  scope: string;
  file: string;
  name: string | null;
  transport: string | null;
  target: string | null;
  env: string[];
  headers: string[];
  placeholders: string[];
  guarded: boolean;
  problem: string | null;
  listed?: { server: string; tools: number; protocol: string; capabilities: string[] };
}

const noSecrets = (text: string) => {
  for (const s of SECRETS) assert.ok(!text.includes(s), `secret ${s} shown`);
};

describe("mcp scan: every client in a fake home", () => {
  let h: FakeHome;
  let expected: Array<[string, string, string]>;
  const pids = pidRecorder();
  before(() => {
    h = fakeHome();
    const surface = h.write("surface.json", JSON.stringify(surfaceFile("surface", ["get_note"])));
    expected = writeEveryClient(h, surface);
  });
  after(() => {
    pids.cleanup();
    h.remove();
  });

  test("finds every server with its client and scope, reports the broken file, launches nothing", async () => {
    const out = join(h.project, "scan.json");
    // Piped: the table keeps one line a row however wide (a terminal gets a block per row).
    const run = await runCli(["mcp", "scan", "--json", out], {
      env: { ...h.env, ...pids.env },
      cwd: h.project,
      columns: undefined,
    });
    assert.equal(run.code, 1, run.stderr);
    const doc = JSON.parse(readFileSync(out, "utf8")) as { kind: string; ok: boolean; servers: JsonRow[] };
    assert.equal(doc.kind, "toolscore.mcp-scan");
    assert.equal(doc.ok, false);
    const found = doc.servers
      .filter((r) => r.name !== null)
      .map((r) => [r.client, r.scope, r.name])
      .sort();
    assert.deepEqual(found, [...expected].sort());
    const broken = doc.servers.filter((r) => r.problem !== null);
    assert.equal(broken.length, 1);
    assert.equal(broken[0]!.file, join(h.project, ".cursor", "mcp.json"));
    assert.match(broken[0]!.problem!, /not valid JSON: PropertyNameExpected at line 1, column 46/);
    assert.match(run.stdout, /Cursor +project +- .*not valid JSON/);
    assert.deepEqual(pids.pids(), [], "a server was started without --list");
    noSecrets(run.stdout + run.stderr + readFileSync(out, "utf8"));
  });

  test("transports, env and header names, references as written, credentials hidden", async () => {
    const run = await runCli(["mcp", "scan", "--json", "-"], { env: h.env, cwd: h.project });
    const rows = (JSON.parse(run.stdout) as { servers: JsonRow[] }).servers;
    const row = (name: string) => rows.find((r) => r.name === name)!;
    // [server, transport, env names, header names, placeholders]
    const CASES: Array<[string, string, string[], string[], string[]]> = [
      ["desktop-notes", "stdio", ["NOTES_KEY"], [], []],
      ["code-local", "http", [], [], []],
      ["cursor-remote", "http", [], ["Authorization"], []],
      ["windsurf-remote", "http", [], [], []],
      ["vscode-user", "stdio", ["KEY", "OTHER"], [], ["${input:key}"]],
      ["gemini-http", "http", [], ["X-Key"], ["${GEMINI_KEY}"]],
      ["codex-docs", "stdio", ["DOCS_KEY"], [], []],
      ["codex-figma", "http", [], ["Authorization"], ["${FIGMA_TOKEN}"]],
      ["oc-local", "stdio", ["OC"], [], []],
      ["oc-remote", "http", [], [], []],
      ["project-vscode", "stdio", [], [], ["${workspaceFolder}"]],
    ];
    for (const [name, transport, env, headers, placeholders] of CASES) {
      assert.deepEqual(
        [row(name).transport, row(name).env, row(name).headers, row(name).placeholders],
        [transport, env, headers, placeholders],
        name,
      );
    }
    assert.equal(row("oc-local").target, "bun x oc-mcp");
    // Secrets in arguments are hidden; references stay as written and are named.
    assert.equal(row("kiro-fetch").target, "uvx mcp-server-fetch --api-key=*** --user-agent=${env:KIRO_UA}");
    assert.deepEqual(row("kiro-fetch").placeholders, ["${env:KIRO_UA}"]);
    assert.equal(row("q-time").target, 'uvx mcp-server-time --token *** --header "Authorization: ***"');
    assert.equal(
      row("cline-git").target,
      "uvx mcp-server-git --remote https://***:***@git.example.com/r.git",
    );
    assert.equal(row("code-local").target, "https://***:***@api.example.com/mcp?token=***");
    assert.ok(rows.every((r) => r.guarded === false));
    noSecrets(run.stdout + run.stderr);
  });

  test("a file that is there but cannot be read is a row saying why, never skipped", async () => {
    const g = fakeHome();
    try {
      mkdirSync(join(g.home, ".gemini", "settings.json"), { recursive: true });
      g.write("home/.kiro/settings/mcp.json", "  \n");
      g.write("home/.codex/config.toml", '[mcp_servers.x]\ncommand = "unterminated\n');
      g.write("home/.cursor/mcp.json", `{"mcpServers": {"ok": {"command": "node"}, "odd": {"args": ["x"]}}}`);
      const run = await runCli(["mcp", "scan", "--json", "-"], { env: g.env, cwd: g.project });
      assert.equal(run.code, 1, run.stderr);
      const rows = (JSON.parse(run.stdout) as { servers: JsonRow[] }).servers;
      const why = (end: string, name: string | null = null) =>
        rows.find((r) => r.file.endsWith(end) && r.name === name)?.problem;
      assert.match(why(join(".gemini", "settings.json"))!, /is a folder, not a client config/);
      assert.match(why(join(".kiro", "settings", "mcp.json"))!, /the file is empty/);
      assert.match(why("config.toml")!, /not valid TOML/);
      assert.match(why(join(".cursor", "mcp.json"), "odd")!, /neither "command" nor "url"/);
      assert.equal(why(join(".cursor", "mcp.json"), "ok"), null);
      assert.match(run.stderr, /2 servers in 4 files, 0 guarded; 4 could not be read\./);
    } finally {
      g.remove();
    }
  });

  test("a guarded entry is shown as guarded", async () => {
    const g = fakeHome();
    try {
      g.write(
        "home/.cursor/mcp.json",
        JSON.stringify({
          mcpServers: {
            plain: { command: "node", args: ["s.js"] },
            wrapped: {
              command: "toolscore",
              args: ["mcp", "guard", "--lock", "/l.json", "--", "node", "s.js"],
            },
          },
        }),
      );
      const run = await runCli(["mcp", "scan", "--json", "-"], { env: g.env, cwd: g.project });
      assert.equal(run.code, 0, run.stderr);
      const rows = (JSON.parse(run.stdout) as { servers: JsonRow[] }).servers;
      assert.deepEqual(
        rows.map((r) => [r.name, r.guarded]),
        [
          ["plain", false],
          ["wrapped", true],
        ],
      );
    } finally {
      g.remove();
    }
  });
});

describe("mcp scan --list", () => {
  const pids = pidRecorder();
  let h: FakeHome;
  before(() => {
    h = fakeHome();
    const a = h.write("a.json", JSON.stringify(surfaceFile("alpha", ["get_a", "delete_a"])));
    const b = h.write("b.json", JSON.stringify(surfaceFile("beta", ["get_b"])));
    const entry = (file: string, ...args: string[]) => ({
      command: process.execPath,
      args: [fixture(file), ...args],
    });
    h.write(
      "home/.cursor/mcp.json",
      JSON.stringify({
        mcpServers: {
          alpha: entry("pin-surface.mjs", a),
          beta: entry("pin-surface.mjs", b),
          crash: entry("crash-on-start.mjs"),
        },
      }),
    );
  });
  after(() => {
    pids.cleanup();
    h.remove();
  });

  test("lists each server in parallel; a server that cannot start is a row with the reason", async () => {
    const run = await runCli(["mcp", "scan", "--list", "--concurrency", "2", "--json", "-"], {
      env: { ...h.env, ...pids.env },
      cwd: h.project,
    });
    assert.equal(run.code, 1, run.stderr);
    const rows = (JSON.parse(run.stdout) as { servers: JsonRow[] }).servers;
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    assert.deepEqual(byName.alpha!.listed, {
      server: "alpha 1.0.0",
      protocol: "2025-11-25",
      tools: 2,
      capabilities: ["delete", "read"],
    });
    assert.equal(byName.beta!.listed!.tools, 1);
    assert.equal(byName.crash!.listed, undefined);
    assert.match(byName.crash!.problem!, /exited before it finished the MCP handshake/);
    assert.match(run.stderr, /listed: alpha 1\.0\.0, protocol 2025-11-25, 2 tools \(delete, read\)/);
    assert.match(run.stderr, /not listed: .*crash-on-start/);
    // Each server was started (a failed start may be tried again), and none is left running.
    assert.ok(pids.pids().length >= 3, String(pids.pids().length));
    for (const pid of pids.pids()) assert.ok(!alive(pid), `server ${pid} left running`);
  });

  test("--concurrency out of range is a usage error", async () => {
    const run = await runCli(["mcp", "scan", "--list", "--concurrency", "0"], { env: h.env, cwd: h.project });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--concurrency takes a whole number from 1 to 32/);
  });
});
