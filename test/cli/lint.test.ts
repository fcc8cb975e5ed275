import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LINT_RULES } from "../../src/lint/index.js";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import { buildLock } from "../../src/pin/lock.js";
import { serializeLock } from "../../src/pin/lock-serialize.js";
import { LINT_REPORT_KIND, LINT_REPORT_VERSION } from "../../src/report/lint-json.js";
import { ROOT, runCli, tempDir } from "../support/cli.js";

const FIXTURES = join(ROOT, "test", "fixtures", "lint");
const CLEAN = join(FIXTURES, "clean-snapshot.json");
const POISONED = join(FIXTURES, "poisoned-snapshot.json");

test("mcp lint on a clean snapshot: no findings, exit 0", async () => {
  const r = await runCli(["mcp", "lint", CLEAN]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^fixture-server 2\.0\.0: lint of 2 tools\n/);
  assert.match(r.stdout, /No findings\./);
  assert.match(r.stdout, /lint passes: 0 errors, 0 warnings, 0 info in 2 tools\n$/);
});

test("mcp lint on a poisoned snapshot: grouped by severity, escaped, exit 1", async () => {
  const r = await runCli(["mcp", "lint", POISONED]);
  assert.equal(r.code, 1);
  const errors = r.stdout.indexOf("Errors (6)");
  const warnings = r.stdout.indexOf("Warnings (2)");
  assert.ok(errors > 0 && warnings > errors, r.stdout);
  assert.match(r.stdout, /hidden-unicode {2}add_numbers {2}title\n/);
  assert.match(r.stdout, /\\u001b \(control\)/);
  assert.match(r.stdout, /its tag characters spell "Ign"/);
  assert.match(r.stdout, /description-instruction {2}add_numbers {2}description\n/);
  assert.match(r.stdout, /fix: Rewrite description/);
  assert.match(r.stdout, /hidden-unicode {2}\(server\) {2}instructions/);
  // Nothing the server sent reaches the terminal raw.
  assert.doesNotMatch(r.stdout, /[\u001b\u200b\u2066]|[\u{E0000}-\u{E007F}]/u);
  assert.match(r.stdout, /lint fails \(error findings\): 6 errors, 2 warnings, 0 info in 2 tools\n$/);
});

test("mcp lint --json - prints the report only", async () => {
  const r = await runCli(["mcp", "lint", POISONED, "--json", "-"]);
  assert.equal(r.code, 1);
  const report = JSON.parse(r.stdout);
  assert.equal(report.kind, LINT_REPORT_KIND);
  assert.equal(report.report_version, LINT_REPORT_VERSION);
  assert.deepEqual(report.server, { name: "fixture-server", version: "2.0.0" });
  assert.equal(report.tools, 2);
  assert.equal(report.ok, false);
  assert.deepEqual(report.counts, { error: 6, warning: 2, info: 0 });
  assert.deepEqual(Object.keys(report.findings[0]).sort(), [
    "args",
    "fix",
    "message",
    "path",
    "rule",
    "severity",
    "tool",
  ]);
  assert.deepEqual(
    report.findings.map((f: { rule: string; tool: string | null }) => `${f.tool}:${f.rule}`),
    [
      "null:hidden-unicode",
      "add_numbers:description-instruction",
      "add_numbers:description-instruction",
      "add_numbers:description-instruction",
      "add_numbers:hidden-unicode",
      "add_numbers:hidden-unicode",
      "add_numbers:property-no-type",
      "get_time:hidden-unicode",
    ],
  );
  // One finding per technique, each with the words it matched exactly as the server sent them.
  assert.deepEqual(
    report.findings
      .filter((f: { rule: string }) => f.rule === "description-instruction")
      .map((f: { severity: string; args: { technique: string; span: string } }) => [
        f.severity,
        f.args.technique,
        f.args.span,
      ]),
    [
      ["warning", "hidden-markup", "<IMPORTANT>"],
      ["error", "read-secret", "read ~/.ssh/id_rsa"],
      ["error", "send-elsewhere", "send it to https://collect.example.com"],
    ],
  );
});

test("mcp lint --json FILE writes the same bytes every run, and prints the console report", async () => {
  const tmp = tempDir();
  try {
    const file = join(tmp.dir, "lint.json");
    const first = await runCli(["mcp", "lint", POISONED, "--json", file]);
    const bytes = readFileSync(file, "utf8");
    const second = await runCli(["mcp", "lint", POISONED, "--json", file]);
    assert.equal(first.code, 1);
    assert.equal(second.code, 1);
    assert.equal(readFileSync(file, "utf8"), bytes);
    assert.match(first.stdout, /Errors \(6\)/);
    assert.match(first.stderr, /Lint report written to /);
    assert.ok(bytes.endsWith("}\n"));
  } finally {
    tmp.remove();
  }
});

test("mcp lint reads a lock: its definitions stand in for the tools", async () => {
  const tmp = tempDir();
  try {
    const lock = join(tmp.dir, "toolscore.lock.json");
    writeFileSync(lock, serializeLock(buildLock(ServerSnapshot.read(POISONED))));
    const fromLock = await runCli(["mcp", "lint", lock, "--json", "-"]);
    const fromSnapshot = await runCli(["mcp", "lint", POISONED, "--json", "-"]);
    assert.equal(fromLock.code, 1, fromLock.stderr);
    const rules = (out: string) =>
      JSON.parse(out)
        .findings.filter((f: { tool: string | null }) => f.tool !== null)
        .map((f: { rule: string; tool: string; path: string }) => `${f.tool}:${f.rule}:${f.path}`);
    assert.deepEqual(rules(fromLock.stdout), rules(fromSnapshot.stdout));
  } finally {
    tmp.remove();
  }
});

test("mcp lint --ci: Markdown to the job summary, annotations on stdout", async () => {
  const tmp = tempDir();
  try {
    const summary = join(tmp.dir, "summary.md");
    writeFileSync(summary, "earlier step\n");
    const r = await runCli(["mcp", "lint", POISONED, "--ci"], { env: { GITHUB_STEP_SUMMARY: summary } });
    assert.equal(r.code, 1);
    const md = readFileSync(summary, "utf8");
    assert.ok(md.startsWith("earlier step\n## MCP lint: fixture-server 2.0.0\n"), md);
    assert.match(md, /\*\*FAIL\*\*: lint fails/);
    assert.match(
      md,
      /\| warning \| `property-no-type` \| add\\_numbers \| inputSchema\.properties\\\["note\\\|x"\\\] \|/,
    );
    const annotations = r.stdout.split("\n").filter((l) => l.startsWith("::"));
    assert.equal(annotations.filter((l) => l.startsWith("::error ")).length, 6);
    assert.equal(annotations.filter((l) => l.startsWith("::warning ")).length, 2);
    assert.ok(
      annotations.some((l) =>
        l.startsWith("::warning title=toolscore lint property-no-type%3A add_numbers::"),
      ),
    );
  } finally {
    tmp.remove();
  }
});

test("mcp lint --ci on a clean server: an OK summary and no annotations", async () => {
  const tmp = tempDir();
  try {
    const summary = join(tmp.dir, "summary.md");
    const r = await runCli(["mcp", "lint", CLEAN, "--ci"], { env: { GITHUB_STEP_SUMMARY: summary } });
    assert.equal(r.code, 0);
    assert.match(readFileSync(summary, "utf8"), /\*\*OK\*\*: lint passes: 0 errors/);
    assert.ok(!r.stdout.includes("::"));
  } finally {
    tmp.remove();
  }
});

const USAGE: Array<[string, string[], RegExp]> = [
  ["no server", ["mcp", "lint"], /toolscore: /],
  ["an unknown option", ["mcp", "lint", CLEAN, "--sarif-out", "x"], /Unknown option '--sarif-out'/],
  ["a missing file", ["mcp", "lint", "nope.json"], /no such file/],
  ["a file that is not a snapshot", ["mcp", "lint", join(ROOT, "package.json")], /not a snapshot/],
  ["a server that cannot start", ["mcp", "lint", "definitely-not-a-command-xyz"], /toolscore: /],
];

for (const [label, argv, message] of USAGE) {
  test(`mcp lint with ${label}: one line on stderr, exit 2`, async () => {
    const r = await runCli(argv);
    assert.equal(r.code, 2);
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
  });
}

test("a failed mcp lint leaves an existing report untouched", async () => {
  const tmp = tempDir();
  try {
    const file = join(tmp.dir, "lint.json");
    writeFileSync(file, "keep me\n");
    const r = await runCli(["mcp", "lint", join(tmp.dir, "missing.json"), "--json", file]);
    assert.equal(r.code, 2);
    assert.equal(readFileSync(file, "utf8"), "keep me\n");
  } finally {
    tmp.remove();
  }
});

test("mcp lint --help", async () => {
  const r = await runCli(["mcp", "lint", "--help"]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^Usage: toolscore mcp lint SERVER/);
  // The rule list is the catalogue's, as SARIF's and the README's are.
  const listed = [...r.stdout.matchAll(/^ {2}([a-z-]+) \((error|warning|info)(?:, \w+)*\)$/gm)].map(
    (m) => m[1],
  );
  assert.deepEqual(
    listed,
    LINT_RULES.map((rule) => rule.id),
  );
  for (const rule of LINT_RULES) assert.ok(r.stdout.replace(/\s+/g, " ").includes(rule.summary), rule.id);
});
