// Keeps the wiki example of examples/pinning/ true: its lock is the lock of its snapshot, and the
// rug-pulled snapshot drifts in its prompts and template. UPDATE_EXAMPLES=1 writes the lock.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import { buildLock } from "../../src/pin/lock.js";
import { serializeLock } from "../../src/pin/lock-serialize.js";
import { ROOT, runCli, tempDir } from "../support/cli.js";

const DIR = join(ROOT, "examples", "pinning");

test("examples/pinning/wiki.lock.json is the lock of wiki.json", () => {
  const text = serializeLock(buildLock(ServerSnapshot.read(join(DIR, "wiki.json"))));
  if (process.env.UPDATE_EXAMPLES === "1") writeFileSync(join(DIR, "wiki.lock.json"), text);
  assert.equal(readFileSync(join(DIR, "wiki.lock.json"), "utf8"), text);
});

test("mcp lint names the prompt whose description hides a character", async () => {
  const r = await runCli(["mcp", "lint", "examples/pinning/wiki-rugpull.json", "--json", "-"]);
  assert.equal(r.code, 1, r.stderr);
  const report = JSON.parse(r.stdout) as {
    findings: Array<{ rule: string; tool: null; item: unknown; path: string }>;
  };
  assert.deepEqual(
    report.findings.filter((f) => f.rule === "hidden-unicode").map((f) => [f.tool, f.item, f.path]),
    [[null, { kind: "prompt", key: "export_everything" }, "description"]],
  );
  const text = await runCli(["mcp", "lint", "examples/pinning/wiki-rugpull.json"]);
  assert.match(text.stdout, /^ {2}hidden-unicode {2}prompt export_everything {2}description$/m);
  const dir = tempDir("toolscore-wiki-");
  try {
    const file = join(dir.dir, "lint.sarif");
    await runCli(["mcp", "lint", "examples/pinning/wiki-rugpull.json", "--sarif", file]);
    assert.match(readFileSync(file, "utf8"), /"fullyQualifiedName": "prompts\/export_everything"/);
  } finally {
    dir.remove();
  }
});
