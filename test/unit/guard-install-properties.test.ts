// Laws of installing the guard, over configs made at random in every format toolscore edits: for
// any config the parsers accept, install then uninstall gives back the original bytes, and
// installing twice changes nothing; through the command on a real file, the mode comes back too.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { runs } from "../support/runs.js";
import { parseConfigText, serverBlocks, type ConfigShape } from "../../src/mcp/config-file.js";
import { installGuard, uninstallGuard, type InstallOptions } from "../../src/scan/guard-install.js";
import { installGuardToml, uninstallGuardToml } from "../../src/scan/guard-install-toml.js";
import { buildLockSet, serializeLockSet } from "../../src/pin/lockset.js";
import { readLock } from "../../src/pin/lock-file.js";
import { ROOT, runCli, tempDir } from "../support/cli.js";

const OPTS: InstallOptions = {
  toolscore: ["node", "/opt/toolscore/cli.js"],
  lock: "/home/me/toolscore.lockset.json",
  lockSet: true,
  pinned: () => true,
};

// Words with the characters that need escaping in JSON and TOML, spaces and non-ASCII letters.
const word = fc.stringMatching(/^[a-zA-Z0-9 ._\-/"\\é€:@=$%{}]{0,12}$/);
const name = fc.stringMatching(/^[a-zA-Z0-9_-]{1,10}$/);
const commandEntry = fc.record(
  {
    command: word.filter((w) => w !== ""),
    args: fc.array(word, { maxLength: 4 }),
    env: fc.dictionary(name, word, { maxKeys: 2 }),
    cwd: word,
  },
  { requiredKeys: ["command"] },
);
const urlEntry = fc.record({ type: fc.constant("http"), url: fc.constant("https://h.example.com/mcp") });
const servers = fc.dictionary(name, fc.oneof({ weight: 4, arbitrary: commandEntry }, urlEntry), {
  minKeys: 1,
  maxKeys: 4,
});
// The layout a person or a client may give the file.
const layout = fc.record({
  indent: fc.constantFrom(0, 2, 4, "\t"),
  comment: fc.boolean(),
  crlf: fc.boolean(),
  trailingCommas: fc.boolean(),
});

const SHAPES: Array<[ConfigShape, (s: Record<string, unknown>) => unknown]> = [
  ["mcpServers", (s) => ({ mcpServers: s, theme: "dark" })],
  ["servers", (s) => ({ servers: s })],
  ["mcp.servers", (s) => ({ "editor.fontSize": 12, mcp: { servers: s } })],
  [
    "claude-code",
    (s) => ({ numStartups: 4, mcpServers: s, projects: { "/home/me/app": { mcpServers: s } } }),
  ],
];

function jsonText(
  data: unknown,
  l: { indent: number | string; comment: boolean; crlf: boolean; trailingCommas: boolean },
): string {
  let text = JSON.stringify(data, null, l.indent);
  if (l.trailingCommas) text = text.replace(/(["\]}0-9])(\s*\n\s*[}\]])/g, "$1,$2");
  if (l.comment) text = `// my servers\n${text}`;
  text += "\n";
  return l.crlf ? text.replace(/\n/g, "\r\n") : text;
}

test("JSON and JSONC: install then uninstall gives the bytes back; installing twice changes nothing", () => {
  fc.assert(
    fc.property(fc.constantFrom(...SHAPES), servers, layout, ([shape, wrap], s, l) => {
      const text = jsonText(wrap(s), l);
      const blocks = serverBlocks(parseConfigText(text, "c.json", "jsonc"), shape);
      const installed = installGuard(text, shape, blocks, OPTS);
      parseConfigText(installed.text, "c.json", "jsonc");
      const again = installGuard(installed.text, shape, blocks, OPTS);
      assert.equal(again.text, installed.text);
      assert.equal(uninstallGuard(installed.text, shape, blocks).text, text);
    }),
    { numRuns: runs(300), seed: 25 },
  );
});

const tomlString = (w: string) => JSON.stringify(w);
test("Codex's TOML: install then uninstall gives the bytes back; installing twice changes nothing", () => {
  const entries = fc.dictionary(
    name,
    fc.record({
      command: word.filter((w) => w !== ""),
      // An empty list right after the command comes back as no list (the one documented exception).
      args: fc.option(fc.array(word, { minLength: 1, maxLength: 4 })),
    }),
    {
      minKeys: 1,
      maxKeys: 4,
    },
  );
  fc.assert(
    fc.property(entries, fc.boolean(), (s, comment) => {
      const text =
        `model = "o3"\n` +
        Object.entries(s)
          .map(
            ([n, e]) =>
              `\n[mcp_servers.${n}]${comment ? " # a server" : ""}\ncommand = ${tomlString(e.command)}\n` +
              (e.args === null ? "" : `args = [${e.args.map(tomlString).join(", ")}]\n`),
          )
          .join("");
      const installed = installGuardToml(text, OPTS);
      assert.equal(installGuardToml(installed.text, OPTS).text, installed.text);
      assert.equal(uninstallGuardToml(installed.text).text, text);
    }),
    { numRuns: runs(200), seed: 25 },
  );
});

const tmp = tempDir();
after(() => tmp.remove());

test("through the command on a real file: bytes and mode come back, and a second install writes nothing", async () => {
  // A lock set pinning every name the configs below use.
  const lock = readLock(join(ROOT, "test", "fixtures", "locks", "everything-0.1.0.lock.json"));
  let n = 0;
  await fc.assert(
    fc.asyncProperty(servers, layout, fc.constantFrom(0o600, 0o640, 0o644), async (s, l, mode) => {
      const dir = join(tmp.dir, String(n++));
      mkdirSync(dir);
      const set = join(dir, "set.json");
      const launch = { transport: "stdio" as const, command: "x", args: [], url: null, env: [], headers: [] };
      writeFileSync(
        set,
        serializeLockSet(
          buildLockSet(Object.fromEntries(Object.keys(s).map((k) => [k, { ...lock, launch }]))),
        ),
      );
      const file = join(dir, "mcp.json");
      const text = jsonText({ mcpServers: s }, l);
      writeFileSync(file, text);
      chmodSync(file, mode);
      const cli = (...a: string[]) => runCli(["mcp", "guard", ...a, "--config", file], { cwd: dir });
      const first = await cli("--install", "--lock", set);
      assert.equal(first.code, 0, first.stderr);
      const once = readFileSync(file, "utf8");
      const second = await cli("--install", "--lock", set);
      assert.match(second.stdout, /Nothing to change/);
      assert.equal(readFileSync(file, "utf8"), once);
      const un = await cli("--uninstall");
      assert.equal(un.code, 0, un.stderr);
      assert.equal(readFileSync(file, "utf8"), text);
      assert.equal(statSync(file).mode & 0o777, mode);
    }),
    { numRuns: runs(15), seed: 25 },
  );
});
