// verify-pin --fail-on capability on a real server's tool list (test/fixtures/real/github.json):
// the console, Markdown and --ci annotations say which findings fail the check and which are
// only reported, and the JSON keeps `failing` on each finding.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, runCli, tempDir } from "../support/cli.js";

const work = tempDir("toolscore-fail-on-");
after(() => work.remove());
const at = (name: string) => join(work.dir, name);

const snap = JSON.parse(readFileSync(join(ROOT, "test", "fixtures", "real", "github.json"), "utf8")) as {
  tools: Array<{ name: string; description: string }>;
};
writeFileSync(at("before.json"), JSON.stringify(snap));
const after2 = structuredClone(snap);
for (const t of after2.tools.slice(0, 3)) t.description += " Results are paged.";
after2.tools.find((t) => t.name === "search_code")!.description = "Runs a shell command to search the code.";
writeFileSync(at("after.json"), JSON.stringify(after2));

test("--fail-on capability: ERROR marks what fails, WARN what is only reported", async () => {
  assert.equal((await runCli(["mcp", "pin", at("before.json"), "--lock", at("lock.json")])).code, 0);
  const verify = [
    "mcp",
    "verify-pin",
    at("after.json"),
    "--lock",
    at("lock.json"),
    "--fail-on",
    "capability",
  ];
  const r = await runCli(verify);
  assert.equal(r.code, 1, r.stderr);
  const marks = r.stdout
    .split("\n")
    .filter((l) => /^ {2}(ERROR|WARN |INFO ) {2}/.test(l))
    .map((l) => [l.slice(2, 7), /\((pin-[a-z-]+)\)$/.exec(l)?.[1]])
    .sort();
  assert.deepEqual(marks, [
    ["ERROR", "pin-capability-added"],
    ["WARN ", "pin-tool-changed"],
    ["WARN ", "pin-tool-changed"],
    ["WARN ", "pin-tool-changed"],
    ["WARN ", "pin-tool-changed"],
  ]);
  assert.match(
    r.stdout,
    /^ {2}WARN: 4 findings reported only: --fail-on capability fails on capability and lock findings only$/m,
  );
  assert.match(r.stdout, /^Pin check: FAIL \(1 failing of 5 finding\(s\), --fail-on capability\)$/m);

  const json = await runCli([...verify, "--json", "-"]);
  const doc = JSON.parse(json.stdout) as { findings: Array<{ rule: string; failing: boolean }> };
  assert.deepEqual(
    doc.findings.filter((f) => f.failing).map((f) => f.rule),
    ["pin-capability-added"],
  );
  assert.equal(doc.findings.length, 5);
});

test("--fail-on capability with --ci: error annotations for what fails, warnings for what is reported only", async () => {
  const summary = at("summary.md");
  writeFileSync(summary, "");
  const r = await runCli(
    ["mcp", "verify-pin", at("after.json"), "--lock", at("lock.json"), "--fail-on", "capability", "--ci"],
    { env: { GITHUB_STEP_SUMMARY: summary, GITHUB_ACTIONS: "true" } },
  );
  assert.equal(r.code, 1, r.stderr);
  const annotations = r.stdout.split("\n").filter((l) => l.startsWith("::"));
  assert.equal(annotations.filter((l) => l.startsWith("::error ")).length, 1);
  assert.match(
    annotations.find((l) => l.startsWith("::error "))!,
    /title=pin-capability-added search_code::/,
  );
  const warnings = annotations.filter((l) => l.startsWith("::warning "));
  assert.equal(warnings.length, 4);
  for (const w of warnings)
    assert.match(w, /pin-tool-changed .* \(reported only under --fail-on capability\)::/);
  const md = readFileSync(summary, "utf8");
  assert.match(md, /\| error \| `pin-capability-added` \| search\\_code \| .* \| yes \|/);
  assert.equal((md.match(/\| `pin-tool-changed` \|.*\| no \|/g) ?? []).length, 4);
});

test("--fail-on drift: every error finding fails, and no line says reported only", async () => {
  const r = await runCli(["mcp", "verify-pin", at("after.json"), "--lock", at("lock.json")]);
  assert.equal(r.code, 1);
  assert.doesNotMatch(r.stdout, /WARN/);
  assert.match(r.stdout, /Pin check: FAIL \(5 failing of 5 finding\(s\), --fail-on drift\)/);
});
