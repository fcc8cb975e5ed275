import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { main } from "../../src/cli/main.js";
import type { CliContext } from "../../src/cli/context.js";
import { SAMPLE_SNAPSHOT } from "../support/cli.js";

const ROOT = resolve(import.meta.dirname, "..", "..");
const NOTES = `node ${JSON.stringify(join(ROOT, "dist", "notes-server.js"))}`;
const dir = mkdtempSync(join(tmpdir(), "toolscore-pin-"));
after(() => rmSync(dir, { recursive: true, force: true }));

async function cli(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const ctx: CliContext = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    env: { ...process.env },
    cwd: dir,
    isTTY: false,
    columns: 200,
  };
  const code = await main(argv, ctx);
  return { code, stdout, stderr };
}

const oneLine = (s: string) => s.endsWith("\n") && s.split("\n").length === 2 && s.startsWith("toolscore: ");

test("mcp pin writes toolscore.lock.json by default and says what it pinned", async () => {
  const r = await cli(["mcp", "pin", SAMPLE_SNAPSHOT]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stdout,
    "Pinned 8 tools of notes-server 1.0.0 (protocol 2026-07-28)\n" +
      "  capabilities: read 5, write 3, delete 1 (delete_note)\n" +
      "  lock: toolscore.lock.json\n",
  );
  const lock = JSON.parse(readFileSync(join(dir, "toolscore.lock.json"), "utf8")) as { kind: string };
  assert.equal(lock.kind, "toolscore.mcp-lock");
});

// Malformed locks: one clear line on stderr, exit 2, never a crash.
const LOCKS: Array<[string, string, RegExp]> = [
  ["not JSON", "hello", /is not a readable lock: not valid JSON/],
  ["empty", "", /the file is empty/],
  ["truncated", '{"kind": "toolscore.mcp-lock", "lock_version": "1", "tools": [', /not valid JSON/],
  [
    "of the wrong kind",
    '{"kind": "toolscore.mcp-snapshot"}',
    /is not a lock \(kind "toolscore.mcp-snapshot"/,
  ],
  [
    "of another version",
    '{"kind": "toolscore.mcp-lock", "lock_version": "9"}',
    /lock_version "9" is not supported/,
  ],
  ["missing fields", '{"kind": "toolscore.mcp-lock", "lock_version": "1"}', /"server" is not an object/],
  [
    "with wrong-typed fields",
    '{"kind": "toolscore.mcp-lock", "lock_version": "1", "server": {}, "protocol": "x", "client_capabilities": [], "instructions_sha256": null, "capability_overrides": {}, "tools": {}, "lock_sha256": ""}',
    /"tools" is not a list/,
  ],
];
for (const [name, text, message] of LOCKS) {
  test(`verify-pin with a lock ${name}: one line, exit 2`, async () => {
    const file = join(dir, "bad.lock.json");
    writeFileSync(file, text);
    const r = await cli(["mcp", "verify-pin", NOTES, "--lock", file]);
    assert.equal(r.code, 2);
    assert.ok(oneLine(r.stderr), r.stderr);
    assert.match(r.stderr, message);
    assert.equal(r.stdout, "");
  });
}

test("verify-pin without a lock says how to make one", async () => {
  const r = await cli(["mcp", "verify-pin", NOTES, "--lock", "nope.lock.json"]);
  assert.equal(r.code, 2);
  assert.equal(
    r.stderr,
    "toolscore: no such lock: nope.lock.json (write one with toolscore mcp pin SERVER, or name it with --lock FILE)\n",
  );
});

test("usage errors: a bad --fail-on, an unreachable server", async () => {
  const bad = await cli(["mcp", "verify-pin", NOTES, "--fail-on", "sometimes"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--fail-on takes one of drift, capability, never/);
  const gone = await cli(["mcp", "verify-pin", "node -e process.exit(3)"]);
  assert.equal(gone.code, 2);
  assert.ok(gone.stderr.startsWith("toolscore: "));
});

test("a failed pin never damages an existing lock", async () => {
  const file = join(dir, "keep.lock.json");
  writeFileSync(file, "precious\n");
  const dead = await cli(["mcp", "pin", "node -e process.exit(3)", "--lock", file]);
  assert.equal(dead.code, 2);
  const caps = join(dir, "caps.json");
  writeFileSync(caps, '{"create_note": ["fly"]}');
  const badCaps = await cli(["mcp", "pin", NOTES, "--lock", file, "--capabilities", caps]);
  assert.equal(badCaps.code, 2);
  assert.ok(oneLine(badCaps.stderr), badCaps.stderr);
  assert.match(badCaps.stderr, /"create_note" names "fly"/);
  assert.equal(readFileSync(file, "utf8"), "precious\n");
});

test("a lock whose folder is missing fails before the server is started, one lock or a lock set", async () => {
  const mark = join(dir, "started");
  const server = join(dir, "marks.mjs");
  writeFileSync(
    server,
    `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(mark)}, "");\n`,
  );
  const config = join(dir, "marks.mcp.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { marks: { command: "node", args: [server] } } }));
  const missing = join(dir, "missing", "x.lock.json");
  for (const argv of [
    ["mcp", "pin", `node ${JSON.stringify(server)}`, "--lock", missing],
    ["mcp", "pin", "--config", config, "--lock", missing],
  ]) {
    const r = await cli(argv);
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      `toolscore: cannot write ${missing} (ENOENT): check that its folder exists and is writable\n`,
    );
    assert.equal(existsSync(mark), false, "the server was started");
  }
});

test("mcp pin refuses a lock as its SERVER", async () => {
  const r = await cli(["mcp", "pin", join(dir, "toolscore.lock.json"), "--lock", "other.lock.json"]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /needs a live server or a snapshot, not a lock/);
});

test("verify-pin takes a lock as its SERVER too", async () => {
  const r = await cli(["mcp", "verify-pin", join(dir, "toolscore.lock.json")]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(
    r.stdout,
    "Pin check\n  8 tools match the lock\nPin check: OK (0 failing of 0 finding(s), --fail-on drift)\n",
  );
});

test("--json - writes the report to stdout and the console report to stderr", async () => {
  // The rug-pulled sample server's saved snapshot (kept equal to the live one by the examples' test).
  const rugpull = join(ROOT, "examples", "pinning", "notes-rugpull.json");
  const r = await cli(["mcp", "verify-pin", rugpull, "--json", "-"]);
  assert.equal(r.code, 1);
  const report = JSON.parse(r.stdout) as Record<string, unknown>;
  assert.equal(report.kind, "toolscore.mcp-pin-report");
  assert.equal(report.ok, false);
  assert.equal(report.fail_on, "drift");
  assert.equal(report.failing, 3);
  assert.equal(report.total, 3);
  assert.match(r.stderr, /^Pin check\n/);
});
