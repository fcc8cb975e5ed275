// Safe by default, proven on a server that records every call: no tool is called with an argument
// that could write (a file name to save to, a "set", "clear" or "delete" mode), a tool that says
// it sets something is skipped although it is annotated read-only, and the server runs in a fresh
// folder of its own that is gone afterwards.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { MCPStdioClient } from "../../src/mcp/stdio-client.js";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import { runScorecard } from "../../src/score/run.js";
import { fixture, fixtureCommand, runCli, tempDir } from "../support/cli.js";

interface Recorded {
  tool: string;
  arguments: Record<string, unknown>;
  cwd: string;
}
const recorded = (file: string): Recorded[] =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Recorded)
    : [];

// Written out here rather than taken from the code under test.
const WRITE_KEYS = ["filename", "output_path", "save"];
const WRITE_VALUES = ["set", "clear", "delete", "apply", "destroy"];

function unsafeIn(v: unknown, at: string, out: string[]): string[] {
  if (typeof v === "string" && WRITE_VALUES.includes(v)) out.push(`${at} = ${v}`);
  else if (Array.isArray(v)) v.forEach((x, i) => unsafeIn(x, `${at}[${i}]`, out));
  else if (v !== null && typeof v === "object")
    for (const [k, x] of Object.entries(v)) {
      if (WRITE_KEYS.includes(k)) out.push(`${at}.${k}`);
      unsafeIn(x, `${at}.${k}`, out);
    }
  return out;
}

// Each test has a folder and a server of its own: they run side by side.
describe("safe by default", { concurrency: true }, () => {
  test("seeds 1-20: no write-like argument, no write mode, and no call to a tool that says it sets something", async () => {
    const tmp = tempDir();
    const file = join(tmp.dir, "calls.jsonl");
    const client = await MCPStdioClient.connect(["node", fixture("score-unsafe-arguments.mjs")], {
      env: { SCORE_SPY_FILE: file },
      cwd: tmp.dir,
    });
    try {
      const snapshot = await ServerSnapshot.fromClient(client);
      for (let seed = 1; seed <= 20; seed++) {
        const card = await runScorecard(
          { snapshot, call: (name, args, opts) => client.callTool(name, args, opts) },
          { seed, cases: 3 },
        );
        assert.deepEqual(
          card.coverage.skipped.map((s) => s.tool),
          ["kubectl_context", "plan_view"],
        );
      }
      const calls = recorded(file);
      assert.ok(calls.length > 20 * 10, `only ${calls.length} calls`);
      assert.deepEqual(
        calls.flatMap((c) => unsafeIn(c.arguments, c.tool, [])),
        [],
      );
      const called = new Set(calls.map((c) => c.tool));
      assert.deepEqual([...called].sort(), ["fetch_page", "get_logs", "read_setting", "take_screenshot"]);
      // The harmless choices are all still tried.
      const modes = new Set(calls.filter((c) => c.tool === "get_logs").map((c) => c.arguments.mode));
      assert.ok(modes.has("tail") && modes.has("head"));
      assert.ok(calls.some((c) => c.tool === "get_logs" && typeof c.arguments.options === "object"));
    } finally {
      await client.close();
      tmp.remove();
    }
  });

  test("mcp test: the reasons, a fresh working folder removed afterwards, --no-network, --cwd", async () => {
    const tmp = tempDir();
    const file = join(tmp.dir, "calls.jsonl");
    try {
      const r = await runCli(
        ["mcp", "test", fixtureCommand("score-unsafe-arguments.mjs"), "--env", `SCORE_SPY_FILE=${file}`],
        {
          cwd: tmp.dir,
        },
      );
      assert.equal(r.code, 0, r.stderr);
      assert.match(
        r.stdout,
        /^  kubectl_context +its description says it changes something \('set the current context'\)$/m,
      );
      assert.match(
        r.stdout,
        /^  plan_view +required 'mode' takes only write, delete or exec values \('apply', 'destroy'\)$/m,
      );
      assert.match(r.stdout, /^  fetch_page +3\/3 /m);
      const calls = recorded(file);
      const dirs = [...new Set(calls.map((c) => c.cwd))];
      assert.equal(dirs.length, 1);
      assert.notEqual(dirs[0], tmp.dir);
      assert.equal(existsSync(dirs[0]!), false, "the server's working folder is removed");
      assert.deepEqual(readdirSync(tmp.dir), ["calls.jsonl"]);

      // Offline, and with --cwd: the server runs there, and what it writes stays.
      const work = join(tmp.dir, "work");
      mkdirSync(work);
      const offline = await runCli(
        ["mcp", "test", fixtureCommand("score-unsafe-arguments.mjs"), "--no-network", "--cwd", work],
        { cwd: tmp.dir },
      );
      assert.equal(offline.code, 0, offline.stderr);
      assert.match(offline.stdout, /^  fetch_page .* skipped \(network\)$/m);
      assert.match(
        offline.stdout,
        /^  fetch_page +reaches the network \(annotation openWorldHint: true, name word 'fetch', description 'URL'\)$/m,
      );
      assert.ok(readdirSync(work).filter((f) => f.startsWith("scratch-")).length >= 4);
    } finally {
      tmp.remove();
    }
  });

  test("mcp diff --test: each launched server runs in a fresh folder of its own, removed afterwards; --cwd keeps one", async () => {
    const tmp = tempDir();
    const file = join(tmp.dir, "calls.jsonl");
    const server = fixtureCommand("score-unsafe-arguments.mjs");
    const quick = ["--env", `SCORE_SPY_FILE=${file}`];
    try {
      const r = await runCli(["mcp", "diff", server, server, "--test", ...quick], { cwd: tmp.dir });
      assert.equal(r.code, 0, r.stdout + r.stderr);
      const dirs = [...new Set(recorded(file).map((c) => c.cwd))];
      assert.equal(dirs.length, 2, "one folder for A, another for B");
      for (const dir of dirs) {
        assert.notEqual(dir, tmp.dir);
        assert.equal(existsSync(dir), false, `${dir} is removed`);
      }
      assert.deepEqual(readdirSync(tmp.dir), ["calls.jsonl"]);

      const work = join(tmp.dir, "work");
      mkdirSync(work);
      const kept = await runCli(["mcp", "diff", server, server, "--test", "--cwd", work, ...quick], {
        cwd: tmp.dir,
      });
      assert.equal(kept.code, 0, kept.stdout + kept.stderr);
      assert.ok(readdirSync(work).filter((f) => f.startsWith("scratch-")).length >= 8);
    } finally {
      tmp.remove();
    }
  });
});
