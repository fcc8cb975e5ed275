// Every command on servers built with the v2 server SDK, over stdio and Streamable HTTP, that
// serve MCP 2026-07-28 only or both eras: the version spoken is 2026-07-28, tools come from every
// page exactly as sent, a tool that needs sampling is skipped as "needs input", and a lock made
// in the 2025 era verifies against the same server in 2026-07-28 with only the protocol change.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { join } from "node:path";
import { readFileSync, writeFileSync } from "node:fs";
import { MCPStdioClient } from "../../src/mcp/stdio-client.js";
import { resultText } from "../../src/score/judge.js";
import { fixture, fixtureCommand, pidRecorder, runCli, tempDir, type CliRun } from "../support/cli.js";
import type { HttpFixture } from "../fixtures/servers/http-servers.mjs";
import { startV2Http } from "../fixtures/servers/v2-http.mjs";
import { V2_TOOLS } from "../fixtures/servers/v2-tools.mjs";

const pids = pidRecorder();
const tmp = tempDir();
const http: Record<string, HttpFixture> = {};
before(async () => {
  http.dual = await startV2Http("stateless");
  http.modern = await startV2Http("reject");
});
after(async () => {
  await Promise.all(Object.values(http).map((h) => h.close()));
  pids.cleanup();
  tmp.remove();
});

// [label, launch, every command or only mcp list]: in 2026-07-28 the stdio server that serves
// only that era answers as the one of both eras does, so it is listed and not run through the
// other commands again; the HTTP server of 2026-07-28 only is.
const SERVERS: Array<[string, () => string, "all" | "list"]> = [
  ["stdio, both eras", () => fixtureCommand("v2-stdio.mjs"), "all"],
  ["stdio, 2026-07-28 only", () => `${fixtureCommand("v2-stdio.mjs")} modern-only`, "list"],
  ["HTTP, both eras", () => http.dual!.url, "all"],
  ["HTTP, 2026-07-28 only", () => http.modern!.url, "all"],
];

const run = (args: string[]) => runCli(args, { env: pids.env, cwd: tmp.dir });

for (const [label, server, commands] of SERVERS) {
  describe(`v2 SDK server, ${label}`, () => {
    const base = join(tmp.dir, label.replace(/\W+/g, "-"));
    test("mcp list: protocol 2026-07-28, every page, tools exactly as sent", async () => {
      const r = await run(["mcp", "list", server(), "--json", "-"]);
      assert.equal(r.code, 0, r.stderr);
      writeFileSync(`${base}.json`, r.stdout);
      const snap = JSON.parse(r.stdout) as Record<string, unknown>;
      assert.equal(snap.protocol, "2026-07-28");
      assert.match(String((snap.server as { name: string }).name), /^v2-/);
      assert.deepEqual(snap.capabilities, { tools: { listChanged: false } });
      assert.equal(snap.instructions, "A v2 SDK fixture.");
      assert.deepEqual(snap.tools, V2_TOOLS);
    });

    if (commands === "list") return;

    test("mcp lint and mcp test: the sampling tool needs input and is skipped, not failed", async () => {
      const lint = await run(["mcp", "lint", server(), "--json", "-"]);
      assert.ok(lint.code === 0 || lint.code === 1, lint.stderr);
      assert.equal((JSON.parse(lint.stdout) as { kind: string }).kind, "toolscore.mcp-lint-report");
      const r = await run(["mcp", "test", server(), "--report", "json"]);
      assert.ok(r.code === 0 || r.code === 1, r.stderr);
      const card = JSON.parse(r.stdout) as {
        protocol: string;
        tools: Array<{
          name: string;
          skipped_reason: string | null;
          happy: { passed: number; total: number };
        }>;
      };
      assert.equal(card.protocol, "2026-07-28");
      const byName = new Map(card.tools.map((t) => [t.name, t]));
      assert.match(
        String(byName.get("summarize")!.skipped_reason),
        /^needs input: .*sampling\/createMessage/,
      );
      assert.deepEqual(byName.get("summarize")!.happy, { passed: 0, total: 0 });
      assert.equal(byName.get("echo")!.skipped_reason, null);
      assert.ok(byName.get("echo")!.happy.passed > 0);
    });

    test("mcp pin, verify-pin and diff", async () => {
      const pin = await run(["mcp", "pin", server(), "--lock", `${base}.lock.json`]);
      assert.equal(pin.code, 0, pin.stderr);
      const lock = JSON.parse(readFileSync(`${base}.lock.json`, "utf8")) as { protocol: string };
      assert.equal(lock.protocol, "2026-07-28");
      const verify = await run(["mcp", "verify-pin", server(), "--lock", `${base}.lock.json`, "--json", "-"]);
      assert.equal(verify.code, 0, verify.stderr);
      assert.equal((JSON.parse(verify.stdout) as { total: number }).total, 0);
      // The lock as the old side: the server's listing above is diffed against what was pinned.
      const diff = await run(["mcp", "diff", `${base}.lock.json`, `${base}.json`, "--json", "-"]);
      assert.equal(diff.code, 0, diff.stderr + diff.stdout);
      assert.equal((JSON.parse(diff.stdout) as { changed: unknown[] }).changed.length, 0);
    });
  });
}

describe("era changes", () => {
  // Each server of both eras listed in 2025-11-25, once: the 2025 listings checked below, and the
  // old side of the era diff. The era test runs on the HTTP server (in this process): what it
  // checks is the same on either transport.
  const listed2025 = { stdio: join(tmp.dir, "stdio-2025.json"), http: join(tmp.dir, "http-2025.json") };
  let stdioRun: CliRun;
  let httpRun: CliRun;
  before(async () => {
    const list = (server: string, file: string) =>
      run(["mcp", "list", server, "--json", file, "--protocol", "2025-11-25"]);
    [stdioRun, httpRun] = await Promise.all([
      list(fixtureCommand("v2-stdio.mjs"), listed2025.stdio),
      list(http.dual!.url, listed2025.http),
    ]);
  });

  test("a lock pinned in 2025-11-25 verifies against the same server in 2026-07-28: pin-protocol-changed only", async () => {
    const lock = join(tmp.dir, "era.lock.json");
    const server = http.dual!.url;
    assert.equal((await run(["mcp", "pin", server, "--lock", lock, "--protocol", "2025-11-25"])).code, 0);
    const r = await run(["mcp", "verify-pin", server, "--lock", lock, "--json", "-"]);
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as { findings: Array<Record<string, unknown>> };
    assert.deepEqual(
      report.findings.map((f) => [f.rule, f.severity, f.before, f.after]),
      [["pin-protocol-changed", "info", "2025-11-25", "2026-07-28"]],
    );
    assert.equal(httpRun.code, 0, httpRun.stderr);
    const diff = await run(["mcp", "diff", listed2025.http, server, "--fail-on", "breaking"]);
    assert.equal(diff.code, 0, diff.stderr + diff.stdout);
    assert.match(diff.stdout, /^protocol: 2025-11-25 -> 2026-07-28$/m);
    assert.match(diff.stdout, /\(1 difference\(s\), 0 breaking/);
  });

  test("the 2025 era of the same servers: the same tools, protocol 2025-11-25", () => {
    for (const r of [stdioRun, httpRun]) assert.equal(r.code, 0, r.stderr);
    for (const file of [listed2025.stdio, listed2025.http]) {
      const snap = JSON.parse(readFileSync(file, "utf8")) as { protocol: string; tools: unknown };
      assert.equal(snap.protocol, "2025-11-25");
      assert.deepEqual(snap.tools, V2_TOOLS);
    }
  });

  test("a modern-only server refuses the 2025 handshake: one line, exit 2", async () => {
    for (const server of [`${fixtureCommand("v2-stdio.mjs")} modern-only`, http.modern!.url]) {
      const r = await run(["mcp", "list", server, "--protocol", "2025-11-25"]);
      assert.equal(r.code, 2);
      assert.equal(r.stderr.split("\n").length, 2, r.stderr);
      assert.match(
        r.stderr,
        /^toolscore: the server refused protocol 2025-11-25: .*\(JSON-RPC error -32022\); use --protocol auto/,
      );
    }
  });
});

describe("client capabilities", () => {
  test("declared in every modern request's _meta, as in the 2025 initialize", async () => {
    for (const protocol of ["auto", "2025-11-25"]) {
      await using client = await MCPStdioClient.connect(["node", fixture("v2-stdio.mjs")], {
        clientCapabilities: ["roots", "sampling"],
        protocol,
      });
      assert.equal(client.info.protocolVersion, protocol === "auto" ? "2026-07-28" : protocol);
      const r = await client.callTool("client_capabilities", {});
      assert.ok(r.ok);
      assert.deepEqual(JSON.parse(resultText(r.result)), { roots: { listChanged: false }, sampling: {} });
    }
  });

  test("a tool asking for sampling, which toolscore never gives, still needs input when sampling is declared", async () => {
    // The HTTP server of both eras (in this process): the transport is not what this checks.
    const r = await run([
      "mcp",
      "test",
      http.dual!.url,
      "--report",
      "json",
      "--client-capabilities",
      "sampling",
    ]);
    const card = JSON.parse(r.stdout) as { tools: Array<{ name: string; skipped_reason: string | null }> };
    assert.equal(
      card.tools.find((t) => t.name === "summarize")!.skipped_reason,
      "needs input: the server asked for sampling/createMessage, which toolscore does not give",
    );
  });
});
