// The launch a lock set records: the secrets of a command line hidden, and a hash of them kept, so
// that a changed token shows as a changed launch though the set never holds it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launchChanged, launchInfo, launchLine } from "../../src/pin/lockset.js";
import { redactArgs, showUrl } from "../../src/scan/argv-secrets.js";

const launch = (raw: unknown) => launchInfo(raw, showUrl, redactArgs);

test("a token in a sh -c script is hidden, and its hash tells a new token from the old", () => {
  const script = (token: string) => ({
    command: "sh",
    args: ["-c", `curl -H 'Authorization: Bearer ${token}' https://h.example.com | node s.js`],
  });
  const a = launch(script("ghp_firstTOKENfirstTOKEN1"));
  const b = launch(script("ghp_secondTOKENsecondTOKEN2"));
  for (const l of [a, b]) {
    assert.ok(!JSON.stringify(l).includes("TOKEN"), JSON.stringify(l));
    assert.match(l.secrets_sha256!, /^[0-9a-f]{64}$/);
  }
  assert.equal(launchLine(a), launchLine(b));
  assert.ok(launchChanged(a, b));
  assert.notEqual(launchLine(a, true), launchLine(b, true));
  assert.deepEqual(launch(script("ghp_firstTOKENfirstTOKEN1")), a);
});

test("a secret in the command itself or in a URL is hidden; a launch without one records no hash", () => {
  const cmd = launch({ command: "API_KEY=abc123 node", args: ["s.js"] });
  assert.equal(cmd.command, "API_KEY=*** node");
  assert.ok(cmd.secrets_sha256 !== undefined);
  const url = launch({ url: "https://u:pw@h.example.com/mcp?key=v" });
  assert.equal(url.url, "https://***:***@h.example.com/mcp?key=***");
  assert.ok(url.secrets_sha256 !== undefined);
  const plain = launch({ command: "npx", args: ["-y", "srv@1"] });
  assert.deepEqual(Object.keys(plain), ["transport", "command", "args", "url", "env", "headers"]);
});
