// Files and options a user's machine hands toolscore: JSON files that start with a byte-order mark,
// out-of-range --timeout, a missing working folder, output paths that are devices or FIFOs, and a
// write that fails part-way. The CLI runs in-process, except where the process itself is what is
// looked at (Node's warnings on its stderr, its own stdout as a path, a FIFO read beside it, a file
// size limit), where the built bin runs. The notes server is listed once, and its snapshot stands in
// for it where only what is written, not the server, is looked at.
import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { ROOT, fixture, runBin, runCli, tempDir } from "../support/cli.js";

const tmp = tempDir();
after(() => tmp.remove());
const NOTES = `node ${JSON.stringify(join(ROOT, "dist", "notes-server.js"))}`;
const at = (name: string) => join(tmp.dir, name);
const BOM = "\uFEFF";
const withBom = (path: string) => writeFileSync(path, BOM + readFileSync(path, "utf8"));
// A raw server of three tools, for a config entry and a run that only needs a server to start.
const THREE = `node ${JSON.stringify(fixture("three-tools.mjs"))}`;
// The notes server's snapshot: a SERVER for mcp list and mcp pin that starts no process.
const SNAP = at("notes.json");
before(async () => {
  const list = await runCli(["mcp", "list", NOTES, "--json", SNAP]);
  assert.equal(list.code, 0, list.stderr);
});

describe("a JSON file that starts with a UTF-8 byte-order mark is read", () => {
  test("snapshot, lock, capability overrides, config and lock set", async () => {
    writeFileSync(at("snap.json"), BOM + readFileSync(SNAP, "utf8"));
    const lint = await runCli(["mcp", "lint", at("snap.json")]);
    assert.notEqual(lint.code, 2, lint.stderr);
    assert.match(lint.stdout, /notes-server/);

    writeFileSync(at("caps.json"), `${BOM}{"export_notes": ["read"]}\n`);
    const pin = await runCli([
      "mcp",
      "pin",
      at("snap.json"),
      "--lock",
      at("lock.json"),
      "--capabilities",
      at("caps.json"),
    ]);
    assert.equal(pin.code, 0, pin.stderr);
    withBom(at("lock.json"));
    const verify = await runCli(["mcp", "verify-pin", at("snap.json"), "--lock", at("lock.json")]);
    assert.equal(verify.code, 0, verify.stdout + verify.stderr);

    writeFileSync(
      at("mcp.json"),
      BOM +
        JSON.stringify({
          mcpServers: { three: { command: "node", args: [fixture("three-tools.mjs")] } },
        }),
    );
    const set = await runCli(["mcp", "pin", "--config", at("mcp.json"), "--lock", at("set.json")]);
    assert.equal(set.code, 0, set.stderr);
    withBom(at("set.json"));
    const verifySet = await runCli([
      "mcp",
      "verify-pin",
      "--config",
      at("mcp.json"),
      "--lock",
      at("set.json"),
    ]);
    assert.equal(verifySet.code, 0, verifySet.stdout + verifySet.stderr);
  });

  test("only one: a second mark is not JSON", async () => {
    writeFileSync(at("two-marks.json"), `${BOM}${BOM}{"kind": "toolscore.mcp-snapshot"}`);
    const r = await runCli(["mcp", "lint", at("two-marks.json")]);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /^toolscore: .*two-marks\.json is not a readable snapshot or lock: not valid JSON/,
    );
  });
});

describe("--timeout past what a timer holds", () => {
  test("2147484 seconds is refused in one line, before anything starts", async () => {
    const r = await runCli([
      "mcp",
      "list",
      `node ${JSON.stringify(fixture("never-initialize.mjs"))}`,
      "--timeout",
      "2147484",
    ]);
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      'toolscore: --timeout takes a number of seconds above 0 and at most 2147483 (about 24 days), got "2147484"\n',
    );
  });

  test("2147483 seconds, the most, works without a warning", async () => {
    const r = await runBin(["mcp", "list", THREE, "--timeout", "2147483"]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, "");
    assert.match(r.stdout, /three-tools 1\.0\.0/);
  });
});

describe("a working folder that does not exist", () => {
  test("--cwd: the folder is named, not the command", async () => {
    const r = await runCli(["mcp", "list", NOTES, "--cwd", at("no-such-folder")]);
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      `toolscore: the server's working folder ${at("no-such-folder")} does not exist (--cwd, or the config entry's cwd)\n`,
    );
  });

  test("a config entry's cwd", async () => {
    writeFileSync(
      at("cwd.json"),
      JSON.stringify({ mcpServers: { notes: { command: "node", args: ["server.js"], cwd: "missing" } } }),
    );
    const r = await runCli(["mcp", "list", "--config", at("cwd.json")]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^toolscore: the server's working folder .*\/missing does not exist/);
    assert.doesNotMatch(r.stderr, /command not found/);
  });

  test("a file given as the folder", async () => {
    writeFileSync(at("plain-file"), "");
    const r = await runCli(["mcp", "list", NOTES, "--cwd", at("plain-file")]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /working folder .*plain-file is not a folder/);
  });
});

describe("an output path that is a device, a FIFO or a link into /dev or /proc", () => {
  const snapshotIn = (text: string) => {
    const doc = text.slice(0, text.indexOf("\n}\n") + 3);
    return JSON.parse(doc) as { kind: string; tools: unknown[] };
  };

  test("a FIFO is written into and stays a FIFO", async () => {
    const fifo = at("report.fifo");
    execFileSync("mkfifo", [fifo]);
    const reader = spawn("cat", [fifo], { stdio: ["ignore", "pipe", "ignore"] });
    let read = "";
    reader.stdout.on("data", (d: Buffer) => (read += d));
    const readerDone = new Promise((r) => reader.on("close", r));
    const r = await runBin(["mcp", "list", SNAP, "--json", fifo]);
    const timer = setTimeout(() => reader.kill("SIGKILL"), 5_000);
    await readerDone;
    clearTimeout(timer);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(lstatSync(fifo).isFIFO(), true);
    assert.equal(snapshotIn(read).kind, "toolscore.mcp-snapshot");
  });

  test("a link to /proc/self/fd/1 is written into, and stays a link", async () => {
    const link = at("stdout-link");
    symlinkSync("/proc/self/fd/1", link);
    const r = await runBin(["mcp", "list", SNAP, "--json", link]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(snapshotIn(r.stdout).tools.length, 8);
    assert.equal(lstatSync(link).isSymbolicLink(), true);
    assert.equal(readdirSync(tmp.dir).filter((f) => f.endsWith(".tmp")).length, 0);
  });

  test("/dev/stdout itself (as root in CI containers) stays /dev/stdout", async () => {
    const r = await runBin(["mcp", "list", SNAP, "--json", "/dev/stdout"]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(snapshotIn(r.stdout).kind, "toolscore.mcp-snapshot");
    assert.equal(lstatSync("/dev/stdout").isSymbolicLink(), true);
  });

  test("a full device (a link to /dev/full): one line saying the disk is full, exit 2", async () => {
    const link = at("full-link");
    symlinkSync("/dev/full", link);
    const r = await runCli(["mcp", "list", SNAP, "--json", link]);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, `toolscore: cannot write ${link}: disk full (ENOSPC)\n`);
    assert.equal(readlinkSync(link), "/dev/full");
  });
});

describe("a write that fails part-way", () => {
  test("the lock is kept as it was, the temporary file is removed, and the error says why", async () => {
    const dir = join(tmp.dir, "limited");
    mkdirSync(dir);
    // A lock of one of the notes server's tools; then its eight, a lock past the limit.
    const snapshot = JSON.parse(readFileSync(SNAP, "utf8")) as { tools: unknown[] };
    writeFileSync(at("one-tool.json"), JSON.stringify({ ...snapshot, tools: snapshot.tools.slice(0, 1) }));
    const pinned = await runCli(["mcp", "pin", at("one-tool.json"), "--lock", "toolscore.lock.json"], {
      cwd: dir,
    });
    assert.equal(pinned.code, 0, pinned.stderr);
    const before = readFileSync(join(dir, "toolscore.lock.json"), "utf8");
    // A file size limit of 4 blocks: writing the new lock fails after a short write, for real.
    const cli = join(ROOT, "dist", "cli.js");
    const r = spawnSync(
      "sh",
      ["-c", `ulimit -f 4 && exec "$0" "$@"`, process.execPath, cli, "mcp", "pin", SNAP],
      { cwd: dir, encoding: "utf8", timeout: 30_000 },
    );
    assert.equal(r.status, 2, r.stderr);
    assert.equal(
      r.stderr,
      `toolscore: cannot write ${join(dir, "toolscore.lock.json")}: larger than the file size limit (EFBIG)\n`,
    );
    assert.equal(readFileSync(join(dir, "toolscore.lock.json"), "utf8"), before);
    assert.deepEqual(readdirSync(dir), ["toolscore.lock.json"]);
  });
});

describe("a number past JSON's range (1e400) in what a server sends", () => {
  const server = `node ${JSON.stringify(fixture("huge-number.mjs"))}`;
  const line =
    'toolscore: tool "count_items" holds a number too large for JSON at inputSchema.properties.limit.maximum (a value such as 1e400 reads as Infinity): it cannot be kept in a snapshot or lock as the server sent it\n';

  test("mcp list --json and mcp pin refuse it alike, in one line naming the tool and the field", async () => {
    const list = await runCli(["mcp", "list", server, "--json", at("huge.json")]);
    assert.equal(list.code, 2);
    assert.equal(list.stderr, line);
    assert.equal(existsSync(at("huge.json")), false);
    const toStdout = await runCli(["mcp", "list", server, "--json", "-"]);
    assert.equal(toStdout.code, 2);
    assert.equal(toStdout.stdout, "");
    assert.equal(toStdout.stderr, line);
    const pin = await runCli(["mcp", "pin", server, "--lock", at("huge.lock.json")]);
    assert.equal(pin.code, 2);
    assert.equal(pin.stderr, line);
    assert.equal(existsSync(at("huge.lock.json")), false);
  });

  test("the console listing still shows the tool", async () => {
    const r = await runCli(["mcp", "list", server]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /count_items/);
  });

  test("in a prompt, a resource template or serverInfo: refused alike, naming what holds it", async () => {
    const cases = [
      ["prompt", 'prompt "greet"', "arguments[0].weight"],
      ["template", 'resource template "notes:///{id}"', "annotations.priority"],
      ["server", "serverInfo", "build"],
    ];
    for (const [variant, holder, path] of cases) {
      const expected = `toolscore: ${holder} holds a number too large for JSON at ${path} (a value such as 1e400 reads as Infinity): it cannot be kept in a snapshot or lock as the server sent it\n`;
      const env = { FIXTURE_VARIANT: variant! };
      const list = await runCli(["mcp", "list", server, "--json", at(`${variant}.json`)], { env });
      assert.deepEqual([list.code, list.stderr], [2, expected], variant);
      assert.equal(existsSync(at(`${variant}.json`)), false);
      const pin = await runCli(["mcp", "pin", server, "--lock", at(`${variant}.lock.json`)], { env });
      assert.deepEqual([pin.code, pin.stderr], [2, expected], variant);
      assert.equal(existsSync(at(`${variant}.lock.json`)), false);
    }
  });
});
