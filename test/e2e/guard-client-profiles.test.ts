// One lock, every client: server-everything 2026.8.31 offers get-roots-list only to clients that
// declare roots, trigger-elicitation-request only to those that declare elicitation, and
// trigger-url-elicitation only to those that declare its URL mode. Pinned
// once (every client capability profile recorded), the guard lets each real client's declared
// capabilities see exactly what the server offers it, withholding nothing, under --on-drift block.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { CLI, spawnGuard } from "../support/guard.js";

const tmp = tempDir("toolscore-guard-profiles-");
after(() => tmp.remove());
const SERVER = join(ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const LOCK = join(tmp.dir, "everything.lock.json");
const CLIENTS = JSON.parse(
  readFileSync(join(ROOT, "test/fixtures/clients/declared-capabilities.json"), "utf8"),
) as Record<string, Record<string, unknown>>;
const BASE = [
  "echo",
  "get-annotated-message",
  "get-env",
  "get-resource-links",
  "get-resource-reference",
  "get-structured-content",
  "get-sum",
  "get-tiny-image",
  "gzip-file-as-resource",
  "simulate-research-query",
  "toggle-simulated-logging",
  "toggle-subscriber-updates",
  "trigger-long-running-operation",
];
const EXPECTED: Record<string, string[]> = {
  "claude-code 2.1": [...BASE, "get-roots-list", "trigger-elicitation-request"].sort(),
  // URL-mode elicitation: the server offers its URL elicitation tool too.
  "codex 0.171": [...BASE, "trigger-elicitation-request", "trigger-url-elicitation"].sort(),
  "gemini-cli 0.61": BASE,
};

before(async () => {
  const pin = await runCli(["mcp", "pin", `node ${JSON.stringify(SERVER)}`, "--lock", LOCK]);
  assert.equal(pin.code, 0, pin.stderr);
});

for (const [client, capabilities] of Object.entries(CLIENTS)) {
  test(`${client}: the guard checks the profile the client declared, and withholds nothing`, async () => {
    const log = join(tmp.dir, `${client.split(" ")[0]}.jsonl`);
    const g = spawnGuard([
      CLI,
      "mcp",
      "guard",
      "--lock",
      LOCK,
      "--on-drift",
      "block",
      "--log",
      log,
      "--",
      process.execPath,
      SERVER,
    ]);
    try {
      const init = {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities, clientInfo: { name: client, version: "0" } },
      };
      g.write(
        `${JSON.stringify(init)}\n${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`,
      );
      await g.answer(1, 60_000);
      g.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} })}\n`);
      const listed = await g.answer(2, 60_000);
      assert.ok(listed.result, JSON.stringify(listed));
      const tools = (listed.result as { tools: Array<{ name: string }> }).tools.map((t) => t.name).sort();
      assert.deepEqual(tools, EXPECTED[client]);
    } finally {
      g.child.stdin.end();
      await g.exit;
    }
    const events = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    // The guard checks again after each list_changed; every check passes and withholds nothing.
    const checks = events.filter((e) => e.event === "verified" || e.event === "unverified");
    assert.ok(checks.length >= 1);
    assert.deepEqual(
      checks.map((e) => [e.event, e.withheld, e.ok]),
      checks.map(() => ["verified", 0, true]),
    );
  });
}
