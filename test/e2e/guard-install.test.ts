// mcp guard --install / --uninstall on real client configs, with the built bin: the file edited in
// place, installing twice changes nothing, and uninstalling gives the file back byte for byte.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfigText } from "../../src/mcp/config-file.js";
import { fixture, ROOT, runBin, tempDir } from "../support/cli.js";
import { surfaceFile } from "../support/fake-home.js";

const CLI = join(ROOT, "dist", "cli.js");
const TOOLSCORE = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)}`;

describe("mcp guard --install and --uninstall", () => {
  const tmp = tempDir();
  const dir = tmp.dir;
  const config = join(dir, "mcp.json");
  const set = join(dir, "toolscore.lockset.json");
  let original = "";
  before(async () => {
    writeFileSync(join(dir, "notes.json"), JSON.stringify(surfaceFile("notes", ["get_note", "list_notes"])));
    original = `{
  // Cursor's MCP servers: comments, trailing commas
  "mcpServers": {
    "notes": {
      "command": ${JSON.stringify(process.execPath)},
      "args": [
        ${JSON.stringify(fixture("pin-surface.mjs"))},
        ${JSON.stringify(join(dir, "notes.json"))}, // the surface it serves
      ],
      "env": { "NOTES_TOKEN": "not-a-real-token" },
      "x-team": "docs",
    },
    "remote": { "url": "https://mcp.example.com/mcp", },
  },
}
`;
    writeFileSync(config, original);
    // The set pins the stdio server; the URL entry is not started.
    const notesOnly = join(dir, "notes-only.json");
    const entry = { command: process.execPath, args: [fixture("pin-surface.mjs"), join(dir, "notes.json")] };
    writeFileSync(notesOnly, JSON.stringify({ mcpServers: { notes: entry } }));
    const pin = await runBin(["mcp", "pin", "--config", notesOnly, "--lock", set], { cwd: dir });
    assert.equal(pin.code, 0, pin.stderr);
  });
  after(() => tmp.remove());

  test("a server the lock does not pin is refused and nothing changes", async () => {
    const data = JSON.parse(readFileSync(set, "utf8")) as { servers: Record<string, unknown> };
    const emptySet = join(dir, "empty.lockset.json");
    writeFileSync(emptySet, JSON.stringify({ ...data, servers: {} }));
    const r = await runBin(["mcp", "guard", "--install", "--config", config, "--lock", emptySet], {
      cwd: dir,
    });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /not in .*empty\.lockset\.json: notes; pin first/);
    assert.equal(readFileSync(config, "utf8"), original);
    assert.ok(!existsSync(config + ".toolscore-backup"));
  });

  test("install: the entry runs the guard, backup first, twice changes nothing", async () => {
    const r = await runBin(
      ["mcp", "guard", "--install", "--config", config, "--lock", set, "--toolscore", TOOLSCORE],
      { cwd: dir },
    );
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /notes: wrapped/);
    assert.match(r.stdout, /remote: not wrapped: a URL entry/);
    assert.equal(readFileSync(config + ".toolscore-backup", "utf8"), original);
    const once = readFileSync(config, "utf8");
    assert.ok(once.includes("// the surface it serves") && once.includes('"x-team": "docs"'));
    const entry = (
      parseConfigText(once, config) as { mcpServers: Record<string, { command: string; args: string[] }> }
    ).mcpServers.notes!;
    assert.equal(entry.command, process.execPath);
    assert.deepEqual(entry.args.slice(0, 7), [CLI, "mcp", "guard", "--lock", set, "--server", "notes"]);
    const again = await runBin(
      ["mcp", "guard", "--install", "--config", config, "--lock", set, "--toolscore", TOOLSCORE],
      { cwd: dir },
    );
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /notes: already guarded/);
    assert.equal(readFileSync(config, "utf8"), once);
  });

  test("uninstall gives the file back byte for byte", async () => {
    const r = await runBin(["mcp", "guard", "--uninstall", "--config", config], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /notes: unwrapped/);
    assert.equal(readFileSync(config, "utf8"), original);
  });

  test("Codex's TOML is refused with the lines to write by hand", async () => {
    const toml = join(dir, "config.toml");
    const text = `[mcp_servers.docs]\ncommand = "npx"\nargs = ["-y", "docs@1"]\n`;
    writeFileSync(toml, text);
    const r = await runBin(["mcp", "guard", "--install", "--config", toml, "--lock", set], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /is TOML \(Codex\): toolscore does not rewrite it; nothing was changed/);
    assert.match(
      r.stderr,
      /args = \["mcp","guard","--lock",".*","--server","docs","--","npx","-y","docs@1"\]/,
    );
    assert.equal(readFileSync(toml, "utf8"), text);
  });
});
