// Runs the README's pinning example exactly as written, against the bundled sample server: the
// launch command becomes the sample server's, the lock goes to a temporary folder, `toolscore`
// is this repository's src/index.ts, and the `// x === y` comments become assertions.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";

const ROOT = resolve(import.meta.dirname, "..", "..");

function pinningExample(): string {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)];
  const code = blocks.map((b) => b[1]).find((c) => c?.includes("verifyPin(buildLock(snapshot), snapshot"));
  assert.ok(
    code?.includes("verifyPin(buildLock(snapshot), snapshot"),
    "the README shows the pinning example",
  );
  return code ?? "";
}

test("the README's pinning example runs as written", async () => {
  const dir = mkdtempSync(join(tmpdir(), "toolscore-readme-"));
  try {
    const lock = join(dir, "toolscore.lock.json");
    let code = pinningExample();
    const replaced = (from: string | RegExp, to: string) => {
      const next = code.replace(from, to);
      assert.notEqual(next, code, `the example contains ${String(from)}`);
      code = next;
    };
    replaced(`from "toolscore"`, `from ${JSON.stringify(pathToFileURL(join(ROOT, "src", "index.ts")).href)}`);
    replaced(
      `["python", "my_server.py"]`,
      JSON.stringify([process.execPath, join(ROOT, "dist", "notes-server.js")]),
    );
    replaced(/"toolscore\.lock\.json"/g, JSON.stringify(lock));
    replaced("// report.ok === true", "if (report.ok !== true) throw new Error('report.ok is not true');");
    replaced(
      "// later.findings: []",
      "if (later.findings.length !== 0) throw new Error('later has findings'); //",
    );
    const file = join(dir, "example.mts");
    writeFileSync(file, code + "\nexport const done = true;\n");
    // TypeScript, loaded through tsx whatever runs this file.
    const mod = (await tsImport(pathToFileURL(file).href, import.meta.url)) as { done: boolean };
    assert.equal(mod.done, true);
    assert.match(readFileSync(lock, "utf8"), /"kind": "toolscore.mcp-lock"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
