// More of what a hostile server controls: how many notification methods a session counts, how
// much of a long text lint scans, and patterns that only a backtracking engine can run. Each case
// has a fixture server with one behaviour and a bounded payload.
import assert from "node:assert/strict";
import { after, afterEach, describe, test } from "node:test";
import { LeanStdioTransport } from "../../src/mcp/stdio-transport.js";
import { McpSession } from "../../src/mcp/session.js";
import { setLimits } from "../../src/util/limits.js";
import { fixture, pidRecorder } from "../support/cli.js";

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
