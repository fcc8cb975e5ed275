// --sarif on mcp verify-pin, mcp lint and mcp diff: valid SARIF 2.1.0 (checked against the official
// schema), stable rule ids with a catalogue, levels from severities, locations into the lock or
// snapshot file.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LINT_RULES } from "../../src/lint/index.js";
import { toolLines, type SarifLog } from "../../src/report/sarif.js";
import { startSurfaceHttp } from "../fixtures/servers/surface-http.mjs";
import { ROOT, SAMPLE_SNAPSHOT, runCli, tempDir } from "../support/cli.js";
import { sarifSchemaErrors } from "../support/sarif-schema.js";

const notes = `node ${JSON.stringify(join(ROOT, "dist", "notes-server.js"))}`;
// The rug-pulled sample server's saved snapshot, kept equal to the live one by the examples' test.
const rugpull = join(ROOT, "examples", "pinning", "notes-rugpull.json");
const liveRugpull = `${notes} --rugpull`;

let work: ReturnType<typeof tempDir>;
// The sample server's tools, served over HTTP from this process (in a protocol an HTTP server
// starts with initialize): a live server started without a process.
let live: { url: string; close(): Promise<void> };
// The working folder stands for the repository root, as GITHUB_WORKSPACE does in Actions.
const cli = (argv: string[]) => runCli(argv, { cwd: work.dir, env: { GITHUB_WORKSPACE: work.dir } });

// SERVER arguments that name files go in as absolute paths; --lock and --sarif stay relative.
const at = (name: string) => join(work.dir, name);

function readSarif(name: string): SarifLog {
  const log = JSON.parse(readFileSync(join(work.dir, name), "utf8")) as SarifLog;
  assert.deepEqual(sarifSchemaErrors(log), [], `${name} is not valid SARIF 2.1.0`);
  return log;
}

before(async () => {
  work = tempDir("toolscore-sarif-");
  // The sample server is listed once; the lock is pinned from the listing.
  assert.equal((await cli(["mcp", "list", notes, "--json", "notes.json"])).code, 0);
  // The saved snapshot other tests read in place of the sample server is its listing, byte for byte.
  assert.equal(readFileSync(at("notes.json"), "utf8"), readFileSync(SAMPLE_SNAPSHOT, "utf8"));
  copyFileSync(rugpull, at("rugpull.json"));
  assert.equal((await cli(["mcp", "pin", at("notes.json"), "--lock", "notes.lock.json"])).code, 0);
  const listed = JSON.parse(readFileSync(at("notes.json"), "utf8")) as Record<string, unknown>;
  writeFileSync(at("surface.json"), JSON.stringify({ ...listed, protocol: "2025-11-25" }));
  live = await startSurfaceHttp(at("surface.json"));
});
after(async () => {
  await live.close();
  work.remove();
});

test("verify-pin --sarif: the rug pull's findings, pointing at the tools' entries in the lock", async () => {
  const r = await cli([
    "mcp",
    "verify-pin",
    at("rugpull.json"),
    "--lock",
    "notes.lock.json",
    "--sarif",
    "pin.sarif",
  ]);
  assert.equal(r.code, 1, r.stderr);
  const run = readSarif("pin.sarif").runs[0]!;
  assert.equal(run.tool.driver.name, "toolscore");
  assert.equal(run.automationDetails.id, "toolscore/verify-pin/");
  // The whole catalogue, so code scanning can describe any rule.
  assert.deepEqual(
    run.tool.driver.rules.map((r) => r.id),
    [
      "pin-capability-added",
      "pin-instructions-changed",
      "pin-list-failed",
      "pin-list-unavailable",
      "pin-lock-modified",
      "pin-package-changed",
      "pin-package-unchecked",
      "pin-prompt-added",
      "pin-prompt-changed",
      "pin-prompt-removed",
      "pin-protocol-changed",
      "pin-resource-added",
      "pin-resource-changed",
      "pin-resource-removed",
      "pin-server-changed",
      "pin-tool-added",
      "pin-tool-changed",
      "pin-tool-duplicated",
      "pin-tool-excluded",
      "pin-tool-removed",
    ],
  );
  for (const rule of run.tool.driver.rules) {
    assert.ok(rule.shortDescription.text.length > 10 && rule.help.text.length > 10, rule.id);
  }
  assert.deepEqual(
    run.results.map((x) => [x.ruleId, x.level]),
    [
      ["pin-capability-added", "error"],
      ["pin-tool-added", "error"],
      ["pin-tool-changed", "error"],
    ],
  );
  const lines = toolLines(readFileSync(join(work.dir, "notes.lock.json"), "utf8"));
  const changed = run.results[2]!.locations[0]!.physicalLocation!;
  assert.equal(changed.artifactLocation.uri, "notes.lock.json");
  assert.equal(changed.region!.startLine, lines.get("search_notes"));
  assert.ok(changed.region!.startLine > 1);
  // A tool the lock does not have points at the top of the lock.
  assert.equal(run.results[1]!.locations[0]!.physicalLocation!.region!.startLine, 1);
  assert.match(run.results[0]!.message.text, /run_command/);
});

test("verify-pin --sarif with --fail-on never: drift shows as warnings, not errors", async () => {
  const r = await cli([
    "mcp",
    "verify-pin",
    at("rugpull.json"),
    "--lock",
    "notes.lock.json",
    "--fail-on",
    "never",
    "--sarif",
    "never.sarif",
  ]);
  assert.equal(r.code, 0, r.stderr);
  const levels = new Set(readSarif("never.sarif").runs[0]!.results.map((x) => x.level));
  assert.deepEqual([...levels], ["warning"]);
});

test("a clean pin check writes a log with no results", async () => {
  const r = await cli([
    "mcp",
    "verify-pin",
    at("notes.json"),
    "--lock",
    "notes.lock.json",
    "--sarif",
    "clean.sarif",
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(readSarif("clean.sarif").runs[0]!.results, []);
});

test("lint --sarif: rule catalogue with help, levels, locations into the snapshot", async () => {
  const r = await cli(["mcp", "lint", at("notes.json"), "--sarif", "lint.sarif"]);
  assert.equal(r.code, 1, r.stderr);
  const run = readSarif("lint.sarif").runs[0]!;
  assert.deepEqual(
    run.tool.driver.rules.map((x) => x.id),
    LINT_RULES.map((x) => x.id).sort(),
  );
  const noType = run.tool.driver.rules.find((x) => x.id === "property-no-type")!;
  assert.equal(noType.defaultConfiguration.level, "error");
  assert.equal(
    run.tool.driver.rules.find((x) => x.id === "required-missing")!.defaultConfiguration.level,
    "warning",
  );
  const byRule = new Map(run.results.map((x) => [x.ruleId, x]));
  const err = byRule.get("property-no-type")!;
  assert.equal(err.level, "error");
  assert.match(err.message.text, /limit.* Fix: /);
  const lines = toolLines(readFileSync(join(work.dir, "notes.json"), "utf8"));
  assert.equal(err.locations[0]!.physicalLocation!.artifactLocation.uri, "notes.json");
  assert.equal(err.locations[0]!.physicalLocation!.region!.startLine, lines.get("search_notes"));
  assert.equal(byRule.get("name-style-mixed")!.level, "note");
  assert.equal(err.locations[0]!.logicalLocations![0]!.name, "search_notes");
});

test("lint --sarif on a live server: the tool as a logical location, no file", async () => {
  const r = await cli(["mcp", "lint", live.url, "--sarif", "live.sarif"]);
  assert.equal(r.code, 1, r.stderr);
  const result = readSarif("live.sarif").runs[0]!.results.find((x) => x.ruleId === "property-no-type")!;
  assert.equal(result.locations[0]!.physicalLocation, undefined);
  assert.ok(result.locations[0]!.logicalLocations![0]!.name);
});

test("diff --sarif: breaking changes are errors, other differences notes; locations into the baseline file", async () => {
  const r = await cli([
    "mcp",
    "diff",
    at("notes.json"),
    liveRugpull,
    "--fail-on",
    "breaking",
    "--sarif",
    "diff.sarif",
  ]);
  assert.equal(r.code, 1, r.stderr);
  const run = readSarif("diff.sarif").runs[0]!;
  assert.equal(run.automationDetails.id, "toolscore/diff/");
  assert.deepEqual(
    run.results.map((x) => [x.ruleId, x.level]),
    [
      ["diff-capability-added", "error"],
      // search_notes' new description tells the model to send data away: a new lint error.
      ["diff-lint-error-added", "error"],
    ],
  );
  assert.equal(run.results[0]!.locations[0]!.physicalLocation!.artifactLocation.uri, "notes.json");
  const lines = toolLines(readFileSync(join(work.dir, "notes.json"), "utf8"));
  assert.equal(run.results[1]!.locations[0]!.physicalLocation!.region!.startLine, lines.get("search_notes"));
});

test("the same input gives the same SARIF bytes", async () => {
  await cli(["mcp", "diff", at("notes.json"), at("rugpull.json"), "--sarif", "d1.sarif"]);
  await cli(["mcp", "diff", at("notes.json"), at("rugpull.json"), "--sarif", "d2.sarif"]);
  const a = readFileSync(join(work.dir, "d1.sarif"), "utf8");
  assert.equal(a, readFileSync(join(work.dir, "d2.sarif"), "utf8"));
  assert.match(a, /"uri": "rugpull.json"/);
});

test("a failed run leaves an existing SARIF file as it was", async () => {
  writeFileSync(join(work.dir, "keep.sarif"), "old\n");
  const r = await cli([
    "mcp",
    "verify-pin",
    at("rugpull.json"),
    "--lock",
    "missing.lock.json",
    "--sarif",
    "keep.sarif",
  ]);
  assert.equal(r.code, 2);
  assert.equal(readFileSync(join(work.dir, "keep.sarif"), "utf8"), "old\n");
});

for (const argv of [
  ["mcp", "lint", "SERVER"],
  ["mcp", "verify-pin", "SERVER", "--lock", "notes.lock.json"],
  ["mcp", "diff", "SERVER", "SERVER"],
]) {
  test(`${argv.slice(0, 2).join(" ")} --sarif - is a usage error, before any server starts`, async () => {
    const r = await cli([...argv.map((a) => (a === "SERVER" ? at("notes.json") : a)), "--sarif", "-"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^toolscore: --sarif takes a file name/);
    assert.equal(r.stdout, "");
  });
}
