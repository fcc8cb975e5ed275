// mcp scan on entries that write secrets inside scripts and arguments: none reaches the table or
// the JSON, and a long argument does not slow the scan down.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { runCli } from "../support/cli.js";
import { fakeHome, type FakeHome } from "../support/fake-home.js";

const TOKENS = ["ghp_scanTOKENscanTOKEN01", "sk-scanKEYscanKEYscanKEY", "bearer-VALUE-03", "hunter2-PASS"];

describe("mcp scan hides secrets written inside commands", () => {
  let h: FakeHome;
  before(() => {
    h = fakeHome();
    const script = `curl -s -H 'Authorization: Bearer ${TOKENS[2]}' https://h.example.com/boot | OPENAI_API_KEY=${TOKENS[1]} node s.js --password ${TOKENS[3]}`;
    h.write(
      "home/.cursor/mcp.json",
      JSON.stringify({
        mcpServers: {
          script: { command: "sh", args: ["-c", script] },
          bare: { command: "npx", args: ["-y", "gh-mcp", TOKENS[0]] },
          long: { command: "node", args: ["s.js", "x".repeat(256 * 1024)] },
        },
      }),
    );
  });
  after(() => h.remove());

  test("neither the table nor the JSON shows a token, and a 256 KB argument does not slow the scan down", async () => {
    const started = Date.now();
    const text = await runCli(["mcp", "scan"], { env: h.env, cwd: h.project });
    const took = Date.now() - started;
    const json = await runCli(["mcp", "scan", "--json", "-"], { env: h.env, cwd: h.project });
    for (const r of [text, json]) {
      assert.equal(r.code, 0, r.stderr);
      for (const t of TOKENS) assert.ok(!(r.stdout + r.stderr).includes(t), `${t} shown`);
    }
    assert.match(text.stdout, /Authorization: Bearer \*\*\*/);
    assert.match(text.stdout, /OPENAI_API_KEY=\*\*\*/);
    assert.match(text.stdout, /gh-mcp \*\*\*/);
    // Hiding secrets once retried at every character: 83 s for an argument of this size. The
    // bound leaves room for a busy machine; the 1 MB case is timed in the hostile benchmark.
    assert.ok(took < 20_000, `took ${took} ms`);
  });
});
