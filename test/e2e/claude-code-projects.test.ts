// Claude Code's ~/.claude.json keeps servers user-wide (`mcpServers`) and per project
// (`projects["DIR"].mcpServers`, where `claude mcp add` puts them). Scan, pin, verify-pin, install
// and uninstall cover both, each entry under its own name in the lock set, so that a project's
// entry never takes the lock of a user-wide entry of the same name.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { fixture, ROOT, runCli, tempDir } from "../support/cli.js";
import { surfaceFile } from "../support/fake-home.js";

const CLI = join(ROOT, "dist", "cli.js");
const TOOLSCORE = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)}`;

interface Entry {
  command: string;
  args: string[];
}

async function toolsThrough(entry: Entry, cwd: string): Promise<string[]> {
  const client = new Client({ name: "projects-test", version: "0" });
  await client.connect(
    new StdioClientTransport({ command: entry.command, args: entry.args, cwd, stderr: "ignore" }),
  );
  try {
    return (await client.listTools()).tools.map((t) => t.name).sort();
  } finally {
    await client.close();
  }
}

describe("Claude Code's per-project entries", () => {
  const tmp = tempDir();
  const home = join(tmp.dir, "home");
  const project = join(tmp.dir, "work", "app");
  const config = join(home, ".claude.json");
  const set = join(tmp.dir, "toolscore.lockset.json");
  const entry = (surface: string) => ({
    command: process.execPath,
    args: [fixture("pin-surface.mjs"), surface],
  });
  let original = "";
  before(() => {
    mkdirSync(home, { recursive: true });
    mkdirSync(project, { recursive: true });
    const user = join(tmp.dir, "user.json");
    const own = join(tmp.dir, "project.json");
    writeFileSync(user, JSON.stringify(surfaceFile("notes", ["user_tool"])));
    writeFileSync(own, JSON.stringify(surfaceFile("notes", ["project_tool_a", "project_tool_b"])));
    original = JSON.stringify(
      {
        numStartups: 3,
        mcpServers: { notes: entry(user) },
        projects: { [project]: { allowedTools: [], mcpServers: { notes: entry(own) } } },
      },
      null,
      2,
    );
    writeFileSync(config, original);
  });
  after(() => tmp.remove());

  test("scan shows both, the project's with its scope and folder", async () => {
    const r = await runCli(["mcp", "scan", "--json", "-"], {
      env: { HOME: home, XDG_CONFIG_HOME: join(tmp.dir, "xdg"), CLAUDE_CONFIG_DIR: "", CODEX_HOME: "" },
      cwd: tmp.dir,
    });
    const rows = (
      JSON.parse(r.stdout) as { servers: Array<{ scope: string; name: string; project: string | null }> }
    ).servers;
    assert.deepEqual(
      rows.map((x) => [x.scope, x.name, x.project]),
      [
        ["user", "notes", null],
        ["project", "notes", project],
      ],
    );
  });

  test("pin writes an entry for each, verify-pin checks each, install wraps each with its own", async () => {
    const pin = await runCli(["mcp", "pin", "--config", config, "--lock", set], { cwd: tmp.dir });
    assert.equal(pin.code, 0, pin.stderr);
    const pinned = JSON.parse(readFileSync(set, "utf8")) as {
      servers: Record<string, { tools: Array<{ name: string }> }>;
    };
    assert.deepEqual(Object.keys(pinned.servers), [`${project}:notes`, "notes"].sort());
    assert.deepEqual(
      pinned.servers[`${project}:notes`]!.tools.map((t) => t.name),
      ["project_tool_a", "project_tool_b"],
    );
    const verify = await runCli(["mcp", "verify-pin", "--config", config, "--lock", set], { cwd: tmp.dir });
    assert.equal(verify.code, 0, verify.stdout + verify.stderr);
    assert.match(verify.stdout, /Lock set check \(2 servers\)/);

    const install = await runCli(
      ["mcp", "guard", "--install", "--config", config, "--lock", set, "--toolscore", TOOLSCORE],
      { cwd: tmp.dir },
    );
    assert.equal(install.code, 0, install.stderr);
    assert.match(install.stdout, /  notes: wrapped\n/);
    assert.match(install.stdout, new RegExp(`  ${project}:notes: wrapped\\n`));
    const data = JSON.parse(readFileSync(config, "utf8")) as {
      numStartups: number;
      mcpServers: Record<string, Entry>;
      projects: Record<string, { mcpServers: Record<string, Entry> }>;
    };
    assert.equal(data.numStartups, 3);
    const userEntry = data.mcpServers.notes!;
    const projectEntry = data.projects[project]!.mcpServers.notes!;
    assert.deepEqual(userEntry.args.slice(1, 7), ["mcp", "guard", "--lock", set, "--server", "notes"]);
    assert.deepEqual(projectEntry.args.slice(1, 7), [
      "mcp",
      "guard",
      "--lock",
      set,
      "--server",
      `${project}:notes`,
    ]);
    // Each wrapped entry, launched as the client launches it, serves its own server's tools.
    assert.deepEqual(await toolsThrough(userEntry, home), ["user_tool"]);
    assert.deepEqual(await toolsThrough(projectEntry, project), ["project_tool_a", "project_tool_b"]);

    // The wrapped config pins and checks the same (the servers behind the guard).
    const again = await runCli(["mcp", "verify-pin", "--config", config, "--lock", set], { cwd: tmp.dir });
    assert.equal(again.code, 0, again.stdout + again.stderr);

    const un = await runCli(
      ["mcp", "guard", "--uninstall", "--config", config, "--server", `${project}:notes`],
      {
        cwd: tmp.dir,
      },
    );
    assert.equal(un.code, 0, un.stderr);
    assert.deepEqual(
      un.stdout.split("\n").filter((l) => l.startsWith("  ")),
      [`  ${project}:notes: unwrapped`],
    );
    const all = await runCli(["mcp", "guard", "--uninstall", "--config", config], { cwd: tmp.dir });
    assert.equal(all.code, 0, all.stderr);
    assert.equal(readFileSync(config, "utf8"), original);
  });

  test("a user-wide name that reads as a project's qualified name is refused, not confused", async () => {
    const clash = join(tmp.dir, "clash.json");
    writeFileSync(
      clash,
      JSON.stringify({
        mcpServers: { [`${project}:notes`]: { command: "a" } },
        projects: { [project]: { mcpServers: { notes: { command: "b" } } } },
      }),
    );
    const r = await runCli(["mcp", "pin", "--config", clash, "--lock", join(tmp.dir, "clash.lockset.json")], {
      cwd: tmp.dir,
    });
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /has two entries that go by ".*app:notes" \(a user-wide one and a project's\): rename one/,
    );
  });
});
