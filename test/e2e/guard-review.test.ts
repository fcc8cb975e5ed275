// A guard enforcing an entry of a lock set, as mcp guard --install writes it: its log names the
// tools the server no longer lists and says why a list was refused, and the review command its
// refusal gives runs as written and finds the drift.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { fixture, ROOT, runBin, tempDir } from "../support/cli.js";
import { surfaceFile } from "../support/fake-home.js";

const CLI = join(ROOT, "dist", "cli.js");

describe("the guard's log and review command, for an entry of a lock set", () => {
  const tmp = tempDir();
  const surface = join(tmp.dir, "notes.json");
  const set = join(tmp.dir, "toolscore.lockset.json");
  const log = join(tmp.dir, "guard.jsonl");
  before(async () => {
    writeFileSync(surface, JSON.stringify(surfaceFile("notes", ["get_note", "list_notes"])));
    const config = join(tmp.dir, "mcp.json");
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: { notes: { command: process.execPath, args: [fixture("pin-surface.mjs"), surface] } },
      }),
    );
    const pin = await runBin(["mcp", "pin", "--config", config, "--lock", set], { cwd: tmp.dir });
    assert.equal(pin.code, 0, pin.stderr);
    // The server drops a tool.
    writeFileSync(surface, JSON.stringify(surfaceFile("notes", ["get_note"])));
  });
  after(() => tmp.remove());

  test("the log names the removed tool and the refusal's reason; the review command runs", async () => {
    let stderr = "";
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        CLI,
        "mcp",
        "guard",
        "--lock",
        set,
        "--server",
        "notes",
        "--on-drift",
        "block",
        "--log",
        log,
        "--",
        process.execPath,
        fixture("pin-surface.mjs"),
        surface,
      ],
      cwd: tmp.dir,
      stderr: "pipe",
    });
    transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: "review-test", version: "0" });
    await client.connect(transport);
    let refusal = "";
    try {
      refusal = await client.listTools().then(
        () => "",
        (e: Error) => e.message,
      );
    } finally {
      await client.close();
    }
    assert.match(stderr, /toolscore guard: removed tool 'list_notes' \(pin-tool-removed\)/);
    assert.match(
      stderr,
      /toolscore guard: refused tools\/list: the server drifted from its lock \(pin-tool-removed\)\n/,
    );
    assert.ok(!stderr.includes("for tool ''"), stderr);
    const review = /Review the change with: (toolscore mcp verify-pin .*?); if it is wanted/.exec(
      refusal,
    )?.[1];
    assert.ok(review !== undefined, refusal);
    assert.ok(!review.includes("CLIENT_CONFIG"), review);
    // The command as a person would paste it, toolscore being the built bin.
    let out = "";
    let code = 0;
    try {
      out = execFileSync(
        "sh",
        ["-c", review.replace(/^toolscore /, `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} `)],
        {
          cwd: tmp.dir,
          encoding: "utf8",
        },
      );
    } catch (e) {
      const err = e as { status: number; stdout: string };
      code = err.status;
      out = err.stdout;
    }
    assert.equal(code, 1, out);
    assert.match(out, /'list_notes' .*\(pin-tool-removed\)/);
  });
});
