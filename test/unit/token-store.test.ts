// The sign-in store's file handling: where it lives, its mode, its lock (turns, a dead holder's
// lock taken over, a live holder's waited for within a bound), and what it refuses.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import {
  credentialsPath,
  readCredentials,
  withCredentialsLock,
  writeCredentials,
  type CredentialsFile,
} from "../../src/mcp/token-store.js";
import { isToolscoreError } from "../../src/util/errors.js";
import { tempDir } from "../support/cli.js";

const tmp = tempDir("toolscore-token-store-");
after(() => tmp.remove());

const one: CredentialsFile = {
  kind: "toolscore.credentials",
  version: 1,
  signIns: [
    {
      server: "http://127.0.0.1:1/mcp",
      resource: "http://127.0.0.1:1/mcp",
      clientId: "c",
      tokens: { access_token: "at-unit-test-1", expires_in: 60 },
      savedAt: 1,
    },
  ],
};

test("the store lives under XDG_CONFIG_HOME, else ~/.config; a relative XDG_CONFIG_HOME is ignored", () => {
  if (process.platform === "win32") return;
  assert.equal(credentialsPath({ XDG_CONFIG_HOME: "/x", HOME: "/h" }), "/x/toolscore/credentials.json");
  assert.equal(
    credentialsPath({ XDG_CONFIG_HOME: "rel", HOME: "/h" }),
    "/h/.config/toolscore/credentials.json",
  );
  assert.throws(
    () => credentialsPath({}),
    (e) => isToolscoreError(e, "USAGE"),
  );
});

test("written with mode 600 whatever the umask, in a folder of mode 700, and read back", () => {
  const path = join(tmp.dir, "a", "toolscore", "credentials.json");
  const old = process.umask(0);
  try {
    writeCredentials(path, one);
  } finally {
    process.umask(old);
  }
  assert.equal(statSync(path).mode & 0o777, 0o600);
  assert.equal(statSync(join(tmp.dir, "a", "toolscore")).mode & 0o777, 0o700);
  assert.deepEqual(readCredentials(path), one);
});

test("a link is refused for reading and writing; the file it points to is untouched", () => {
  const target = join(tmp.dir, "target.json");
  writeFileSync(target, JSON.stringify(one), { mode: 0o600 });
  const dir = join(tmp.dir, "b");
  mkdirSync(dir);
  const path = join(dir, "credentials.json");
  symlinkSync(target, path);
  const refused = (e: unknown) =>
    isToolscoreError(e, "FILE_INVALID") && /it is a link/.test((e as Error).message);
  assert.throws(() => readCredentials(path), refused);
  assert.throws(() => writeCredentials(path, { ...one, signIns: [] }), refused);
  assert.deepEqual(JSON.parse(readFileSync(target, "utf8")), one);
});

test("no error quotes the store's bytes", () => {
  const path = join(tmp.dir, "garbled.json");
  writeFileSync(path, "at-secret-bytes-1234 not json", { mode: 0o600 });
  assert.throws(
    () => readCredentials(path),
    (e) => isToolscoreError(e, "FILE_INVALID") && !(e as Error).message.includes("at-secret-bytes"),
  );
});

test("the lock gives turns: two holders never overlap", async () => {
  const path = join(tmp.dir, "c", "credentials.json");
  let inside = 0;
  let most = 0;
  const hold = () =>
    withCredentialsLock(path, 5000, async () => {
      inside++;
      most = Math.max(most, inside);
      await new Promise((r) => setTimeout(r, 30));
      inside--;
    });
  await Promise.all([hold(), hold(), hold()]);
  assert.equal(most, 1);
});

test("a lock left by a process that is gone is taken over; one held by a live process is waited for, within the bound", async () => {
  const path = join(tmp.dir, "d", "credentials.json");
  mkdirSync(join(tmp.dir, "d"));
  // A process that has ended (a shell, cheaper to start than node) leaves its id.
  const gone = spawnSync("sh", ["-c", "echo $$"]).stdout.toString().trim();
  writeFileSync(`${path}.lock`, gone);
  assert.equal(await withCredentialsLock(path, 2000, () => Promise.resolve("taken")), "taken");
  writeFileSync(`${path}.lock`, String(process.pid));
  await assert.rejects(
    withCredentialsLock(path, 200, () => Promise.resolve("never")),
    (e) => isToolscoreError(e, "TIMEOUT"),
  );
});
