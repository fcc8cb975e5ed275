// More of what a hostile server controls: how many notification methods a session counts, how
// much of a long text lint scans, and patterns that only a backtracking engine can run. Each case
// has a fixture server with one behaviour and a bounded payload.
import assert from "node:assert/strict";
import { after, afterEach, describe, test } from "node:test";
import { LeanStdioTransport } from "../../src/mcp/stdio-transport.js";
import { McpSession } from "../../src/mcp/session.js";
import { setLimits } from "../../src/util/limits.js";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, alive, fixture, fixtureCommand, groupAlive, pidRecorder, runCli } from "../support/cli.js";

interface Finding {
  rule: string;
  severity: string;
  message: string;
  args?: Record<string, unknown>;
}

const pids = pidRecorder();
const dir = mkdtempSync(join(tmpdir(), "toolscore-limits-"));
after(() => {
  pids.cleanup();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => setLimits());

describe("a session's bookkeeping", () => {
  test("5,000 notification methods: at most the notifications limit kept, names cut, the rest counted", async () => {
    setLimits({ notifications: 100 });
    const transport = new LeanStdioTransport({
      argv: [process.execPath, fixture("notification-flood.mjs")],
      env: pids.env,
    });
    const session = new McpSession(transport, { timeoutMs: 15_000 });
    try {
      await session.start();
      const hello = await session.initializeRequest("2025-06-18");
      assert.ok("result" in hello);
      await session.speak("2025-06-18");
      const listed = await session.request("tools/list", {});
      assert.ok("result" in listed);
      assert.equal(session.notifications.size, 100);
      assert.equal(session.otherNotifications, 4_900);
      for (const [method, n] of session.notifications) {
        assert.equal(n, 1);
        assert.ok(method.length <= 201, `a kept method name of ${method.length} characters`);
      }
    } finally {
      await session.close();
    }
  });
});

describe("lint of texts longer than it scans", () => {
  test("a payload past scan-kb: the text is reported as scanned only in part, an error; raised, the payload is found", async () => {
    const server = fixtureCommand("late-payload.mjs");
    const cut = await runCli(["mcp", "lint", server, "--json", "-", "--limit", "scan-kb=64"], {
      env: pids.env,
    });
    assert.equal(cut.code, 1, cut.stderr);
    const findings = (JSON.parse(cut.stdout) as { findings: Finding[] }).findings;
    assert.deepEqual(
      findings.filter((f) => f.severity === "error").map((f) => [f.rule, f.args?.technique, f.args?.scanned]),
      [
        ["description-instruction", "not-scanned", 65_536],
        ["hidden-unicode", "not-scanned", 65_536],
      ],
    );
    assert.match(
      findings.find((f) => f.rule === "description-instruction")!.message,
      /^description \(100 KB\) was scanned for instructions to the model only up to the scan-kb limit of 64 KB: raise it with --limit scan-kb=N or TOOLSCORE_LIMIT_SCAN_KB$/,
    );
    const whole = await runCli(["mcp", "lint", server, "--json", "-", "--limit", "scan-kb=128"], {
      env: pids.env,
    });
    const all = (JSON.parse(whole.stdout) as { findings: Finding[] }).findings;
    assert.ok(all.every((f) => f.args?.technique !== "not-scanned"));
    assert.ok(all.some((f) => f.rule === "hidden-unicode" && f.args?.technique === "zero-width"));
    assert.ok(all.some((f) => f.rule === "description-instruction" && f.severity === "error"));
  });
});

describe("patterns only a backtracking engine runs", () => {
  test("an outputSchema pattern that backtracks for ages, or past pattern-chars: not checked, never passed", async () => {
    const r = await runCli(
      [
        "mcp",
        "test",
        fixtureCommand("backtracking-output.mjs"),
        "--cases",
        "1",
        "--no-edge-cases",
        "--report",
        "json",
        "--limit",
        "regex-ms=200",
      ],
      { env: pids.env },
    );
    assert.doesNotMatch(r.stderr, /internal error/);
    const card = JSON.parse(r.stdout) as {
      calls: Array<{ tool: string; ok: boolean; outcome: string; detail: string }>;
    };
    const byTool = Object.fromEntries(card.calls.map((c) => [c.tool, c]));
    assert.deepEqual(
      [byTool.slow_0!.ok, byTool.slow_0!.outcome, byTool.slow_0!.detail],
      [
        false,
        "invalid-output",
        'not checked: structuredContent could not be checked against the outputSchema, the pattern "^(?=a)(a+)+$" ran past the regex-ms limit of 200 ms: raise it with --limit regex-ms=N or TOOLSCORE_LIMIT_REGEX_MS',
      ],
    );
    assert.deepEqual(
      [byTool.slow_counted!.ok, byTool.slow_counted!.outcome],
      [false, "invalid-output"],
      byTool.slow_counted!.detail,
    );
    assert.match(
      byTool.slow_counted!.detail,
      /^not checked: .*"\^\(a\+\)\{1,50\}\$" ran past the regex-ms limit/,
    );
    assert.equal(byTool.long_pattern!.ok, false);
    assert.match(
      byTool.long_pattern!.detail,
      /^not checked: structuredContent could not be checked, the outputSchema does not compile \(a pattern of 1207 characters is past the pattern-chars limit/,
    );
    assert.equal(byTool.quick!.ok, true, byTool.quick!.detail);
  });

  test("Ctrl-C while the answers of 20 such tools are checked: exit 130, the server stopped", async () => {
    const calls = join(dir, "calls.txt");
    const before = new Set(pids.pids());
    const cli = spawn(
      process.execPath,
      [
        join(ROOT, "dist", "cli.js"),
        "mcp",
        "test",
        fixtureCommand("backtracking-output.mjs"),
        "--limit",
        "regex-ms=200",
      ],
      {
        env: { ...process.env, ...pids.env, FIXTURE_TOOLS: "20", FIXTURE_CALLS: calls },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    cli.stderr.on("data", (d: Buffer) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => cli.on("close", (code) => resolve(code)));
    // Until the first call (the deadline only stops a hang).
    const until = Date.now() + 120_000;
    while (!existsSync(calls) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    assert.ok(existsSync(calls), "no tool was called");
    const [server] = pids.pids().filter((p) => !before.has(p));
    assert.ok(server !== undefined && alive(server));
    // The checks now under way each take up to regex-ms (200 ms): Ctrl-C is answered after the one
    // under way, not after the checks of every tool (some seconds of them), and no tool is called
    // once the servers are being stopped.
    cli.kill("SIGINT");
    const code = await Promise.race([
      exited,
      new Promise<"hung">((r) => setTimeout(() => r("hung"), 120_000).unref()),
    ]);
    assert.equal(code, 130, stderr);
    assert.match(stderr, /interrupted, stopping servers/);
    const called = new Set(readFileSync(calls, "utf8").split("\n").filter(Boolean));
    assert.ok(
      called.size < 23,
      `every tool was called before Ctrl-C was answered: ${[...called].join(", ")}`,
    );
    assert.equal(alive(server), false);
    assert.equal(groupAlive(server), false);
  });
});
