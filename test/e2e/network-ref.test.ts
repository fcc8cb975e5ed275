// A tool whose input schema refers to a network URL (a `$ref` MCP 2026-07-28 allows, and forbids a
// client to fetch): lint warns that values cannot be checked against it (schema-unchecked, not
// schema-invalid), mcp test says which argument it could not generate, and nothing ever asks the
// URL for anything (a listener on 127.0.0.1 stands behind it and must receive no request).
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fixtureCommand, pidRecorder, runCli, tempDir } from "../support/cli.js";

const pids = pidRecorder();
const tmp = tempDir("toolscore-network-ref-");
let canary: Server;
let canaryUrl = "";
const fetched: string[] = [];
before(async () => {
  canary = createServer((req, res) => {
    fetched.push(`${req.method} ${req.url}`);
    res.writeHead(200, { "content-type": "application/json" }).end('{"type":"object"}');
  });
  await new Promise<void>((resolve) => canary.listen(0, "127.0.0.1", resolve));
  const { port } = canary.address() as { port: number };
  canaryUrl = `http://127.0.0.1:${port}/canary/profile.json`;
});
after(async () => {
  canary.closeAllConnections();
  await new Promise<void>((resolve) => canary.close(() => resolve()));
  pids.cleanup();
  tmp.remove();
});

const server = (...args: string[]) =>
  `${fixtureCommand("network-ref.mjs")} ${[canaryUrl, ...args].join(" ")}`;
const run = (argv: string[]) => runCli(argv, { env: pids.env });

interface Finding {
  rule: string;
  severity: string;
  path: string;
  message: string;
  args: Record<string, unknown>;
}

test("mcp lint: a schema-unchecked warning naming the URL, no schema-invalid error", async () => {
  const r = await run(["mcp", "lint", server(), "--json", "-"]);
  assert.equal(r.code, 0, r.stderr);
  const findings = (JSON.parse(r.stdout) as { findings: Finding[] }).findings;
  assert.deepEqual(
    findings.filter((f) => f.rule.startsWith("schema-")).map((f) => [f.rule, f.severity, f.path, f.args]),
    [["schema-unchecked", "warning", "inputSchema", { field: "inputSchema", ref: canaryUrl }]],
  );
  assert.equal(
    findings.find((f) => f.rule === "schema-unchecked")!.message,
    `values cannot be checked against inputSchema: it refers to "${canaryUrl}", a network $ref toolscore never fetches`,
  );
  assert.deepEqual(fetched, []);
});

test("mcp test: the tool is called without the argument, and the report says it could not be generated", async () => {
  // One run: the JSON report to a file, the console scorecard on stdout.
  const output = join(tmp.dir, "card.json");
  const text = await run(["mcp", "test", server(), "--output", output]);
  assert.ok(text.code === 0 || text.code === 1, text.stderr);
  const card = JSON.parse(readFileSync(output, "utf8")) as {
    tools: Array<{ name: string; skipped_reason: string | null; not_generated?: unknown }>;
    calls: Array<{ kind: string; arguments: Record<string, unknown>; detail: string }>;
  };
  const [tool] = card.tools;
  assert.equal(tool!.skipped_reason, null);
  assert.deepEqual(tool!.not_generated, [{ argument: "profile", ref: canaryUrl }]);
  const happy = card.calls.filter((c) => c.kind === "happy");
  assert.equal(happy.length, 3);
  for (const c of happy) assert.ok(!("profile" in c.arguments), JSON.stringify(c.arguments));
  assert.match(
    text.stdout,
    new RegExp(
      `\\nNot generated \\(a \\$ref to a network URL is never fetched\\)\\n {2}lookup_user: could not generate the argument profile: its schema refers to ${canaryUrl.replace(/[.]/g, "\\.")}\\n`,
    ),
  );
  assert.deepEqual(fetched, []);
});

test("mcp test: a required argument that refers to a network URL keeps the tool from being called, saying why", async () => {
  const r = await run(["mcp", "test", server("required"), "--report", "json"]);
  assert.ok(r.code === 0 || r.code === 1, r.stderr);
  const card = JSON.parse(r.stdout) as {
    not_graded_reason: string | null;
    coverage: { skipped: Array<{ tool: string; reason: string }> };
  };
  assert.deepEqual(card.coverage.skipped, [
    {
      tool: "lookup_user",
      reason: `its arguments could not be generated: the required argument "profile" refers to ${canaryUrl}, a network $ref toolscore never fetches`,
    },
  ]);
  assert.match(String(card.not_graded_reason), /a required one refers to a network \$ref, never fetched/);
  assert.deepEqual(fetched, []);
});
