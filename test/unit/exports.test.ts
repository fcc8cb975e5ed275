// The public API is a decision: this pins the runtime exports of each entry of the package's
// "exports" (src/index.ts is ".", src/core.ts "./core", src/report.ts "./report"). Adding or
// removing one means changing these lists on purpose. Types are pinned by the TypeScript build and
// the package test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { builtinModules } from "node:module";
import * as root from "../../src/index.js";
import * as core from "../../src/core.js";
import * as report from "../../src/report.js";

const ROOT = [
  "MCPHttpClient",
  "MCPStdioClient",
  "ServerSnapshot",
  "ToolscoreError",
  "buildLock",
  "createGuard",
  "deriveEffects",
  "diffFails",
  "diffServers",
  "diffSnapshots",
  "isToolscoreError",
  "lintServer",
  "lintTools",
  "listServer",
  "pinServer",
  "readLock",
  "runScorecard",
  "scan",
  "testServer",
  "verifyPin",
  "verifyServer",
  "writeLock",
];

const CORE = [
  "DIFF_FAIL_ON",
  "EFFECTS",
  "LINT_RULES",
  "LINT_RULE_BY_ID",
  "LOCK_KIND",
  "LOCK_VERSION",
  "PIN_FAIL_ON",
  "PIN_RULES",
  "ServerSnapshot",
  "ToolscoreError",
  "buildLock",
  "canonicalJson",
  "deriveEffects",
  "diffFails",
  "diffSnapshots",
  "hashJson",
  "isToolscoreError",
  "lintSurface",
  "lintTools",
  "parseLock",
  "readLock",
  "runScorecard",
  "serializeLock",
  "snapshotFromLock",
  "verifyPin",
  "writeLock",
];

const REPORT = [
  "SARIF_SCHEMA",
  "buildLintReport",
  "buildSarif",
  "diffJson",
  "diffSarif",
  "formatBreaking",
  "formatCallDetail",
  "formatLintFinding",
  "lintFindingJson",
  "lintSarif",
  "pinReportJson",
  "pinSarif",
  "renderDiff",
  "renderDiffMarkdown",
  "renderLintConsole",
  "renderLintJson",
  "renderLintMarkdown",
  "renderLockSetJson",
  "renderLockSetReport",
  "renderPinJson",
  "renderPinMarkdown",
  "renderPinReport",
  "renderSarif",
  "renderScan",
  "renderScanJson",
  "renderScorecard",
  "renderScorecardComparison",
  "renderScorecardJson",
  "renderScorecardMarkdown",
];

const ENTRIES: Array<[entry: string, mod: object, names: string[]]> = [
  ["toolscore", root, ROOT],
  ["toolscore/core", core, CORE],
  ["toolscore/report", report, REPORT],
];

for (const [entry, mod, names] of ENTRIES) {
  test(`${entry} exports exactly the documented runtime API`, () => {
    assert.deepEqual(Object.keys(mod).sort(), names);
  });

  test(`${entry}: every export is defined (no export of a missing binding)`, () => {
    for (const [name, value] of Object.entries(mod)) assert.notEqual(value, undefined, name);
  });
}

test("the root's pure names are the core's own (one function, two doors)", () => {
  for (const name of ROOT.filter((n) => CORE.includes(n)))
    assert.equal(root[name as keyof typeof root], core[name as keyof typeof core], name);
});

test("no export is named like a Node module or node:test's functions", () => {
  const taken = new Set([...builtinModules, "test", "describe", "it", "suite", "before", "after", "mock"]);
  for (const name of [...ROOT, ...CORE, ...REPORT]) assert.ok(!taken.has(name), name);
});

test("the renderers are not in the root, and the core has no function that reaches a server", () => {
  assert.deepEqual(
    ROOT.filter((n) => REPORT.includes(n)),
    [],
  );
  assert.deepEqual(
    CORE.filter((n) => /Server$|Servers$|Client$|Guard$/.test(n)),
    [],
  );
});
