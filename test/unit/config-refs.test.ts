// The expansion of `${…}` references in a config entry, per syntax, for the fields of a URL entry
// (the stdio fields run through a real server in test/e2e/config-references.test.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { expandEntry } from "../../src/mcp/config-refs.js";
import { forgetSecrets, scrubSecrets } from "../../src/mcp/redact.js";
import { referenceSyntaxOf } from "../../src/scan/clients.js";
import { isToolscoreError } from "../../src/util/errors.js";

const env = { HOST: "mcp.example.com", API_TOKEN: "tok_0123456789abcdef" };
const entry = {
  transport: "http" as const,
  url: "https://${HOST}/mcp?region=${REGION:-eu}",
  headers: { Authorization: "Bearer ${API_TOKEN}", "X-Env": "${env:API_TOKEN}" },
};

test("url and headers, in Claude Code's syntax; a header's expanded value is a secret", () => {
  forgetSecrets();
  const out = expandEntry(entry, { syntax: "shell", env, where: "server" });
  assert.deepEqual(out, {
    transport: "http",
    url: "https://mcp.example.com/mcp?region=eu",
    headers: { Authorization: "Bearer tok_0123456789abcdef", "X-Env": "${env:API_TOKEN}" },
  });
  assert.equal(scrubSecrets("sent tok_0123456789abcdef"), "sent ***");
  forgetSecrets();
});

test("url and headers, in Cursor's and VS Code's syntax", () => {
  const out = expandEntry(entry, { syntax: "env", env, where: "server" });
  assert.deepEqual(out.transport === "http" && out.headers, {
    Authorization: "Bearer ${API_TOKEN}",
    "X-Env": "tok_0123456789abcdef",
  });
  forgetSecrets();
});

test("${input:…} is refused with the entry named; Claude Code's syntax leaves it as written", () => {
  const withInput = { ...entry, headers: { Authorization: "Bearer ${input:token}" } };
  assert.throws(
    () => expandEntry(withInput, { syntax: "both", env, where: 'server "x" in mcp.json' }),
    (e) =>
      isToolscoreError(e, "CONFIG_INVALID") &&
      /^server "x" in mcp\.json uses \$\{input:token\}/.test(e.message),
  );
  const shell = expandEntry(withInput, { syntax: "shell", env, where: "server" });
  assert.equal(shell.transport === "http" && shell.headers.Authorization, "Bearer ${input:token}");
  forgetSecrets();
});

test("the client of a file comes from its path", () => {
  assert.equal(referenceSyntaxOf("/repo/.mcp.json"), "shell");
  assert.equal(referenceSyntaxOf("/home/u/.claude.json"), "shell");
  assert.equal(referenceSyntaxOf("/repo/.cursor/mcp.json"), "env");
  assert.equal(referenceSyntaxOf("/repo/.vscode/mcp.json"), "env");
  assert.equal(referenceSyntaxOf("/home/u/.config/Claude/claude_desktop_config.json"), "none");
  assert.equal(referenceSyntaxOf("/repo/servers.json"), "both");
  assert.equal(referenceSyntaxOf("C:\\Users\\u\\.cursor\\mcp.json"), "env");
});
