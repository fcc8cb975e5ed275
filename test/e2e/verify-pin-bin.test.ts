// The built bin, spawned: pin the sample server, and catch its rug-pulled form. (The demo runs from
// the installed package, in package.test.ts.)
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..", "..");
const dir = mkdtempSync(join(tmpdir(), "toolscore-pin-bin-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const NOTES = `node ${JSON.stringify(join(ROOT, "dist", "notes-server.js"))}`;

function bin(args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, "dist", "cli.js"), ...args], {
    cwd: dir,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test("dist/cli.js: pin, verify clean (exit 0), verify the rug pull (exit 1)", () => {
  const pin = bin(["mcp", "pin", NOTES]);
  assert.equal(pin.code, 0, pin.stderr);
  assert.equal(
    readFileSync(join(dir, "toolscore.lock.json"), "utf8"),
    readFileSync(join(ROOT, "examples", "pinning", "notes.lock.json"), "utf8"),
  );
  const clean = bin(["mcp", "verify-pin", NOTES]);
  assert.equal(clean.code, 0, clean.stdout + clean.stderr);
  const pulled = bin(["mcp", "verify-pin", `${NOTES} --rugpull`]);
  assert.equal(pulled.code, 1);
  const expected = readFileSync(join(ROOT, "examples", "pinning", "verify-pin-output.txt"), "utf8");
  assert.equal(pulled.stdout, expected.slice(expected.indexOf("\n") + 1));
  // --fail-on never on the same rug pull, read from its saved snapshot (which pin-examples.test.ts
  // keeps equal to the live one): the same findings, without starting the server again.
  const rugpulled = join(ROOT, "examples", "pinning", "notes-rugpull.json");
  const never = bin(["mcp", "verify-pin", rugpulled, "--fail-on", "never"]);
  assert.equal(never.code, 0);
  assert.match(never.stdout, /Pin check: OK \(0 failing of 3 finding\(s\), --fail-on never\)\n$/);
});
