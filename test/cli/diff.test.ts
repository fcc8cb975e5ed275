import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import type { RawTool } from "../../src/mcp/types.js";
import { buildLock } from "../../src/pin/lock.js";
import { serializeLock } from "../../src/pin/lock-serialize.js";
import { alive, fixtureCommand, pidRecorder, runCli, tempDir } from "../support/cli.js";

const tmp = tempDir("toolscore-diff-");
after(() => tmp.remove());
const path = (name: string) => join(tmp.dir, name);

const V1 = `${fixtureCommand("diff-catalogue.mjs")} v1`;
const V2 = `${fixtureCommand("diff-catalogue.mjs")} v2`;

const SEARCH: RawTool = {
  name: "search_items",
  description: "Search the catalogue for items matching a query.",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", description: "Words to look for" },
      filter: {
        type: "object",
        description: "Narrows the results",
        properties: { tags: { type: "array", items: { type: "string" }, description: "Tags to match" } },
      },
    },
    required: ["query"],
  },
  annotations: { readOnlyHint: true },
};

function writeSnapshot(name: string, tools: RawTool[], version = "1.0.0"): string {
  const snap = ServerSnapshot.of({
    server: { name: "catalogue", version },
    protocol: "2025-11-25",
    capabilities: { tools: {} },
    client_capabilities: [],
    instructions: null,
    tools,
  });
  ServerSnapshot.write(path(name), snap);
  return path(name);
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const edit = (f: (t: Json) => void): RawTool[] => {
  const t = structuredClone(SEARCH) as Json;
  f(t);
  return [t as RawTool];
};

let base = "";
before(() => {
  base = writeSnapshot("base.json", [SEARCH]);
  writeFileSync(path("lint.json"), JSON.stringify({ kind: "toolscore.mcp-lint-report", findings: [] }));
  writeFileSync(path("broken.json"), '{"kind": "toolscore.mcp-snapshot",');
});

// Each breaking kind alone (file inputs), and the exit code under each --fail-on.
const KINDS: Array<[string, RawTool[], string | null]> = [
  ["identical", [SEARCH], null],
  ["reworded description", edit((t) => (t.description = "Search the catalogue for matching items.")), null],
  ["tool removed", [], "tool-removed"],
  [
    "parameter removed",
    edit((t) => delete t.inputSchema.properties.filter.properties.tags),
    "parameter-removed",
  ],
  [
    "newly required",
    edit((t) => (t.inputSchema.properties.filter.required = ["tags"])),
    "parameter-required",
  ],
  ["type changed", edit((t) => (t.inputSchema.properties.query.type = "number")), "parameter-type-changed"],
  [
    "new delete capability",
    edit((t) => (t.annotations = { readOnlyHint: false, destructiveHint: true })),
    "capability-added",
  ],
  ["new lint error", edit((t) => t.inputSchema.required.push("ghost")), "lint-error-added"],
];

for (const [name, tools, breaking] of KINDS) {
  test(`file vs file, ${name}: exit codes under --fail-on any, breaking, none`, async () => {
    const b = writeSnapshot(`${name.replace(/\s/g, "-")}.json`, tools);
    const json = await runCli(["mcp", "diff", base, b, "--json", "-"]);
    const report = JSON.parse(json.stdout) as Json;
    assert.deepEqual(
      report.breaking.map((x: Json) => x.kind),
      breaking ? [breaking] : [],
    );
    const expected = { any: name === "identical" ? 0 : 1, breaking: breaking ? 1 : 0, none: 0 };
    for (const failOn of ["any", "breaking", "none"] as const) {
      const r = await runCli(["mcp", "diff", base, b, "--fail-on", failOn]);
      assert.equal(r.code, expected[failOn], `--fail-on ${failOn}: ${r.stdout}${r.stderr}`);
      assert.equal(r.stderr, "");
    }
  });
}

test("all the kinds at once fail under any and breaking, pass under none", async () => {
  const tools = edit((t) => {
    delete t.inputSchema.properties.filter.properties.tags;
    t.inputSchema.properties.query.type = "number";
    t.inputSchema.required.push("ghost");
    t.annotations = { destructiveHint: true };
  });
  const b = writeSnapshot("all.json", [...tools, { ...SEARCH, name: "zzz" }]);
  const r = await runCli(["mcp", "diff", base, b, "--fail-on", "breaking"]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /Breaking changes \(4\):/);
  assert.equal((await runCli(["mcp", "diff", base, b, "--fail-on", "none"])).code, 0);
});

test("live vs live: both servers started, the breaking changes listed, exit 1", async () => {
  const pids = pidRecorder();
  try {
    const r = await runCli(["mcp", "diff", V1, V2, "--fail-on", "breaking"], { env: pids.env });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^catalogue 1\.0\.0 {2}-> {2}catalogue 2\.0\.0\n\+ run_command\n/);
    assert.match(r.stdout, /search_items: parameter 'filter\.tags' removed/);
    assert.match(r.stdout, /search_items: parameter 'query' changed type: string -> integer/);
    assert.equal(pids.pids().length, 2);
    for (const pid of pids.pids()) assert.equal(alive(pid), false, `server ${pid} still runs`);
  } finally {
    pids.cleanup();
  }
});

test("snapshot vs live, lock vs live and lock vs lock", async () => {
  const snap = path("v1.json");
  assert.equal((await runCli(["mcp", "list", V1, "--json", snap])).code, 0);
  const lock = path("v1.lock.json");
  writeFileSync(lock, serializeLock(buildLock(ServerSnapshot.read(snap))));
  for (const a of [snap, lock]) {
    const r = await runCli(["mcp", "diff", a, V2, "--brief"]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /~ search_items {2}inputSchema\n/);
    assert.match(r.stdout, /\+ run_command\n/);
  }
  const same = await runCli(["mcp", "diff", lock, lock]);
  assert.equal(same.code, 0);
  assert.match(same.stdout, /No differences\./);
  assert.equal((await runCli(["mcp", "diff", snap, lock])).code, 0);
});

test("config entries: --config-a/--server-a and --config with --server-a/--server-b", async () => {
  const config = path("mcp.json");
  const entry = (v: string) => ({
    command: "node",
    args: [join(import.meta.dirname, "..", "fixtures", "servers", "diff-catalogue.mjs"), v],
  });
  writeFileSync(config, JSON.stringify({ mcpServers: { old: entry("v1"), new: entry("v2") } }));
  const shared = await runCli([
    "mcp",
    "diff",
    "--config",
    config,
    "--server-a",
    "old",
    "--server-b",
    "new",
    "--brief",
  ]);
  assert.equal(shared.code, 1, shared.stderr);
  assert.match(shared.stdout, /catalogue 1\.0\.0 {2}-> {2}catalogue 2\.0\.0/);
  const mixed = await runCli(["mcp", "diff", "--config-a", config, "--server-a", "new", V1, "--brief"]);
  assert.match(mixed.stdout, /catalogue 2\.0\.0 {2}-> {2}catalogue 1\.0\.0\n- run_command/);
});

test("when B fails to start, A (still listing) is stopped too; one line, exit 2, the output file kept", async () => {
  const pids = pidRecorder();
  const out = path("kept.json");
  writeFileSync(out, "previous\n");
  try {
    const slow = `${fixtureCommand("diff-catalogue.mjs")} v1 1500`;
    const r = await runCli(["mcp", "diff", slow, fixtureCommand("crash-on-start.mjs"), "--json", out], {
      env: pids.env,
    });
    assert.equal(r.code, 2);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /^toolscore: B \(node .*crash-on-start\.mjs"\): .*\n$/);
    assert.equal(r.stderr.split("\n").length, 2);
    // A, and B once: a server that crashes at start, saying why on stderr, is not started again.
    assert.equal(pids.pids().length, 2);
    for (const pid of pids.pids()) assert.equal(alive(pid), false, `server ${pid} still runs`);
    assert.equal(readFileSync(out, "utf8"), "previous\n");
  } finally {
    pids.cleanup();
  }
});

test("--json FILE, --ci summary and annotations, labels", async () => {
  const b = writeSnapshot("ci.json", [], "2.0.0");
  const summary = path("summary.md");
  writeFileSync(summary, "");
  const out = path("diff.json");
  const r = await runCli(
    ["mcp", "diff", base, b, "--json", out, "--ci", "--label-a", "old", "--label-b", "new"],
    {
      env: { GITHUB_STEP_SUMMARY: summary },
    },
  );
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^catalogue 1\.0\.0 \(old\) {2}-> {2}catalogue 2\.0\.0 \(new\)\n- search_items\n/);
  assert.match(r.stdout, /^::error title=Breaking change%3A search_items::tool removed$/m);
  const md = readFileSync(summary, "utf8");
  assert.match(md, /## MCP diff: catalogue 1\.0\.0 \\\(old\\\) → catalogue 2\.0\.0 \\\(new\\\)/);
  assert.match(md, /\*\*FAIL\*\*: 2 difference\(s\), 1 breaking/);
  assert.match(md, /\| removed \| search\\_items \|/);
  const j = JSON.parse(readFileSync(out, "utf8")) as Json;
  assert.equal(j.kind, "toolscore.mcp-diff");
  assert.deepEqual(j.removed, ["search_items"]);
  assert.deepEqual(j.server, [{ field: "version", from: "1.0.0", to: "2.0.0" }]);
});

test("--test on live servers: both scorecards side by side, a lower grade and a newly failing probe", async () => {
  const r = await runCli(["mcp", "diff", V1, V2, "--test", "--probes", "--brief", "--json", path("t.json")]);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout, /grade {7}A {11}F/);
  assert.match(r.stdout, /probe now fails: invalid-input-rejected search_items \[high\]/);
  assert.match(r.stdout, /server: grade lowered from A to F/);
  const j = JSON.parse(readFileSync(path("t.json"), "utf8")) as Json;
  assert.equal(j.scorecards.a.grade, "A");
  assert.equal(j.scorecards.b.grade, "F");
  assert.ok(j.breaking.some((b: Json) => b.kind === "probe-newly-failing"));
  // The same live server twice: no difference at all, scorecards included (--fail-on any).
  const same = await runCli(["mcp", "diff", V1, V1, "--test"]);
  assert.equal(same.code, 0, same.stdout + same.stderr);
  assert.match(same.stdout, /^No differences\.$/m);
});

const BAD: Array<[string, () => string[], RegExp]> = [
  [
    "a file of another kind",
    () => [path("lint.json"), base],
    /is not a snapshot \(kind "toolscore\.mcp-lint-report"/,
  ],
  ["a broken file", () => [base, path("broken.json")], /is not a readable snapshot or lock: not valid JSON/],
  ["--test with a file", () => [base, V2, "--test"], /mcp diff --test needs a live server .*base\.json/],
  ["one side only", () => [base], /give A and B/],
  [
    "--server without a side",
    () => ["--config", "x.json", "--server", "a"],
    /--server-a NAME and --server-b NAME/,
  ],
  [
    "--server-b without a config",
    () => [base, "--server-b", "x"],
    /--server-b names an entry of a config file/,
  ],
  ["a bad --fail-on", () => [base, base, "--fail-on", "drift"], /--fail-on takes one of any, breaking, none/],
  ["--probes without --test", () => [base, base, "--probes"], /--probes goes with --test/],
  ["a missing .json file", () => [base, path("nope.json")], /no such file/],
];

for (const [name, args, message] of BAD) {
  test(`bad input, ${name}: one line, exit 2`, async () => {
    const r = await runCli(["mcp", "diff", ...args()]);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trimEnd().split("\n").length, 1, r.stderr);
  });
}

test("URLs: a snapshot of a Streamable HTTP server against it, and two HTTP servers against each other", async () => {
  // Loaded by path, so this file does not depend on the fixture's type declarations.
  const fixtures = join(import.meta.dirname, "..", "fixtures", "servers", "http-servers.mjs");
  const http = (await import(fixtures)) as Record<
    string,
    () => Promise<{ url: string; close(): Promise<void> }>
  >;
  const [streamable, sse] = await Promise.all([http.startStreamableHttp!(), http.startSseOnly!()]);
  try {
    const snap = path("http.json");
    assert.equal((await runCli(["mcp", "list", streamable.url, "--json", snap])).code, 0);
    const same = await runCli(["mcp", "diff", snap, streamable.url, "--header", "X-Key: k"]);
    assert.equal(same.code, 0, same.stdout + same.stderr);
    assert.match(same.stdout, /No differences\./);
    const two = await runCli(["mcp", "diff", streamable.url, sse.url, "--fail-on", "breaking"]);
    assert.equal(two.code, 0, two.stderr);
    assert.match(two.stdout, /^server name: streamable-fixture -> sse-fixture$/m);
    assert.match(two.stdout, /^Diff: OK \(1 difference\(s\), 0 breaking, --fail-on breaking\)$/m);
  } finally {
    await Promise.all([streamable.close(), sse.close()]);
  }
});
