// A reader that closes early (`toolscore mcp list … | head -1`) ends the output, not the run: no
// stack trace about EPIPE, the servers are stopped, and the exit code is the command's own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "../support/cli.js";

const BIN = join(ROOT, "dist", "cli.js");

function runAndCloseEarly(args: string[]): Promise<{ code: number | null; stderr: string; got: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    let got = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.stdout.once("data", (d: Buffer) => {
      got = d.toString();
      child.stdout.destroy();
    });
    child.on("close", (code) => resolve({ code, stderr, got }));
  });
}

test("a listing piped into a reader that stops after its first line exits with its own code, without a trace", async () => {
  const tmp = tempDir();
  try {
    const tools = Array.from({ length: 20_000 }, (_, i) => ({
      name: `tool_${i}`,
      description: "Read one item of the store by its id.",
      inputSchema: { type: "object" },
    }));
    const file = join(tmp.dir, "big.json");
    writeFileSync(
      file,
      JSON.stringify({
        kind: "toolscore.mcp-snapshot",
        snapshot_version: "1",
        server: { name: "big", version: "1" },
        protocol: "2025-11-25",
        capabilities: { tools: {} },
        client_capabilities: [],
        instructions: null,
        tools,
      }),
    );
    for (const args of [
      ["mcp", "list", file],
      ["mcp", "list", file, "--json", "-"],
    ]) {
      const r = await runAndCloseEarly(args);
      assert.ok(r.got.length > 0, args.join(" "));
      assert.equal(r.code, 0, `${args.join(" ")}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, /EPIPE|Unhandled|at /, args.join(" "));
    }
  } finally {
    tmp.remove();
  }
});
