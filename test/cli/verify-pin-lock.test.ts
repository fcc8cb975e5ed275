// verify-pin and the lock: what it shows (the console and CI reports), a lock edited by hand, and
// what the lock records and verification repeats (capability overrides, client capabilities, the
// client profiles the surface depends on); pinning an unchanged server again.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../support/cli.js";
import {
  BASE,
  WITH_SAMPLING,
  cloneSurface as clone,
  servePinned,
  type Surface,
  type SurfaceServer,
} from "../support/pin-surfaces.js";

const cli = (argv: string[], env: Record<string, string> = {}) => runCli(argv, { env });

// The server is a surface file served over HTTP from this process: it changes when the file does.
let server: SurfaceServer;
let dir: string;
let lock: string;
const command = () => server.url;
const writeSurface = (s: Surface) => server.write(s);

before(async () => {
  const pinned = await servePinned(BASE);
  ({ dir, lock } = pinned);
  server = pinned;
});
after(() => server.close());

test("the console report shows findings, escaped diffs under the tool, and the verdict", async () => {
  const s = clone(BASE);
  s.tools[0]!.description = "Get a note by id.\u200b";
  writeSurface(s);
  const r = await cli(["mcp", "verify-pin", command(), "--lock", lock]);
  assert.equal(
    r.stdout,
    [
      "Pin check",
      "  ERROR  'get_note' changed: description (pin-tool-changed)",
      "         --- description (lock)",
      "         +++ description",
      "         @@ -1 +1 @@",
      "         -Get a note by id.",
      "         +Get a note by id.\\u200b",
      "Pin check: FAIL (1 failing of 1 finding(s), --fail-on drift)",
      "",
    ].join("\n"),
  );
});

test("a lock edited by hand is pin-lock-modified, and fails under --fail-on capability", async () => {
  writeSurface(BASE);
  const edited = join(dir, "edited.lock.json");
  writeFileSync(edited, readFileSync(lock, "utf8").replace('"Save a note."', '"Save a note quietly."'));
  const r = await cli(["mcp", "verify-pin", command(), "--lock", edited, "--fail-on", "capability"]);
  assert.equal(r.code, 1);
  assert.match(
    r.stdout,
    /ERROR {2}the lock does not match its own hashes \('save_note' sha256, 'save_note' fields.description, lock_sha256\): it was edited by hand \(pin-lock-modified\)/,
  );
});

test("--ci appends Markdown to GITHUB_STEP_SUMMARY and prints annotations for failing findings", async () => {
  const s = clone(BASE);
  s.tools.push({
    name: "run_command",
    description: "Runs a shell command.",
    inputSchema: { type: "object" },
  });
  s.server.version = "2.0.0";
  writeSurface(s);
  const summary = join(dir, "summary.md");
  writeFileSync(summary, "before\n");
  const r = await cli(["mcp", "verify-pin", command(), "--lock", lock, "--ci"], {
    GITHUB_STEP_SUMMARY: summary,
  });
  assert.equal(r.code, 1);
  const md = readFileSync(summary, "utf8");
  assert.ok(md.startsWith("before\n### ❌ Pin check: FAIL (2 failing of 3 finding(s), --fail-on drift)"));
  assert.match(md, /\| error \| `pin-capability-added` \| run\\_command \|/);
  const annotations = r.stdout.split("\n").filter((l) => l.startsWith("::"));
  assert.deepEqual(annotations, [
    "::error title=pin-capability-added run_command::new tool 'run_command' can exec (name 'run' + 'command'; description 'Runs a shell command')",
    "::error title=pin-tool-added run_command::new tool 'run_command' (exec) is not in the lock",
  ]);
});

test("overrides in the lock are applied again at verification", async () => {
  const s = clone(BASE);
  s.tools.push({ name: "drop_cache", description: "Drop the cache.", inputSchema: { type: "object" } });
  writeSurface(s);
  const caps = join(dir, "caps.json");
  writeFileSync(caps, JSON.stringify({ drop_cache: ["write"], no_such_tool: ["read"] }));
  const overridden = join(dir, "overridden.lock.json");
  const pinned = await cli(["mcp", "pin", command(), "--lock", overridden, "--capabilities", caps]);
  assert.equal(pinned.code, 0);
  assert.equal(
    pinned.stderr,
    "toolscore: warning: --capabilities names 'no_such_tool', which the server does not have\n",
  );
  assert.match(pinned.stdout, /; 2 overrides\n/);
  assert.deepEqual(
    (JSON.parse(readFileSync(overridden, "utf8")) as { capability_overrides: unknown }).capability_overrides,
    {
      drop_cache: ["write"],
      no_such_tool: ["read"],
    },
  );
  const r = await cli(["mcp", "verify-pin", command(), "--lock", overridden]);
  assert.equal(r.code, 0, r.stdout);
});

test("verification declares the client capabilities recorded in the lock", async () => {
  writeSurface(WITH_SAMPLING);
  const withSampling = join(dir, "sampling.lock.json");
  assert.equal(
    (await cli(["mcp", "pin", command(), "--lock", withSampling, "--client-capabilities", "sampling"])).code,
    0,
  );
  const locked = JSON.parse(readFileSync(withSampling, "utf8")) as {
    client_capabilities: string[];
    tools: Array<{ name: string }>;
  };
  assert.deepEqual(locked.client_capabilities, ["sampling"]);
  assert.ok(locked.tools.some((t) => t.name === "summarize"));
  const r = await cli(["mcp", "verify-pin", command(), "--lock", withSampling]);
  assert.equal(r.code, 0, r.stdout);
  const bad = await cli([
    "mcp",
    "verify-pin",
    command(),
    "--lock",
    withSampling,
    "--client-capabilities",
    "roots",
  ]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^toolscore: the lock was pinned with --client-capabilities "sampling"/);
});

test("pinning an unchanged server rewrites the lock byte for byte", async () => {
  writeSurface(BASE);
  const first = readFileSync(lock, "utf8");
  const r = await cli(["mcp", "pin", command(), "--lock", lock]);
  assert.equal(r.code, 0);
  assert.equal(readFileSync(lock, "utf8"), first);
  assert.match(
    r.stdout,
    /^Pinned 2 tools of fixture 1\.0\.0 \(protocol 2025-11-25\)\n {2}capabilities: read 1, write 1\n {2}lock: .*toolscore\.lock\.json \(unchanged\)\n$/,
  );
});

test("pinned without --client-capabilities, a lock records the sampling profile and verify-pin checks each", async () => {
  writeSurface(WITH_SAMPLING);
  const profiled = join(dir, "profiles.lock.json");
  const pinned = await cli(["mcp", "pin", command(), "--lock", profiled]);
  assert.equal(pinned.code, 0, pinned.stderr);
  assert.match(
    pinned.stdout,
    /client capabilities: the surface depends on them; 6 profiles recorded \(tools offered only to some clients: summarize\)/,
  );
  const locked = JSON.parse(readFileSync(profiled, "utf8")) as {
    client_capabilities: string[];
    tools: Array<{ name: string }>;
    profiles: Array<{ client_capabilities: string[]; tools: Array<{ name: string }> }>;
  };
  assert.deepEqual(locked.client_capabilities, []);
  assert.deepEqual(
    locked.tools.map((t) => t.name),
    ["get_note", "save_note"],
  );
  assert.deepEqual(
    locked.profiles.map((p) => [p.client_capabilities.join(","), p.tools.map((t) => t.name).join(",")]),
    [
      ["elicitation", ""],
      ["elicitation,elicitation.url", ""],
      ["elicitation,elicitation.url,roots,sampling", "summarize"],
      ["roots", ""],
      ["sampling", "summarize"],
    ],
  );
  // One profile named: that one is checked.
  const one = await cli([
    "mcp",
    "verify-pin",
    command(),
    "--lock",
    profiled,
    "--client-capabilities",
    "sampling,roots",
  ]);
  assert.equal(one.code, 0, one.stdout);
  // The server now offers summarize to every client: each profile is checked, and the one finding
  // is the drift, found only where summarize was not offered (the profiles with sampling are clean).
  writeSurface({ ...BASE, tools: [...BASE.tools, ...WITH_SAMPLING.samplingTools!] });
  const drift = await cli(["mcp", "verify-pin", command(), "--lock", profiled, "--json", "-"]);
  assert.equal(drift.code, 1, drift.stderr);
  const report = JSON.parse(drift.stdout) as {
    findings: Array<{ rule: string; tool: string; client_capabilities?: string[][] }>;
  };
  assert.deepEqual(
    report.findings.map((f) => [f.rule, f.tool, f.client_capabilities]),
    [["pin-tool-added", "summarize", [[], ["elicitation"], ["elicitation", "elicitation.url"], ["roots"]]]],
  );
});
