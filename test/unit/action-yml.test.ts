// action.yml, the entry's inputs and the example workflows agree with each other: an input the
// action declares reaches the entry, every output is written by its step, and an example workflow
// copied as it is passes only inputs the action has and reads only outputs it sets.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { readInputs } from "../../src/action/inputs.js";
import { formatOutput } from "../../src/action/outputs.js";
import { workflowPath } from "../../src/action/main.js";
import { ROOT } from "../support/cli.js";

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  "working-directory"?: string;
}
interface ActionYml {
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as ActionYml;
const inputNames = Object.keys(action.inputs).sort();
const runStep = action.runs.steps.find((s) => s.id === "toolscore")!;

test("action.yml is a composite action that builds this checkout and runs dist/action.js", () => {
  assert.equal(action.runs.using, "composite");
  const install = action.runs.steps[0]!;
  assert.equal(install["working-directory"], "${{ github.action_path }}");
  assert.match(install.run!, /npm ci/);
  assert.match(install.run!, /node scripts\/build\.mjs --no-types/);
  assert.match(runStep.run!, /node "\$\{\{ github\.action_path \}\}\/dist\/action\.js"/);
});

test("every input reaches the entry as INPUT_NAME, dashes kept, and nothing else does", () => {
  const env = runStep.env!;
  assert.deepEqual(
    Object.keys(env).sort(),
    inputNames.map((n) => `INPUT_${n.toUpperCase()}`),
  );
  for (const n of inputNames) assert.equal(env[`INPUT_${n.toUpperCase()}`], `\${{ inputs.${n} }}`);
  for (const [n, i] of Object.entries(action.inputs)) assert.ok(i.description.length > 20, n);
});

test("the entry reads every input action.yml declares", () => {
  // Distinct values for every input; each must show up in what the entry read.
  const values: Record<string, string> = {
    "mcp-pin-file": "pin-file.json",
    "mcp-pin-fail-on": "capability",
    "mcp-diff-against": "base.json",
    "mcp-diff-fail-on": "any",
    "fail-under": "C",
    scorecard: "true",
    lint: "true",
    "allow-writes": "true",
    "sarif-file": "out.sarif",
    "upload-sarif": "true",
    "working-directory": "sub/dir",
  };
  const env = (extra: Record<string, string>) =>
    Object.fromEntries(
      Object.entries({ ...values, ...extra }).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v]),
    );
  const byCommand = readInputs(env({ server: "node server.js" }));
  const byConfig = readInputs(env({ config: "mcp.json", "server-name": "notes" }));
  assert.deepEqual(byCommand.server, { command: "node server.js" });
  assert.deepEqual(byConfig.server, { config: "mcp.json", name: "notes" });
  const seen = JSON.stringify([byCommand, byConfig]);
  for (const name of inputNames) {
    const value =
      { server: "node server.js", config: "mcp.json", "server-name": "notes" }[name] ?? values[name];
    assert.ok(value !== undefined, `the test gives no value for input ${name}`);
    if (value === "true") {
      const key = name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
      assert.equal((byCommand as unknown as Record<string, unknown>)[key], true, name);
    } else assert.ok(seen.includes(JSON.stringify(value)), `input ${name} is not read`);
  }
  // Defaults, as action.yml states them.
  const bare = readInputs({ INPUT_SERVER: "node s.js", "INPUT_MCP-PIN-FILE": "l.json" });
  assert.equal(bare.pinFailOn, action.inputs["mcp-pin-fail-on"]!.default);
  assert.equal(bare.diffFailOn, action.inputs["mcp-diff-fail-on"]!.default);
  assert.equal(bare.workingDirectory, action.inputs["working-directory"]!.default);
  assert.equal(bare.uploadSarif, false);
});

test("every output comes from the entry's step under the same name", () => {
  assert.deepEqual(Object.keys(action.outputs).sort(), [
    "grade",
    "mcp-diff-breaking",
    "pin-ok",
    "sarif-file",
    "score",
  ]);
  for (const [name, o] of Object.entries(action.outputs)) {
    assert.equal(o.value, `\${{ steps.toolscore.outputs.${name} }}`);
  }
});

test("the SARIF upload runs even after a failing gate, and only when switched on", () => {
  const upload = action.runs.steps.find((s) => s.uses?.startsWith("github/codeql-action/upload-sarif@"))!;
  assert.match(upload.if!, /always\(\)/);
  assert.match(upload.if!, /inputs\.upload-sarif == 'true'/);
  assert.equal(upload.with!.sarif_file, "${{ steps.toolscore.outputs.sarif-file }}");
});

const examples = join(ROOT, "examples", "github-actions");
const files = readdirSync(examples).filter((f) => f.endsWith(".yml"));

test("there are the three example workflows", () => {
  assert.deepEqual(files.sort(), ["diff-against-main.yml", "pin-verify.yml", "scorecard-gate.yml"]);
});

for (const file of files) {
  test(`examples/github-actions/${file} uses only inputs and outputs the action has`, () => {
    const text = readFileSync(join(examples, file), "utf8");
    const wf = parse(text) as { on: unknown; jobs: Record<string, { steps: Step[] }> };
    assert.ok(wf.on && Object.keys(wf.jobs).length > 0);
    const steps = Object.values(wf.jobs).flatMap((j) => j.steps);
    const ours = steps.filter((s) => s.uses === "OWNER/toolscore@v0");
    assert.ok(ours.length > 0, "the example uses the action");
    const ids = new Set(ours.map((s) => s.id));
    for (const s of ours) {
      assert.ok(s.id, "the action's step has an id, so later steps can read its outputs");
      for (const key of Object.keys(s.with ?? {})) assert.ok(key in action.inputs, `unknown input ${key}`);
      assert.ok(s.with?.server, "names the server");
    }
    for (const m of text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
      assert.ok(ids.has(m[1]), `steps.${m[1]} is not the action's step`);
      assert.ok(m[2]! in action.outputs, `unknown output ${m[2]}`);
    }
    assert.match(text, /replace OWNER/);
  });
}

test("outputs with a line break use the heredoc form", () => {
  assert.equal(formatOutput("grade", "B"), "grade=B\n");
  const text = formatOutput("notes", "a\nb");
  const m = /^notes<<(ghadelimiter_[0-9a-f]+)\na\nb\n(.+)\n$/.exec(text);
  assert.ok(m, text);
  assert.equal(m[1], m[2]);
});

test("the workflow file is found from GITHUB_WORKFLOW_REF", () => {
  const env = {
    GITHUB_REPOSITORY: "acme/x",
    GITHUB_WORKFLOW_REF: "acme/x/.github/workflows/ci.yml@refs/heads/main",
  };
  assert.equal(workflowPath(env), ".github/workflows/ci.yml");
  assert.equal(workflowPath({ GITHUB_REPOSITORY: "acme/x" }), undefined);
  assert.equal(workflowPath({ ...env, GITHUB_REPOSITORY: "other/y" }), undefined);
});
