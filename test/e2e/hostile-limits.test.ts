// More of what a hostile server controls: how many notification methods a session counts, how
// much of a long text lint scans, and patterns that only a backtracking engine can run. Each case
// has a fixture server with one behaviour and a bounded payload.
import assert from "node:assert/strict";
import { after, afterEach, describe, test } from "node:test";
import { LeanStdioTransport } from "../../src/mcp/stdio-transport.js";
import { McpSession } from "../../src/mcp/session.js";
import { setLimits } from "../../src/util/limits.js";
import { fixture, fixtureCommand, pidRecorder, runCli } from "../support/cli.js";

interface Finding {
  rule: string;
  severity: string;
  message: string;
  args?: Record<string, unknown>;
}

const pids = pidRecorder();
after(() => pids.cleanup());
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
