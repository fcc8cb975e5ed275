// The guard installed into a config that the MCP Inspector (the real one, from npm) launches with
// `--config FILE --server NAME`: the Inspector parses the entry's arguments again with its own option
// parser, which drops a `--` and takes options it knows (`--header`, `--transport`…) for its own.
// The installed form carries the server's command in one argument, so the guard starts the server
// with every word of it and the Inspector lists the pinned tools through the guard.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fixture, ROOT, runBin, runNode, tempDir } from "../support/cli.js";
import { surfaceFile } from "../support/fake-home.js";

const INSPECTOR = join(ROOT, "node_modules", "@modelcontextprotocol", "inspector", "cli", "build", "cli.js");
const TOOLSCORE = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(ROOT, "dist", "cli.js"))}`;

const tmp = tempDir();
const dir = tmp.dir;
const config = join(dir, "mcp.json");
const set = join(dir, "toolscore.lockset.json");
const surface = join(dir, "notes surface.json");
let original = "";

before(async () => {
  writeFileSync(surface, JSON.stringify(surfaceFile("notes", ["get_note", "list_notes"])));
  // Words the Inspector's parser would take for itself if they stood as arguments of their own:
  // pin-surface.mjs reads only its first argument and ignores the rest.
  original = `{
  "mcpServers": {
    "notes": {
      "command": ${JSON.stringify(process.execPath)},
      "args": [${JSON.stringify(fixture("pin-surface.mjs"))}, ${JSON.stringify(surface)}, "--", "--transport", "sse", "--header", "X-A: b"]
    }
  }
}
`;
  writeFileSync(config, original);
  const pin = await runBin(["mcp", "pin", "--config", config, "--lock", set], { cwd: dir });
  assert.equal(pin.code, 0, pin.stderr);
  // A tool the lock does not pin: the guard withholds it, so the Inspector seeing only the pinned
  // ones shows it listed through the guard, not the server directly.
  writeFileSync(surface, JSON.stringify(surfaceFile("notes", ["get_note", "list_notes", "wipe_notes"])));
  const install = await runBin(
    ["mcp", "guard", "--install", "--config", config, "--lock", set, "--toolscore", TOOLSCORE],
    { cwd: dir },
  );
  assert.equal(install.code, 0, install.stderr);
});
after(() => tmp.remove());

test("the MCP Inspector's --config mode lists the pinned tools through the installed guard", async () => {
  const run = await runNode(
    INSPECTOR,
    ["--cli", "--config", config, "--server", "notes", "--method", "tools/list"],
    { cwd: dir, timeoutMs: 120_000 },
  );
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const listed = (JSON.parse(run.stdout) as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
  assert.deepEqual(listed.sort(), ["get_note", "list_notes"]);
});

test("uninstalling gives the config back byte for byte", async () => {
  const run = await runBin(["mcp", "guard", "--uninstall", "--config", config], { cwd: dir });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(readFileSync(config, "utf8"), original);
});
