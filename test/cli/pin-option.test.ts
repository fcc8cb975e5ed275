// --pin LOCK on mcp lint and mcp test: the pin check of verify-pin folded into their run and exit code.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { ROOT, runCli, tempDir } from "../support/cli.js";

const tmp = tempDir();
after(() => tmp.remove());
const lock = join(ROOT, "examples", "pinning", "notes.lock.json");
const sample = `node ${JSON.stringify(join(ROOT, "dist", "notes-server.js"))}`;

// A server whose definitions lint clean, so the exit code speaks of the pin check alone.
const clean = {
  kind: "toolscore.mcp-snapshot",
  snapshot_version: "1",
  server: { name: "clean", version: "1.0.0" },
  protocol: "2025-11-25",
  capabilities: { tools: {} },
  instructions: null,
  tools: [
    {
      name: "get_weather",
      description: "Get the current weather for a city.",
      inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      annotations: { readOnlyHint: true },
    },
  ],
};
const cleanFile = join(tmp.dir, "clean.json");
writeFileSync(cleanFile, JSON.stringify(clean));
const cleanLock = join(tmp.dir, "clean.lock.json");
const drifted = structuredClone(clean);
drifted.tools[0]!.description = "Get the current weather for a city, in degrees Celsius.";
const driftedFile = join(tmp.dir, "drifted.json");
writeFileSync(driftedFile, JSON.stringify(drifted));

describe("mcp lint --pin", () => {
  test("a clean server that matches its lock exits 0 and shows the pin check", async () => {
    assert.equal((await runCli(["mcp", "pin", cleanFile, "--lock", cleanLock])).code, 0);
    const run = await runCli(["mcp", "lint", cleanFile, "--pin", cleanLock]);
    assert.equal(run.stderr, "");
    assert.match(run.stdout, /Pin check: OK/);
    assert.equal(run.code, 0);
  });

  test("drift fails the lint run; --fail-on never reports it and passes", async () => {
    const failing = await runCli(["mcp", "lint", driftedFile, "--pin", cleanLock]);
    assert.equal(failing.code, 1);
    assert.match(failing.stdout, /'get_weather' changed: description \(pin-tool-changed\)/);
    assert.match(failing.stdout, /\+Get the current weather for a city, in degrees Celsius\./);
    assert.match(failing.stdout, /Pin check: FAIL/);
    const never = await runCli(["mcp", "lint", driftedFile, "--pin", cleanLock, "--fail-on", "never"]);
    assert.equal(never.code, 0);
    assert.match(never.stdout, /Pin check: OK .*--fail-on never/);
  });

  test("the JSON report carries the pin report", async () => {
    const out = join(tmp.dir, "lint.json");
    const run = await runCli(["mcp", "lint", driftedFile, "--pin", cleanLock, "--json", out]);
    assert.equal(run.code, 1);
    const report = JSON.parse(readFileSync(out, "utf8")) as {
      kind: string;
      ok: boolean;
      pin: { kind: string; ok: boolean };
    };
    assert.equal(report.kind, "toolscore.mcp-lint-report");
    assert.equal(report.ok, true);
    assert.equal(report.pin.kind, "toolscore.mcp-pin-report");
    assert.equal(report.pin.ok, false);
  });

  test("bad use: --fail-on without --pin, a missing lock, a lock that is not JSON", async () => {
    const alone = await runCli(["mcp", "lint", cleanFile, "--fail-on", "never"]);
    assert.equal(alone.code, 2);
    assert.match(alone.stderr, /^toolscore: --fail-on goes with --pin LOCK/);
    const missing = await runCli(["mcp", "lint", cleanFile, "--pin", join(tmp.dir, "nope.json")]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^toolscore: no such lock: .*nope\.json/);
    const broken = join(tmp.dir, "broken.lock.json");
    writeFileSync(broken, "{ not json");
    const bad = await runCli(["mcp", "lint", cleanFile, "--pin", broken]);
    assert.equal(bad.code, 2);
    assert.equal(bad.stderr.split("\n").filter(Boolean).length, 1);
  });
});

describe("--pin and verify-pin share one rule for client capabilities", () => {
  // The sample lock was pinned without client capabilities; asking for others is one usage error,
  // the same line from all three commands, and no server is started for it.
  for (const argv of [
    ["mcp", "verify-pin", sample, "--lock", lock],
    ["mcp", "lint", sample, "--pin", lock],
    ["mcp", "test", sample, "--pin", lock],
  ]) {
    test(`${argv[1]} with --client-capabilities other than the lock's: exit 2`, async () => {
      const run = await runCli([...argv, "--client-capabilities", "sampling"]);
      assert.equal(run.code, 2, run.stdout);
      assert.equal(
        run.stderr,
        'toolscore: the lock was pinned with --client-capabilities "", and verification declares the same set: leave the option out\n',
      );
      assert.equal(run.stdout, "");
    });
  }
});

describe("mcp test --pin", () => {
  test("the sample server against its own lock: the pin check passes, the scorecard is shown", async () => {
    const run = await runCli(["mcp", "test", sample, "--pin", lock]);
    assert.equal(run.stderr, "");
    assert.match(run.stdout, /Pin check: OK/);
    assert.equal(run.code, 0);
  });

  test("the rug-pulled sample server fails the run with the pin findings", async () => {
    const run = await runCli(["mcp", "test", `${sample} --rugpull`, "--pin", lock]);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /new tool 'run_command' can exec .*\(pin-capability-added\)/);
    assert.match(run.stdout, /Pin check: FAIL \(3 failing of 3 finding\(s\), --fail-on drift\)/);
    const capability = await runCli([
      "mcp",
      "test",
      `${sample} --rugpull`,
      "--pin",
      lock,
      "--fail-on",
      "never",
    ]);
    assert.equal(capability.code, 0);
  });
});
