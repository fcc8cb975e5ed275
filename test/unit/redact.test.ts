import { test } from "node:test";
import assert from "node:assert/strict";
import {
  argvSecrets,
  forgetSecrets,
  redactCommand,
  rememberLaunchSecrets,
  scrubSecrets,
} from "../../src/mcp/redact.js";

// One line per command: as typed, as shown.
const COMMANDS: Array<[string, string]> = [
  ["node cli.js --access-token=sbp_SECRET --project x", "node cli.js --access-token=*** --project x"],
  ["npx -y @stripe/mcp --api-key sk_test_123 --tools=all", "npx -y @stripe/mcp --api-key *** --tools=all"],
  ['server --client-secret "a b c" --verbose', "server --client-secret *** --verbose"],
  ["env GITHUB_TOKEN=ghp_x node s.js", "env GITHUB_TOKEN=*** node s.js"],
  ["server --password=hunter22 --auth-header 'Bearer x'", "server --password=*** --auth-header ***"],
  ["server --credentials-file /etc/c.json", "server --credentials-file ***"],
  // A flag with no value, and arguments that are no secret, stay as they are.
  ["server --api-key --port 3000 --name key", "server --api-key --port 3000 --name key"],
  ["node build/index.js --token", "node build/index.js --token"],
];
for (const [typed, shown] of COMMANDS) {
  test(`redactCommand: ${typed}`, () => assert.equal(redactCommand(typed), shown));
}

test("argvSecrets finds --x=v, --x v and X=v values", () => {
  assert.deepEqual(
    argvSecrets(["node", "--api-key=sk_1", "--auth-token", "tok_2", "--port", "1", "DB_PASSWORD=pw_3"]),
    ["sk_1", "tok_2", "pw_3"],
  );
});

test("the scrubber hides every secret given, in every encoding it may come back in", () => {
  forgetSecrets();
  rememberLaunchSecrets({
    env: {
      NOTES_API_KEY: "k3y-value!",
      DEBUG: "1",
      HOME_DIR: "/home/me/projects/abc",
      SESSION: "abcdefghijklmnop",
    },
    headers: {
      Authorization: "Basic " + Buffer.from("alice:s3cr3t-pw").toString("base64"),
      "X-Api-Key": "hdr-secret",
    },
    url: "https://bob:pa55word@example.com/mcp?token=qtok-123",
    argv: ["node", "s.js", "--access-token=sbp_SECRET"],
  });
  const leaks = [
    "k3y-value!",
    encodeURIComponent("k3y-value!"),
    Buffer.from("k3y-value!").toString("base64"),
    "alice:s3cr3t-pw",
    "s3cr3t-pw",
    Buffer.from("alice:s3cr3t-pw").toString("base64"),
    "hdr-secret",
    "pa55word",
    Buffer.from("bob:pa55word").toString("base64"),
    "qtok-123",
    "sbp_SECRET",
    "abcdefghijklmnop",
  ];
  for (const s of leaks) assert.equal(scrubSecrets(`the server said: ${s}.`), "the server said: ***.", s);
  // Short and path-like values of variables not named as secrets are ordinary text.
  assert.equal(scrubSecrets("DEBUG=1 in /home/me/projects/abc"), "DEBUG=1 in /home/me/projects/abc");
  forgetSecrets();
  assert.equal(scrubSecrets("k3y-value!"), "k3y-value!");
});
