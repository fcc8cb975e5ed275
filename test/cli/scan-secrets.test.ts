// mcp scan on entries that write secrets inside scripts and arguments: none reaches the table or
// the JSON. One argument is 1 MB long: a redaction in quadratic time would take hours on it and
// run past the file's time limit (its time is measured in the hostile benchmark, not asserted here).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
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
          long: { command: "node", args: ["s.js", "x".repeat(1024 * 1024)] },
        },
      }),
    );
  });
  after(() => h.remove());

  test("neither the table nor the JSON shows a token, beside a 1 MB argument", async () => {
    // One scan: the table on stdout, the JSON in a file.
    const file = h.write("scan.json", "");
    const text = await runCli(["mcp", "scan", "--json", file], { env: h.env, cwd: h.project });
    assert.equal(text.code, 0, text.stderr);
    const json = readFileSync(file, "utf8");
    assert.equal((JSON.parse(json) as { kind: string }).kind, "toolscore.mcp-scan");
    for (const t of TOKENS) assert.ok(!(text.stdout + text.stderr + json).includes(t), `${t} shown`);
    assert.match(text.stdout, /Authorization: Bearer \*\*\*/);
    assert.match(text.stdout, /OPENAI_API_KEY=\*\*\*/);
    assert.match(text.stdout, /gh-mcp \*\*\*/);
  });
});
