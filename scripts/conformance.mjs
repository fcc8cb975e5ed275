// Runs every client scenario of the official MCP conformance suite (@modelcontextprotocol/conformance)
// against toolscore: the suite starts a test server, and toolscore's own commands, as a user would
// run them, are the client. A scenario that applies to several protocol revisions runs once at each,
// on that revision's wire; toolscore always runs at its default --protocol auto.
//
//   npm run conformance                       every scenario
//   npm run conformance -- auth/ initialize   only the scenarios whose names contain one of these
//
// A run passes when the suite's verdict is a pass (no failing check, no warning, no timeout, and
// the client exited 0 where the scenario expects it to) and no toolscore command crashed. The
// expected failures (scripts/conformance-expected-failures.yaml, in the suite's own format) are
// failures that are allowed; one that passes is stale and fails the run. The suite's CLI needs
// Node 22, fetched for this run only (scripts/conformance-node.mjs); toolscore runs on this Node.
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { conformanceNode } from "./conformance-node.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const cache = join(root, "node_modules", ".cache", "toolscore-conformance");
// Each run writes its results in a folder of its own, which becomes results/ when it ends: two runs
// at once never remove or mix each other's files, and results/ holds the last run's.
const resultsDir = join(cache, "results");
mkdirSync(cache, { recursive: true });
const runDir = mkdtempSync(join(cache, "run-"));
const cli = join(root, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");
const baselineFile = join(root, "scripts", "conformance-expected-failures.yaml");
const JOBS = 3;
// The suite's default is 30 s; a busy machine (two cores, shared) needs more for `mcp test`, or
// for a scenario of several commands (a sign-in, a command, a sign-in again, the command again).
const TIMEOUT_MS = 180_000;

const LOGIN = ["mcp login", "mcp list"];
const PRE_REGISTERED = "--client-id {client_id} --client-secret-env CONFORMANCE_CLIENT_SECRET";
// The toolscore commands a user would run for each scenario; the suite appends the server's URL.
const COMMANDS = {
  initialize: ["mcp list"],
  tools_call: ["mcp test --allow-writes"],
  "elicitation-sep1034-client-defaults": ["mcp test --allow-writes"],
  "sse-retry": ["mcp test --allow-writes"],
  "request-metadata": ["mcp pin"],
  // Its tools ask for input (elicitation) within the call, which a client must declare to be asked;
  // its server keeps one request state per tool, so the calls of a tool go one at a time.
  "sep-2322-client-request-state": [
    "mcp test --allow-writes --client-capabilities elicitation --concurrency 1",
  ],
  "http-standard-headers": ["mcp test --allow-writes"],
  "http-custom-headers": ["mcp test --allow-writes"],
  "http-invalid-tool-headers": ["mcp test --allow-writes"],
  "json-schema-ref-no-deref": ["mcp lint"],
  "json-schema-2020-12-preservation": ["mcp test --allow-writes"],
  // The step-up happens on tools/call: a sign-in, then the command that calls tools.
  "auth/scope-step-up": ["mcp login", "mcp test --allow-writes"],
  "auth/scope-retry-limit": ["mcp login", "mcp test --allow-writes"],
  // A client ID metadata document: the URL the scenario's authorization server expects.
  "auth/basic-cimd": [
    "mcp login --client-metadata-url https://conformance-test.local/client-metadata.json",
    "mcp list",
  ],
  "auth/pre-registration": [`mcp login ${PRE_REGISTERED}`, `mcp list ${PRE_REGISTERED}`],
  // Machine-to-machine: no sign-in, the client-credentials grant on each command.
  "auth/client-credentials-basic": [`mcp list ${PRE_REGISTERED}`],
  "auth/client-credentials-jwt": [`mcp list --client-id {client_id}`],
  "auth/enterprise-managed-authorization": [`mcp list ${PRE_REGISTERED}`],
  "auth/wif-jwt-bearer": [`mcp list --client-id {client_id}`],
};
const commandsFor = (scenario) =>
  COMMANDS[scenario] ??
  (scenario.startsWith("auth/") ? LOGIN : scenario.startsWith("sep-2640-") ? ["mcp list"] : undefined);

function fail(message) {
  rmSync(runDir, { recursive: true, force: true });
  process.stderr.write(`conformance: ${message}\n`);
  process.exit(2);
}

// The client scenarios and the revisions each applies to, as the suite lists them.
function scenarios(node) {
  const out = spawnSync(node, [cli, "list", "--client"], { encoding: "utf8" });
  if (out.status !== 0) fail(`the suite could not list its scenarios: ${out.stderr.trim()}`);
  const found = [];
  for (const m of out.stdout.matchAll(/^\s+- (\S+) \[([^\]]+)\]$/gm))
    found.push({ name: m[1], revisions: m[2].split(",") });
  if (found.length === 0) fail("the suite listed no client scenarios");
  return found;
}

function readBaseline() {
  const data = parse(readFileSync(baselineFile, "utf8")) ?? {};
  const entries = (data.client ?? []).map(String);
  return {
    whole: new Set(entries.filter((e) => !e.includes(":"))),
    checks: entries
      .filter((e) => e.includes(":"))
      .map((e) => [e.slice(0, e.indexOf(":")), e.slice(e.indexOf(":") + 1)]),
  };
}

function findFile(dir, name) {
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (entry === name) return p;
    if (statSync(p).isDirectory()) {
      const found = findFile(p, name);
      if (found) return found;
    }
  }
  return undefined;
}

const quote = (s) => `'${s.replaceAll("'", "'\\''")}'`;

// One scenario at one revision (or, for an extension, at the suite's default).
function runOne(node, scenario, revision, commands) {
  const dir = join(runDir, revision ?? "extension", scenario.replaceAll("/", "-"));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const home = mkdtempSync(join(dir, "home-"));
  const record = join(dir, "client.json");
  const client = [process.execPath, join(root, "scripts", "conformance-client.mjs")].map(quote).join(" ");
  const command = `${client} ${commands.map(quote).join(" ")}`;
  const args = [cli, "client", "--command", command, "--scenario", scenario, "--timeout", String(TIMEOUT_MS)];
  if (revision) args.push("--spec-version", revision);
  args.push("-o", join(dir, "out"));
  const env = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    BROWSER: [process.execPath, join(root, "scripts", "conformance-browser.mjs")].join(" "),
    TOOLSCORE_CONFORMANCE_RECORD: record,
    NO_COLOR: "1",
  };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  return new Promise((done) => {
    const child = spawn(node, args, { cwd: home, env, stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    child.stdout.on("data", (c) => (log += c));
    child.stderr.on("data", (c) => (log += c));
    child.on("close", (code) => {
      writeFileSync(join(dir, "log.txt"), log);
      const checksFile = existsSync(join(dir, "out")) ? findFile(join(dir, "out"), "checks.json") : undefined;
      const checks = checksFile ? JSON.parse(readFileSync(checksFile, "utf8")) : [];
      const steps = existsSync(record) ? JSON.parse(readFileSync(record, "utf8")).steps : [];
      done({ scenario, revision, commands, code, checks, steps, log, dir });
    });
  });
}

function judge(run, baseline) {
  const bad = run.checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING");
  const crash = run.steps.find((s) => s.crashed);
  const passed = run.code === 0 && !crash;
  const excusedChecks = new Set(baseline.checks.filter(([s]) => s === run.scenario).map(([, c]) => c));
  const expected =
    baseline.whole.has(run.scenario) ||
    (excusedChecks.size > 0 && !crash && bad.length > 0 && bad.every((c) => excusedChecks.has(c.id)));
  const why = crash
    ? `toolscore ${crash.command} crashed (exit ${crash.code ?? crash.signal})`
    : bad.length > 0
      ? bad
          .slice(0, 3)
          .map((c) => `${c.id}: ${(c.errorMessage ?? c.description ?? "").split("\n")[0].slice(0, 160)}`)
          .join("; ")
      : /CLIENT TIMED OUT/.test(run.log)
        ? `timed out after ${TIMEOUT_MS / 1000} s`
        : run.code !== 0
          ? `client ${run.steps.map((s) => `${s.command} → ${s.code ?? s.signal}`).join(", ") || "did not finish"}`
          : "";
  return { ...run, passed, expected, why };
}

async function pool(items, jobs, work) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: jobs }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]);
      }
    }),
  );
  return results;
}

const filters = process.argv.slice(2);
if (!existsSync(join(root, "dist", "toolscore.cjs")))
  fail("dist/toolscore.cjs is missing: run `node scripts/build.mjs` first");
let node;
try {
  node = conformanceNode(cache);
} catch (e) {
  fail(e.message);
}
const all = scenarios(node);
const missing = all.filter((s) => !commandsFor(s.name)).map((s) => s.name);
if (missing.length > 0)
  fail(`no toolscore command for the scenario(s) ${missing.join(", ")}: add them to COMMANDS`);
const baseline = readBaseline();
const unknown = [...baseline.whole, ...baseline.checks.map(([s]) => s)].filter(
  (s) => !all.some((x) => x.name === s),
);
if (unknown.length > 0)
  fail(`${baselineFile} names scenarios the suite does not have: ${unknown.join(", ")}`);

const plan = all
  .filter((s) => filters.length === 0 || filters.some((f) => s.name.includes(f)))
  .flatMap((s) =>
    s.revisions.includes("extension")
      ? [{ scenario: s.name, revision: undefined }]
      : s.revisions.map((revision) => ({ scenario: s.name, revision })),
  );
const started = Date.now();
process.stderr.write(
  `Running ${plan.length} scenario runs (${JOBS} at a time) with Node ${spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim()}...\n`,
);
const runs = await pool(plan, JOBS, async ({ scenario, revision }) => {
  const r = judge(await runOne(node, scenario, revision, commandsFor(scenario)), baseline);
  const mark = r.passed ? "pass" : r.expected ? "expected failure" : "FAIL";
  process.stderr.write(
    `  ${(revision ?? "extension").padEnd(10)} ${scenario.padEnd(42)} ${mark}${r.passed ? "" : `  ${r.why}`}\n`,
  );
  return r;
});

// The summary: per revision, scenarios passed, authorization among them.
const groups = [...new Set(runs.map((r) => r.revision ?? "extension"))].sort();
const lines = ["", "Client scenarios passed per protocol revision (toolscore at --protocol auto):", ""];
lines.push(
  `  ${"revision".padEnd(11)}${"passed".padStart(9)}${"authorization".padStart(16)}${"expected".padStart(10)}${"failed".padStart(8)}`,
);
for (const g of groups) {
  const rs = runs.filter((r) => (r.revision ?? "extension") === g);
  const auth = rs.filter((r) => r.scenario.startsWith("auth/"));
  const count = (xs) => `${xs.filter((r) => r.passed).length}/${xs.length}`;
  lines.push(
    `  ${g.padEnd(11)}${count(rs).padStart(9)}${(auth.length ? count(auth) : "-").padStart(16)}${String(rs.filter((r) => !r.passed && r.expected).length).padStart(10)}${String(rs.filter((r) => !r.passed && !r.expected).length).padStart(8)}`,
  );
}
const distinct = [...new Set(runs.map((r) => r.scenario))];
const passedAll = distinct.filter((s) => runs.filter((r) => r.scenario === s).every((r) => r.passed));
lines.push(
  "",
  `  ${passedAll.length} of ${distinct.length} scenarios pass at every revision they apply to (${Math.round((Date.now() - started) / 1000)} s).`,
);
const unexpected = runs.filter((r) => !r.passed && !r.expected);
const stale = runs.filter((r) => r.passed && r.expected);
if (unexpected.length > 0) {
  lines.push("", "Unexpected failures (results under node_modules/.cache/toolscore-conformance/results):");
  for (const r of unexpected) lines.push(`  ✗ ${r.scenario} @ ${r.revision ?? "extension"}: ${r.why}`);
}
if (stale.length > 0) {
  lines.push("", `Passing, yet listed in ${baselineFile} (remove them):`);
  for (const r of stale) lines.push(`  ✓ ${r.scenario} @ ${r.revision ?? "extension"}`);
}
rmSync(resultsDir, { recursive: true, force: true });
renameSync(runDir, resultsDir);
process.stdout.write(lines.join("\n") + "\n");
process.exit(unexpected.length > 0 || stale.length > 0 ? 1 : 0);
