// Reading and editing a user's file: only regular files are read, within the bound, and an edit made
// while a client rewrites the file is made again on the client's text, never over it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isToolscoreError } from "../../src/util/errors.js";
import { editUserFile, readUserFileIfAny } from "../../src/mcp/config-io.js";
import { tempDir } from "../support/cli.js";

test("an edit made while the client rewrites the file is made again on the client's text", () => {
  const tmp = tempDir();
  try {
    const p = join(tmp.dir, "claude.json");
    writeFileSync(p, '{"numStartups": 1}\n');
    let calls = 0;
    const r = editUserFile(p, (f) => {
      // The client writes its own change after toolscore read the file, before it writes.
      if (calls++ === 0) writeFileSync(p, '{"numStartups": 2}\n');
      return { text: f.text.replace("}", ', "guarded": true}'), result: calls };
    });
    assert.equal(r.result, 2);
    assert.equal(readFileSync(p, "utf8"), '{"numStartups": 2, "guarded": true}\n');
    // The backup is of the file as it was when the edit was written over it.
    assert.equal(readFileSync(p + ".toolscore-backup", "utf8"), '{"numStartups": 2}\n');
  } finally {
    tmp.remove();
  }
});

test("a file that keeps changing is refused, and the client's last text stays", () => {
  const tmp = tempDir();
  try {
    const p = join(tmp.dir, "claude.json");
    writeFileSync(p, "0");
    let k = 0;
    assert.throws(
      () =>
        editUserFile(p, (f) => {
          writeFileSync(p, String(++k));
          return { text: f.text + "x", result: null };
        }),
      (e) =>
        isToolscoreError(e, "CONFIG_INVALID") &&
        /kept changing .* \(3 tries\): nothing was changed/.test(e.message),
    );
    assert.equal(readFileSync(p, "utf8"), "3");
  } finally {
    tmp.remove();
  }
});

test("only regular files are read: devices, FIFOs, link loops and dangling links are refused by name", () => {
  const tmp = tempDir();
  try {
    const at = (name: string) => join(tmp.dir, name);
    symlinkSync("/dev/zero", at("zero.json"));
    symlinkSync("/dev/urandom", at("random.json"));
    execFileSync("mkfifo", [at("fifo.json")]);
    symlinkSync(at("loop-b.json"), at("loop-a.json"));
    symlinkSync(at("loop-a.json"), at("loop-b.json"));
    symlinkSync(at("gone.json"), at("dangling.json"));
    const why = (name: string) => {
      try {
        readUserFileIfAny(at(name));
        return "read";
      } catch (e) {
        return isToolscoreError(e, "FILE_INVALID") ? e.message.slice(at(name).length + 1) : String(e);
      }
    };
    assert.equal(why("zero.json"), "is a character device, not a regular file: not read");
    assert.equal(why("random.json"), "is a character device, not a regular file: not read");
    assert.equal(why("fifo.json"), "is a FIFO, not a regular file: not read");
    assert.equal(why("loop-a.json"), "is a symlink loop: not read");
    assert.equal(why("dangling.json"), "is a symlink to a missing file: not read");
    assert.equal(readUserFileIfAny(at("nothing.json")), undefined);
  } finally {
    tmp.remove();
  }
});

test("a file past the size bound is refused; one at the bound is read", () => {
  const tmp = tempDir();
  try {
    const p = join(tmp.dir, "big.json");
    writeFileSync(p, "x".repeat(1000));
    assert.equal(readUserFileIfAny(p, 1000)!.text.length, 1000);
    assert.throws(
      () => readUserFileIfAny(p, 999),
      (e) =>
        isToolscoreError(e, "FILE_INVALID") &&
        /is larger than 999 bytes, more than any client config: not read$/.test(e.message),
    );
  } finally {
    tmp.remove();
  }
});
