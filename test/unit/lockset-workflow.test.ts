// examples/lockset/verify-servers.yml: it parses, its matrix is the names of the set
// and the config, its verify step runs a real command with real options, and its summary step
// turns real per-server reports into one table.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { HELP as VERIFY_HELP } from "../../src/cli/commands/verify-pin.js";
import { fixture, ROOT, runCli, tempDir } from "../support/cli.js";
import { surfaceFile } from "../support/fake-home.js";

interface Step {
  id?: string;
  name?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}
interface Workflow {
  env: Record<string, string>;
  jobs: Record<string, { needs?: string; strategy?: { matrix: Record<string, string> }; steps: Step[] }>;
}

const wf = parse(readFileSync(join(ROOT, "examples", "lockset", "verify-servers.yml"), "utf8")) as Workflow;
const tmp = tempDir();
after(() => tmp.remove());

test("one job per server: the matrix is the names the first job finds", () => {
  assert.deepEqual(Object.keys(wf.jobs), ["servers", "verify", "summary"]);
  assert.equal(wf.jobs.verify!.strategy!.matrix.server, "${{ fromJSON(needs.servers.outputs.names) }}");
  assert.equal(wf.jobs.summary!.needs, "verify");
});

test("the verify step runs mcp verify-pin with options it has", () => {
  const step = wf.jobs.verify!.steps.find((s) => s.name === "verify-pin")!;
  const words = step.run!.split(/\s+/);
  assert.deepEqual(words.slice(0, 3), ["toolscore", "mcp", "verify-pin"]);
  const flags = words.filter((w) => w.startsWith("--"));
  assert.deepEqual(flags, ["--config", "--lock", "--server", "--json"]);
  for (const f of flags) assert.match(VERIFY_HELP, new RegExp(`^\\s+(--\\S+ \\S+ +)?${f} `, "m"), f);
  assert.equal(step.env!.SERVER, "${{ matrix.server }}");
});

let dir = "";
before(async () => {
  dir = tmp.dir;
  const entry = (n: string) => ({
    command: process.execPath,
    args: [fixture("pin-surface.mjs"), join(dir, `${n}.json`)],
  });
  for (const n of ["notes", "search"])
    writeFileSync(join(dir, `${n}.json`), JSON.stringify(surfaceFile(n, ["get"])));
  writeFileSync(
    join(dir, "mcp.json"),
    JSON.stringify({ mcpServers: { notes: entry("notes"), search: entry("search") } }),
  );
  const pin = await runCli(["mcp", "pin", "--config", "mcp.json", "--lock", "set.json"], { cwd: dir });
  assert.equal(pin.code, 0, pin.stderr);
  // search drifts; a third server appears in the config only.
  const drifted = surfaceFile("search", ["get", "run_command"]);
  writeFileSync(join(dir, "search.json"), JSON.stringify(drifted));
  writeFileSync(
    join(dir, "mcp.json"),
    JSON.stringify({ mcpServers: { notes: entry("notes"), search: entry("search"), extra: entry("notes") } }),
  );
});

test("the names step lists the set's and the config's servers", (t) => {
  if (spawnSync("jq", ["--version"]).status !== 0) return t.skip("jq is not installed");
  const step = wf.jobs.servers!.steps.find((s) => s.id === "names")!;
  const out = join(dir, "output");
  writeFileSync(out, "");
  execFileSync("sh", ["-c", step.run!], {
    cwd: dir,
    env: { ...process.env, CONFIG: "mcp.json", LOCKSET: "set.json", GITHUB_OUTPUT: out },
  });
  assert.equal(readFileSync(out, "utf8"), 'names=["extra","notes","search"]\n');
});

test("the summary step gathers the per-server reports into one table", async () => {
  for (const [i, name] of ["extra", "notes", "search"].entries()) {
    const r = await runCli(
      [
        "mcp",
        "verify-pin",
        "--config",
        "mcp.json",
        "--lock",
        "set.json",
        "--server",
        name,
        "--json",
        `report-${i}.json`,
      ],
      { cwd: dir },
    );
    assert.equal(r.code, name === "notes" ? 0 : 1, r.stdout + r.stderr);
  }
  const step = wf.jobs.summary!.steps.find((s) => s.name === "one summary for every server")!;
  const summary = join(dir, "summary.md");
  writeFileSync(summary, "");
  execFileSync("bash", ["-e", "-c", step.run!], {
    cwd: dir,
    env: { ...process.env, GITHUB_STEP_SUMMARY: summary },
  });
  const md = readFileSync(summary, "utf8").split("\n");
  assert.equal(md[0], "## MCP servers");
  assert.match(
    md.find((l) => l.startsWith("| extra "))!,
    /^\| extra \| FAIL \| pin-server-added: /,
  );
  assert.equal(
    md.find((l) => l.startsWith("| notes ")),
    "| notes | OK |  |",
  );
  assert.match(
    md.find((l) => l.startsWith("| search "))!,
    /^\| search \| FAIL \| pin-capability-added: .*pin-tool-added: /,
  );
});
