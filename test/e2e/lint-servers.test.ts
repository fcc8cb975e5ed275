import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { LintReport } from "../../src/report/lint-json.js";
import { ROOT, runBin, runCli, tempDir, type CliRun } from "../support/cli.js";

const pkg = (p: string) => JSON.stringify(join(ROOT, "node_modules", p, "dist", "index.js"));
const NOTES = `node ${JSON.stringify(join(ROOT, "dist", "notes-server.js"))}`;

// The sample notes server is linted once, by the built bin: its console report (the README's
// example) on stdout and its JSON report in a file.
const notesDir = tempDir();
after(() => notesDir.remove());
const NOTES_JSON = join(notesDir.dir, "notes-lint.json");
let notesLint: CliRun;
before(async () => {
  notesLint = await runBin(["mcp", "lint", NOTES, "--json", NOTES_JSON]);
});

async function lintLive(command: string, env: Record<string, string> = {}): Promise<LintReport> {
  const r = await runCli(["mcp", "lint", command, "--json", "-"], { env });
  assert.ok(r.code === 0 || r.code === 1, `exit ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as LintReport;
}

// Well-made official servers: whatever else lint says, it must not cry poison.
const OFFICIAL: Array<[string, (dir: string) => string]> = [
  ["server-memory 2025.4.25", () => `node ${pkg("mem2504")}`],
  ["server-memory 2026.8.31", () => `node ${pkg("mem2608")}`],
  ["server-filesystem 2025.8.21", (dir) => `node ${pkg("fs2025")} ${JSON.stringify(dir)}`],
  ["server-filesystem 2026.8.31", (dir) => `node ${pkg("fs2026")} ${JSON.stringify(dir)}`],
  ["server-everything", () => `node ${pkg("@modelcontextprotocol/server-everything")}`],
  ["server-sequential-thinking", () => `node ${pkg("@modelcontextprotocol/server-sequential-thinking")}`],
];

for (const [label, command] of OFFICIAL) {
  test(`${label}: no description-instruction, schema-instruction, hidden-unicode or annotation-conflict`, async () => {
    const tmp = tempDir();
    try {
      const report = await lintLive(command(tmp.dir), { MEMORY_FILE_PATH: join(tmp.dir, "memory.json") });
      assert.ok(report.tools > 0);
      const poison = report.findings.filter((f) =>
        ["description-instruction", "schema-instruction", "hidden-unicode", "annotation-conflict"].includes(
          f.rule,
        ),
      );
      assert.deepEqual(poison, []);
    } finally {
      tmp.remove();
    }
  });
}

test("the sample notes server: exactly its documented defects", () => {
  assert.equal(notesLint.code, 1, notesLint.stderr);
  const report = JSON.parse(readFileSync(NOTES_JSON, "utf8")) as LintReport;
  assert.deepEqual(
    report.findings.map((f) => [f.rule, f.tool, f.path]),
    [
      ["name-style-mixed", null, "tools[].name"],
      ["description-short", "search_notes", "description"],
      ["property-no-type", "search_notes", "inputSchema.properties.limit"],
    ],
  );
});

test("the rug-pulled sample: its search_notes description sends data away, an error", async () => {
  const report = await lintLive(`${NOTES} --rugpull`);
  const found = report.findings
    .filter((x) => x.rule === "description-instruction")
    .map((f) => [f.tool, f.severity, (f.args as { technique: string }).technique]);
  assert.deepEqual(found, [["search_notes", "error", "send-elsewhere"]]);
});

test("dist/cli.js mcp lint on the sample server: exit 1 on its error finding", () => {
  const r = notesLint;
  assert.equal(r.code, 1, r.stderr);
  assert.match(
    r.stdout,
    /Errors \(1\)\n {2}property-no-type {2}search_notes {2}inputSchema\.properties\.limit\n/,
  );
  assert.match(r.stdout, /lint fails \(error findings\): 1 error, 1 warning, 1 info in 8 tools\n$/);
});

test("the README's mcp lint example is the real output", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const start = readme.indexOf('$ toolscore mcp lint "toolscore-notes-server"\n');
  assert.ok(start > 0, "the README has the example");
  const body = readme.slice(readme.indexOf("\n", start) + 1, readme.indexOf("```", start));
  assert.equal(body, notesLint.stdout);
});
