// time limit: 300 s (many server and client processes)
// Two clients' own config files, pinned and guarded as the client keeps them.
// - A real client, Gemini CLI (Apache-2.0, from npm): its settings are pinned and the guard
//   installed into them, and the client's own headless listing (`gemini mcp list`, which connects
//   to each server) finds every guarded server connected; the same entries under a lock set edited
//   by hand, listed beside them, are refused by the guard and the client sees them disconnected,
//   so the guard is the one it reached. One listing shows both.
// - Claude Code's ~/.claude.json keeps servers user-wide (`mcpServers`) and per project
//   (`projects["DIR"].mcpServers`, where `claude mcp add` puts them). Scan, pin, verify-pin,
//   install and uninstall cover both, each entry under its own name in the lock set, so that a
//   project's entry never takes the lock of a user-wide entry of the same name.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { parse } from "jsonc-parser";
import { startStatefulStreamableHttp, type HttpFixture } from "../fixtures/servers/http-servers.mjs";
import { fixture, ROOT, runCli, tempDir } from "../support/cli.js";
import { surfaceFile } from "../support/fake-home.js";
const GEMINI = join(ROOT, "node_modules", ".bin", "gemini");
const CLI = join(ROOT, "dist", "cli.js");

/** `gemini mcp list` under `home`, from `project`: each server's line. */
function geminiList(home: string, project: string): Promise<string> {
  return new Promise((done, fail) => {
    execFile(
      GEMINI,
      ["mcp", "list"],
      // No credentials are needed to list; nothing here reaches Google. GEMINI_CLI_NO_RELAUNCH: the
      // listing runs in the process started, not in a second one it would start for a larger heap.
      {
        cwd: project,
        env: { PATH: process.env.PATH, HOME: home, NO_COLOR: "1", GEMINI_CLI_NO_RELAUNCH: "1" },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        error ? fail(new Error(`${error.message}\n${stderr}`)) : done(stdout + stderr),
    );
  });
}

describe("Gemini CLI lists every server through the installed guard", () => {
  const tmp = tempDir();
  const home = join(tmp.dir, "home");
  const project = join(tmp.dir, "project");
  const settings = join(home, ".gemini", "settings.json");
  const set = join(tmp.dir, "toolscore.lockset.json");
  const tampered = join(tmp.dir, "tampered.lockset.json");
  let http: HttpFixture;
  before(async () => {
    http = await startStatefulStreamableHttp();
    mkdirSync(join(home, ".gemini"), { recursive: true });
    mkdirSync(project);
    // Gemini CLI starts no stdio server in a folder the user has not trusted.
    writeFileSync(
      join(home, ".gemini", "trustedFolders.json"),
      JSON.stringify({ [project]: "TRUST_FOLDER" }),
    );
    // No "protocol": the fixture answers with the version the client asks for.
    const surface = join(tmp.dir, "notes.json");
    writeFileSync(
      surface,
      JSON.stringify({
        server: { name: "notes", version: "1.0.0" },
        tools: [{ name: "get_note", description: "Get a note.", inputSchema: { type: "object" } }],
      }),
    );
    writeFileSync(
      settings,
      `{
  // Gemini CLI's user settings: no update check, no usage statistics; a minute for each server to
  // answer the listing (5 s unless "timeout" says otherwise), for a busy machine
  "general": { "disableAutoUpdate": true, "disableUpdateNag": true },
  "privacy": { "usageStatisticsEnabled": false },
  "mcpServers": {
    "notes": { "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(fixture("pin-surface.mjs"))}, ${JSON.stringify(surface)}], "timeout": 60000 },
    "remote": { "httpUrl": ${JSON.stringify(http.url)}, "timeout": 60000 }
  }
}
`,
    );
    const pin = await runCli(["mcp", "pin", "--config", settings, "--lock", set], { cwd: tmp.dir });
    assert.equal(pin.code, 0, pin.stderr);
    const install = await runCli(
      [
        "mcp",
        "guard",
        "--install",
        "--config",
        settings,
        "--lock",
        set,
        "--toolscore",
        `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)}`,
      ],
      { cwd: tmp.dir },
    );
    assert.equal(install.code, 0, install.stderr);
    assert.match(install.stdout, /notes: wrapped/);
    assert.match(install.stdout, /remote: wrapped/);
    // A copy of the lock set edited by hand (the notes server's tools taken out), and beside each
    // installed entry the same entry under that copy.
    const data = JSON.parse(readFileSync(set, "utf8")) as { servers: Record<string, { tools: unknown[] }> };
    data.servers.notes!.tools = [];
    writeFileSync(tampered, JSON.stringify(data, null, 2));
    const installed = parse(readFileSync(settings, "utf8")) as {
      mcpServers: Record<string, { command: string; args: string[] }>;
    };
    for (const name of ["notes", "remote"]) {
      const entry = installed.mcpServers[name]!;
      assert.ok(entry.args.includes(set), JSON.stringify(entry));
      installed.mcpServers[`${name}-tampered`] = {
        ...entry,
        args: entry.args.map((a) => (a === set ? tampered : a)),
      };
    }
    writeFileSync(settings, JSON.stringify(installed, null, 2));
  });
  after(async () => {
    await http.close();
    tmp.remove();
  });

  test("every guarded server connects; the same entries under a tampered lock set do not", async () => {
    const listed = await geminiList(home, project);
    assert.match(listed, new RegExp(`notes: ${process.execPath} ${CLI} mcp guard .*- Connected`));
    assert.match(listed, new RegExp(`remote: ${process.execPath} ${CLI} mcp guard .*- Connected`));
    assert.ok(http.seen.length > 0, "the guard reached the URL server");
    assert.match(listed, new RegExp(`notes-tampered: ${process.execPath} ${CLI} mcp guard .*- Disconnected`));
    assert.match(
      listed,
      new RegExp(`remote-tampered: ${process.execPath} ${CLI} mcp guard .*- Disconnected`),
    );
  });
});

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
