// The GitHub Action on real servers, run as the runner runs it (test/support/action.ts). A failure
// runs the built entry (dist/action.js) as a process, its exit code the one runAction returned; the
// other cases call the same entry's runAction in-process, with the same environment.
//
// The pin check, the diff and lint read only what a server lists: the sample notes server's
// surfaces (as it starts, and rug-pulled), as examples/pinning/ keeps them, are served by a raw
// fixture (pin-surface.mjs), which starts in a fraction of the time. The scorecard calls
// the tools: its gate runs on a raw fixture that records the calls (score-spy.mjs).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SarifLog } from "../../src/report/sarif.js";
import { sarifSchemaErrors } from "../support/sarif-schema.js";
import { actionRunner } from "../support/action.js";
import { fixture, fixtureCommand, ROOT, runCli, tempDir } from "../support/cli.js";

const work = tempDir("toolscore-action-");
const SPY = join(work.dir, "spy.jsonl");
after(() => work.remove());
/** The launch of the fixture serving the sample server's surface as written in `surface`. */
const replay = (surface: string) => [process.execPath, fixture("pin-surface.mjs"), join(work.dir, surface)];
const launch = (argv: string[]) => argv.map((a) => JSON.stringify(a)).join(" ");
const notes = launch(replay("notes.surface.json"));
const rugpull = launch(replay("rugpull.surface.json"));

const runAction = actionRunner(work.dir);

before(async () => {
  mkdirSync(join(work.dir, "ci"));
  // Both surfaces come from examples/pinning/, which pin-examples.test.ts keeps equal to what the
  // sample server lists: the rug-pulled snapshot, and the clean tools as its lock records them (the
  // instructions are the same in both modes; the lock pinned below proves the clean surface whole).
  const example = (file: string) =>
    JSON.parse(readFileSync(join(ROOT, "examples", "pinning", file), "utf8")) as Record<string, unknown>;
  const rugpulled = example("notes-rugpull.json");
  const locked = example("notes.lock.json") as { tools: Array<{ definition: unknown }> };
  // The raw fixture speaks the 2025 handshake: a lock records the protocol, nothing here reads it.
  const snapshots: Record<string, Record<string, unknown>> = {
    notes: { ...rugpulled, protocol: "2025-11-25", tools: locked.tools.map((t) => t.definition) },
    rugpull: { ...rugpulled, protocol: "2025-11-25" },
  };
  for (const [name, snapshot] of Object.entries(snapshots)) {
    const { server, protocol, capabilities, instructions, tools } = snapshot;
    const surface = { server, protocol, capabilities, instructions, tools };
    writeFileSync(join(work.dir, `${name}.surface.json`), JSON.stringify(surface));
  }
  // What `mcp list` of the clean replay writes.
  writeFileSync(join(work.dir, "notes.snapshot.json"), JSON.stringify(snapshots.notes, null, 2) + "\n");
  const lockFile = join(work.dir, "ci", "notes.lock.json");
  const pin = await runCli(["mcp", "pin", notes, "--lock", lockFile]);
  assert.equal(pin.code, 0, pin.stderr);
  const {
    protocol: _p,
    lock_sha256: _s,
    ...pinned
  } = JSON.parse(readFileSync(lockFile, "utf8")) as Record<string, unknown>;
  const { protocol: _q, lock_sha256: _t, ...sample } = locked as unknown as Record<string, unknown>;
  assert.deepEqual(pinned, sample, "the clean surface is not the sample server's");
});

describe("the action on the sample notes server", () => {
  test("a clean server passes its pin check: pin-ok=true, exit 0, the report in the summary; no breaking change against its own lock, and no SARIF file unless asked for", async () => {
    // working-directory: relative paths (the lock) start there.
    const r = await runAction({
      server: notes,
      "mcp-pin-file": "notes.lock.json",
      "mcp-diff-against": "notes.lock.json",
      "working-directory": "ci",
    });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.outputs["pin-ok"], "true");
    assert.equal(r.outputs["mcp-diff-breaking"], "0");
    assert.match(r.summary, /^## toolscore$/m);
    assert.match(r.summary, /Pin check: OK/);
    assert.match(r.summary, /\| pin \| ok \|/);
    assert.doesNotMatch(r.stdout, /^::error/m);
    assert.equal(r.outputs["sarif-file"], undefined);
    for (const dir of [work.dir, join(work.dir, "ci")])
      assert.equal(existsSync(join(dir, "toolscore.sarif")), false);
  });

  test("a rug-pulled server fails: pin-ok=false, exit 1, annotations for each failing finding", async () => {
    const r = await runAction({ server: rugpull, "mcp-pin-file": "ci/notes.lock.json" }, "process");
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.equal(r.outputs["pin-ok"], "false");
    assert.match(r.summary, /Pin check: FAIL \(3 failing of 3/);
    assert.match(r.summary, /\| pin \| FAIL \| drift: 3 failing of 3 finding\(s\) \|/);
    const annotations = r.stdout.split("\n").filter((l) => l.startsWith("::error "));
    assert.deepEqual(annotations.map((l) => /title=([\w-]+)/.exec(l)?.[1]).sort(), [
      "pin-capability-added",
      "pin-tool-added",
      "pin-tool-changed",
    ]);
  });

  test("--fail-on never reports the drift without failing", async () => {
    const r = await runAction({
      server: rugpull,
      "mcp-pin-file": "ci/notes.lock.json",
      "mcp-pin-fail-on": "never",
    });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.outputs["pin-ok"], "true");
    assert.match(r.summary, /Pin check: OK/);
  });

  test("a breaking diff against the clean server's snapshot: mcp-diff-breaking counts them, exit 1", async () => {
    const r = await runAction({ server: rugpull, "mcp-diff-against": "notes.snapshot.json" });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    // The new run_command tool, and the new lint error: the description now sends data away.
    assert.equal(r.outputs["mcp-diff-breaking"], "2");
    assert.match(r.summary, /Breaking changes \(2\)/);
    assert.match(r.summary, /run\\?_command/);
    assert.match(r.stdout, /^::error .*run_command/m);
  });

  test("the same diff with mcp-diff-fail-on: none still counts the breaking change but passes", async () => {
    const r = await runAction({
      server: rugpull,
      "mcp-diff-against": "notes.snapshot.json",
      "mcp-diff-fail-on": "none",
    });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.outputs["mcp-diff-breaking"], "2");
  });

  test("the server named by config and server-name, for the pin check and the diff", async () => {
    const config = join(work.dir, "mcp.json");
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          notes: { command: process.execPath, args: replay("notes.surface.json").slice(1) },
          other: { command: "false" },
        },
      }),
    );
    const r = await runAction({
      config: "mcp.json",
      "server-name": "notes",
      "mcp-pin-file": "ci/notes.lock.json",
      "mcp-diff-against": "notes.snapshot.json",
    });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.outputs["pin-ok"], "true");
    assert.equal(r.outputs["mcp-diff-breaking"], "0");
  });

  test("lint: true fails on the sample server's lint error and annotates it", async () => {
    const r = await runAction({ server: notes, lint: "true" });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /^::error .*property-no-type/m);
    assert.match(r.summary, /\| lint \| FAIL \| 1 error\(s\)/);
  });
});

test("the scorecard gate: grade and score outputs, exit 1 below fail-under; allow-writes reaches the scorecard", async () => {
  // The scorecard calls the tools: score-spy records each call, so the run shows which it made.
  const spy = fixtureCommand("score-spy.mjs");
  const calls = () => {
    const text = existsSync(SPY) ? readFileSync(SPY, "utf8") : "";
    rmSync(SPY, { force: true });
    return new Set(
      text
        .split("\n")
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { tool: string }).tool),
    );
  };
  process.env.SCORE_SPY_FILE = SPY;
  try {
    const pass = await runAction({ server: spy, "fail-under": "F" });
    assert.equal(pass.code, 0, pass.stdout + pass.stderr);
    assert.match(pass.outputs.grade ?? "", /^[A-F]$/);
    assert.ok(Number(pass.outputs.score) > 0 && Number(pass.outputs.score) <= 1, pass.outputs.score);
    assert.deepEqual([...calls()], ["list_items"]);
    // With its writing tools called too, their edge cases cost it the A: the gate fails.
    const fail = await runAction({ server: spy, "fail-under": "A", "allow-writes": "true" });
    assert.equal(fail.code, 1, fail.stdout + fail.stderr);
    assert.match(fail.summary, /\| scorecard \| FAIL \| grade [B-F].*below A/);
    assert.ok(calls().has("create_item"), "allow-writes did not reach the scorecard");
  } finally {
    delete process.env.SCORE_SPY_FILE;
  }
});

describe("the action with a lock set: each server of the config against its entry", () => {
  const entry = (surface: string) => ({ command: process.execPath, args: replay(surface).slice(1) });
  before(async () => {
    writeFileSync(
      join(work.dir, "set.json"),
      JSON.stringify({ mcpServers: { notes: entry("notes.surface.json") } }),
    );
    writeFileSync(
      join(work.dir, "set-rug.json"),
      JSON.stringify({ mcpServers: { notes: entry("rugpull.surface.json") } }),
    );
    const pin = await runCli(["mcp", "pin", "--config", "set.json", "--lock", "notes.lockset.json"], {
      cwd: work.dir,
    });
    assert.equal(pin.code, 0, pin.stderr);
  });

  test("a clean config passes: pin-ok=true, exit 0, each server's report in the summary", async () => {
    const r = await runAction({ config: "set.json", "mcp-pin-file": "notes.lockset.json" });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.outputs["pin-ok"], "true");
    assert.match(r.summary, /^### notes\n\n.*Pin check: OK/m);
    assert.match(r.summary, /\| pin \| ok \| matches notes\.lockset\.json \|/);
    assert.match(r.stdout, /^Lock set check: OK \(0 of 1 server fail, --fail-on drift\)$/m);
    assert.doesNotMatch(r.stdout, /^::error/m);
  });

  test("a rug-pulled entry fails: pin-ok=false, exit 1, annotations named by the server", async () => {
    const r = await runAction({ config: "set-rug.json", "mcp-pin-file": "notes.lockset.json" });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.equal(r.outputs["pin-ok"], "false");
    assert.match(r.summary, /\| pin \| FAIL \| drift: 1 failing of 1 server\(s\) \|/);
    // Each server's findings are titled with its name (the colon escaped as %3A).
    const titles = r.stdout
      .split("\n")
      .filter((l) => l.startsWith("::error "))
      .map((l) => /title=([^,:]+)/.exec(l)?.[1]);
    assert.deepEqual(titles.sort(), [
      "notes%3A pin-capability-added run_command",
      "notes%3A pin-tool-added run_command",
      "notes%3A pin-tool-changed search_notes",
    ]);
  });

  test("a server name neither file has, and SARIF for a set, are usage errors (exit 2)", async () => {
    const unknown = await runAction({
      config: "set.json",
      "server-name": "nope",
      "mcp-pin-file": "notes.lockset.json",
    });
    assert.equal(unknown.code, 2, unknown.stdout + unknown.stderr);
    assert.match(unknown.stderr, /neither set\.json nor notes\.lockset\.json has a server named "nope"/);
    const sarif = await runAction({
      config: "set.json",
      "mcp-pin-file": "notes.lockset.json",
      "sarif-file": "set.sarif",
    });
    assert.equal(sarif.code, 2, sarif.stdout + sarif.stderr);
    assert.match(sarif.stderr, /--sarif does not take a lock set yet/);
  });
});

describe("the action's usage errors (exit 2, one line)", () => {
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    ["no server", { "mcp-pin-file": "x.json" }, /no server to check/],
    ["nothing to check", { server: notes }, /nothing to check/],
    ["server and config", { server: notes, config: "a.json", lint: "true" }, /both given/],
    ["a switch that is not a boolean", { server: notes, lint: "maybe" }, /lint takes true or false/],
    [
      "a bad fail-on",
      { server: notes, "mcp-pin-file": "ci/notes.lock.json", "mcp-pin-fail-on": "sometimes" },
      /--fail-on/,
    ],
    ["a missing lock", { server: notes, "mcp-pin-file": "nope.lock.json" }, /no such lock/],
  ];
  for (const [name, inputs, message] of cases) {
    test(name, async () => {
      const r = await runAction(inputs);
      assert.equal(r.code, 2, r.stdout + r.stderr);
      assert.match(r.stderr, message);
      assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
    });
  }
});

test("sarif-file: one valid SARIF 2.1.0 log with a run per command; live-server findings point at the workflow", async () => {
  const r = await runAction({
    server: rugpull,
    "mcp-pin-file": "ci/notes.lock.json",
    "mcp-diff-against": "notes.snapshot.json",
    "sarif-file": "out/toolscore.sarif",
    "working-directory": ".",
  });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const file = join(work.dir, "out", "toolscore.sarif");
  assert.equal(r.outputs["sarif-file"], file);
  const log = JSON.parse(readFileSync(file, "utf8")) as SarifLog;
  assert.deepEqual(sarifSchemaErrors(log), []);
  assert.deepEqual(
    log.runs.map((run) => run.automationDetails.id),
    ["toolscore/verify-pin/", "toolscore/diff/", "toolscore/lint/"],
  );
  const [pin, diff, lint] = log.runs;
  assert.equal(pin!.results[0]!.locations[0]!.physicalLocation!.artifactLocation.uri, "ci/notes.lock.json");
  assert.equal(diff!.results[0]!.locations[0]!.physicalLocation!.artifactLocation.uri, "notes.snapshot.json");
  // Lint ran on the live server: its findings point at the workflow file that ran the check.
  const uris = new Set(lint!.results.map((x) => x.locations[0]!.physicalLocation!.artifactLocation.uri));
  assert.deepEqual([...uris], [".github/workflows/mcp.yml"]);
  // SARIF alone does not gate: lint reports only, so it is not among the failing checks.
  assert.match(r.summary, /\| lint \| ok \| 2 error\(s\), 0 warning\(s\) \(report only\) \|/);
});
