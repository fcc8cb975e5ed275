// mcp lint on the sample notes server and its rug-pulled form. (The official servers are linted
// from their snapshots in real-servers.test.ts.)
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { LintReport } from "../../src/report/lint-json.js";
import { ROOT, runBin, runCli, tempDir, type CliRun } from "../support/cli.js";

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
  const r = await runCli(["mcp", "lint", `${NOTES} --rugpull`, "--json", "-"]);
  assert.equal(r.code, 1, r.stderr);
  const report = JSON.parse(r.stdout) as LintReport;
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
