// Files and options a user's machine hands toolscore, driven through the built bin: JSON files
// that start with a byte-order mark, out-of-range --timeout, a missing working folder.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { ROOT, fixture, runBin, tempDir } from "../support/cli.js";

const tmp = tempDir();
after(() => tmp.remove());
const NOTES = `node ${JSON.stringify(join(ROOT, "dist", "notes-server.js"))}`;
const at = (name: string) => join(tmp.dir, name);
const BOM = "\uFEFF";
const withBom = (path: string) => writeFileSync(path, BOM + readFileSync(path, "utf8"));

describe("a JSON file that starts with a UTF-8 byte-order mark is read", () => {
  test("snapshot, lock, capability overrides, config and lock set", async () => {
    const list = await runBin(["mcp", "list", NOTES, "--json", at("snap.json")]);
    assert.equal(list.code, 0, list.stderr);
    withBom(at("snap.json"));
    const lint = await runBin(["mcp", "lint", at("snap.json")]);
    assert.notEqual(lint.code, 2, lint.stderr);
    assert.match(lint.stdout, /notes-server/);

    writeFileSync(at("caps.json"), `${BOM}{"export_notes": ["read"]}\n`);
    const pin = await runBin([
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
    const verify = await runBin(["mcp", "verify-pin", at("snap.json"), "--lock", at("lock.json")]);
    assert.equal(verify.code, 0, verify.stdout + verify.stderr);

    writeFileSync(
      at("mcp.json"),
      BOM +
        JSON.stringify({
          mcpServers: { notes: { command: "node", args: [join(ROOT, "dist", "notes-server.js")] } },
        }),
    );
    const set = await runBin(["mcp", "pin", "--config", at("mcp.json"), "--lock", at("set.json")]);
    assert.equal(set.code, 0, set.stderr);
    withBom(at("set.json"));
    const verifySet = await runBin([
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
    const r = await runBin(["mcp", "lint", at("two-marks.json")]);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /^toolscore: .*two-marks\.json is not a readable snapshot or lock: not valid JSON/,
    );
  });
});

describe("--timeout past what a timer holds", () => {
  test("2147484 seconds is refused in one line, before anything starts", async () => {
    const r = await runBin([
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
    const r = await runBin(["mcp", "list", NOTES, "--timeout", "2147483"]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, "");
    assert.match(r.stdout, /notes-server 1\.0\.0/);
  });
});

describe("a working folder that does not exist", () => {
  test("--cwd: the folder is named, not the command", async () => {
    const r = await runBin(["mcp", "list", NOTES, "--cwd", at("no-such-folder")]);
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
    const r = await runBin(["mcp", "list", "--config", at("cwd.json")]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^toolscore: the server's working folder .*\/missing does not exist/);
    assert.doesNotMatch(r.stderr, /command not found/);
  });

  test("a file given as the folder", async () => {
    writeFileSync(at("plain-file"), "");
    const r = await runBin(["mcp", "list", NOTES, "--cwd", at("plain-file")]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /working folder .*plain-file is not a folder/);
  });
});
