import { test } from "node:test";
import assert from "node:assert/strict";
import { MCPStdioClient } from "../../src/mcp/stdio-client.js";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import { buildLock } from "../../src/pin/lock.js";
import { checkPin } from "../../src/pin/verify.js";
import { MEMORY_TOOLS } from "../support/cli.js";

async function snapshotOf(pkg: string): Promise<ServerSnapshot> {
  await using client = await MCPStdioClient.connect([process.execPath, `node_modules/${pkg}/dist/index.js`], {
    timeout: 30,
  });
  // Awaited here, so the server is stopped only after every list request was answered.
  return await ServerSnapshot.fromClient(client);
}

// server-memory 2025.4.25 -> 2026.8.31: the newer build adds titles, output schemas and
// annotations, and a "$schema" to every input schema; the descriptions stayed the same.
test("a real upgrade: server-memory 2025.4.25 pinned, 2026.8.31 verified", async () => {
  const [old, next] = await Promise.all([snapshotOf("mem2504"), snapshotOf("mem2608")]);
  const report = checkPin(buildLock(old), next, { failOn: "drift" });
  const changed = report.findings.filter((f) => f.rule === "pin-tool-changed");
  assert.deepEqual(
    changed.map((f) => f.tool),
    MEMORY_TOOLS,
  );
  for (const f of changed) {
    assert.deepEqual(f.fields, ["title", "inputSchema", "outputSchema", "annotations"], String(f.tool));
    assert.deepEqual(
      f.diffs.map((d) => d.field),
      f.fields,
    );
    const input = f.diffs.find((d) => d.field === "inputSchema")!;
    assert.ok(
      input.hunks.some((h) => h.lines.includes('+  "$schema": "http://json-schema.org/draft-07/schema#",')),
    );
  }
  // The annotations only confirm what the names say: delete_* could already delete.
  assert.deepEqual(
    report.findings.filter((f) => f.rule === "pin-capability-added"),
    [],
  );
  assert.deepEqual(
    report.findings
      .filter((f) => f.rule === "pin-protocol-changed" || f.rule === "pin-server-changed")
      .map((f) => `${f.rule} ${f.before} -> ${f.after}`),
    ["pin-protocol-changed 2024-11-05 -> 2025-11-25"],
  );
  assert.equal(report.total, 10);
  assert.equal(report.failing, 9);
  assert.equal(report.ok, false);
  assert.equal(checkPin(buildLock(old), next, { failOn: "capability" }).ok, true);
});
