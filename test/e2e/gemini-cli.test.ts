// time limit: 300 s (many server and client processes)
// A real client, Gemini CLI (Apache-2.0, from npm): its settings are pinned and the guard installed
// into them, and the client's own headless listing (`gemini mcp list`, which connects to each
// server) finds every guarded server connected; the same entries under a lock set edited by hand,
// listed beside them, are refused by the guard and the client sees them disconnected, so the guard
// is the one it reached. One listing shows both.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "jsonc-parser";
import { startStatefulStreamableHttp, type HttpFixture } from "../fixtures/servers/http-servers.mjs";
import { fixture, ROOT, runCli, tempDir } from "../support/cli.js";

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
  // Gemini CLI's user settings: no update check, no usage statistics
  "general": { "disableAutoUpdate": true, "disableUpdateNag": true },
  "privacy": { "usageStatisticsEnabled": false },
  "mcpServers": {
    "notes": { "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(fixture("pin-surface.mjs"))}, ${JSON.stringify(surface)}] },
    "remote": { "httpUrl": ${JSON.stringify(http.url)} }
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
