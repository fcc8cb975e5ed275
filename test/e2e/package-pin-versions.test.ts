// `mcp guard --install --pin-versions` on Codex's config.toml, and on entries the guard wraps
// already: the floating npx entry is held to the version the lock records and wrapped by the guard,
// in the file the config link points to, keeping its mode, the link and every byte not meant to
// change. The lock is pinned from the
// fixture package installed by copying it into node_modules (no registry is needed for that).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import {
  chmodSync,
  cpSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { parse } from "smol-toml";
import { runCli, tempDir } from "../support/cli.js";
import { NOTES_NAME, NOTES_PACKAGE } from "../support/packages.js";
import { joinCommand } from "../../src/mcp/argv.js";

const tmp = tempDir("toolscore-pin-versions-");
after(() => tmp.remove());
const LOCK = join(tmp.dir, "notes.lock.json");
const REAL = join(tmp.dir, "codex", "config.toml");
const LINK = join(tmp.dir, "config.toml");

const CONFIG = `# Codex
model = "o3"

[mcp_servers.notes]
command = "npx"   # from npm
args = ["-y", "${NOTES_NAME}@^1"] # floats
env = { NOTES_DIR = "/srv/notes" }

[mcp_servers.time]
command = "uvx"
args = ["mcp-server-time"]
`;

before(async () => {
  const installed = join(tmp.dir, "project", "node_modules", NOTES_NAME);
  cpSync(NOTES_PACKAGE, installed, { recursive: true });
  const r = await runCli(["mcp", "pin", `node ${join(installed, "server.mjs")}`, "--lock", LOCK]);
  assert.equal(r.code, 0, r.stderr);
  mkdirSync(join(tmp.dir, "codex"));
  writeFileSync(REAL, CONFIG);
  chmodSync(REAL, 0o600);
  symlinkSync(REAL, LINK);
});

test("the floating npx entry of a TOML config is held to the locked version, then wrapped; the file keeps its link and mode", async () => {
  const r = await runCli(
    [
      "mcp",
      "guard",
      "--install",
      "--config",
      LINK,
      "--lock",
      LOCK,
      "--pin-versions",
      "--server",
      "notes",
      "--toolscore",
      "toolscore",
    ],
    { cwd: tmp.dir },
  );
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, new RegExp(`notes: ${NOTES_NAME}@\\^1 held to ${NOTES_NAME}@1\\.0\\.0`));
  assert.ok(lstatSync(LINK).isSymbolicLink());
  assert.equal(statSync(REAL).mode & 0o777, 0o600);
  const text = readFileSync(REAL, "utf8");
  assert.equal(
    text,
    CONFIG.replace(
      `command = "npx"   # from npm\nargs = ["-y", "${NOTES_NAME}@^1"] # floats`,
      `command = "toolscore"   # from npm\nargs = ["mcp", "guard", "--lock", ${JSON.stringify(LOCK)}, "--", "npx", "-y", "${NOTES_NAME}@1.0.0"] # floats`,
    ),
  );
  const entry = (parse(text) as { mcp_servers: Record<string, { args: string[] }> }).mcp_servers.notes!;
  assert.deepEqual(entry.args.slice(-3), ["npx", "-y", `${NOTES_NAME}@1.0.0`]);
  // Held and guarded: a second run changes nothing.
  const again = await runCli(
    [
      "mcp",
      "guard",
      "--install",
      "--config",
      LINK,
      "--lock",
      LOCK,
      "--pin-versions",
      "--server",
      "notes",
      "--toolscore",
      "toolscore",
    ],
    { cwd: tmp.dir },
  );
  assert.equal(again.code, 0, again.stderr);
  assert.equal(readFileSync(REAL, "utf8"), text);
});

test("an entry the guard wraps already (its -- form) has its version held in place", async () => {
  writeFileSync(REAL, readFileSync(REAL, "utf8").replace(`${NOTES_NAME}@1.0.0`, `${NOTES_NAME}@latest`));
  const before = readFileSync(REAL, "utf8");
  const r = await runCli(
    ["mcp", "guard", "--install", "--config", LINK, "--lock", LOCK, "--pin-versions", "--server", "notes"],
    { cwd: tmp.dir },
  );
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, new RegExp(`notes: ${NOTES_NAME}@latest held to ${NOTES_NAME}@1\\.0\\.0`));
  assert.equal(readFileSync(REAL, "utf8"), before.replace(`${NOTES_NAME}@latest`, `${NOTES_NAME}@1.0.0`));
  assert.equal(statSync(REAL).mode & 0o777, 0o600);
});

test("a JSON entry the guard wraps in its one-argument form has the version held in its command line and kept command", async () => {
  const config = join(tmp.dir, "mcp.json");
  const original = {
    mcpServers: {
      notes: { command: "npx", args: ["-y", `${NOTES_NAME}@^1`], env: { NOTES_DIR: "/srv/notes" } },
    },
  };
  writeFileSync(config, JSON.stringify(original, null, 2) + "\n");
  const install = [
    "mcp",
    "guard",
    "--install",
    "--config",
    config,
    "--lock",
    LOCK,
    "--toolscore",
    "toolscore",
  ];
  const wrapped = await runCli(install, { cwd: tmp.dir });
  assert.equal(wrapped.code, 0, wrapped.stderr);
  const before = readFileSync(config, "utf8");
  const line = (v: string) => JSON.stringify(joinCommand(["npx", "-y", `${NOTES_NAME}@${v}`]));
  assert.ok(before.includes(line("^1")), before);
  const r = await runCli([...install, "--pin-versions"], { cwd: tmp.dir });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, new RegExp(`notes: ${NOTES_NAME}@\\^1 held to ${NOTES_NAME}@1\\.0\\.0`));
  const after = readFileSync(config, "utf8");
  assert.equal(
    after,
    before.replace(line("^1"), line("1.0.0")).replace(`"${NOTES_NAME}@^1"`, `"${NOTES_NAME}@1.0.0"`),
  );
  const entry = (JSON.parse(after) as { mcpServers: { notes: Record<string, unknown> } }).mcpServers.notes;
  assert.deepEqual(entry["x-toolscore-args"], ["-y", `${NOTES_NAME}@1.0.0`]);
  assert.equal((entry.args as string[]).at(-1), `npx -y ${NOTES_NAME}@1.0.0`);
  // Uninstalling gives back the entry, held.
  const un = await runCli(["mcp", "guard", "--uninstall", "--config", config], { cwd: tmp.dir });
  assert.equal(un.code, 0, un.stderr);
  assert.deepEqual(JSON.parse(readFileSync(config, "utf8")), {
    mcpServers: { notes: { ...original.mcpServers.notes, args: ["-y", `${NOTES_NAME}@1.0.0`] } },
  });
});
