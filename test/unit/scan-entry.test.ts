// What a scan row and a lock set show of a command line: secrets hidden, references as written.
import { test } from "node:test";
import assert from "node:assert/strict";
import { redactArgs, showArgv } from "../../src/scan/entry.js";

// [argv, what is shown]
const CASES: Array<[string[], string[]]> = [
  [["--api-key=sk_live_1"], ["--api-key=***"]],
  [
    ["--access-token", "sbp_123", "--verbose"],
    ["--access-token", "***", "--verbose"],
  ],
  [
    ["--token", "--next"],
    ["--token", "--next"],
  ],
  [
    ["API_KEY=abc", "MODE=fast"],
    ["API_KEY=***", "MODE=fast"],
  ],
  [
    ["--api-key=${env:KEY}", "--token", "${TOKEN}"],
    ["--api-key=${env:KEY}", "--token", "${TOKEN}"],
  ],
  [
    ["--header", "Authorization: Bearer abc"],
    ["--header", "Authorization: ***"],
  ],
  [
    ["--header", "Authorization: Bearer ${env:T}"],
    ["--header", "Authorization: Bearer ${env:T}"],
  ],
  [
    ["--header", "Accept: text/plain"],
    ["--header", "Accept: text/plain"],
  ],
  [
    ["Bearer", "abc123"],
    ["Bearer", "***"],
  ],
  [["--auth=Bearer abc"], ["--auth=***"]],
  [
    ["-H", "X: Bearer abc"],
    ["-H", "X: Bearer ***"],
  ],
  [["https://u:p@h.example.com/x"], ["https://***:***@h.example.com/x"]],
  [["--url=https://h.example.com/mcp?key=v"], ["--url=https://h.example.com/mcp?key=***"]],
  // A URL without credentials or query is kept exactly as written (no trailing slash added).
  [["https://h.example.com"], ["https://h.example.com"]],
  [
    ["-y", "@scope/server@1.2.0", "/data"],
    ["-y", "@scope/server@1.2.0", "/data"],
  ],
];

test("redactArgs hides secrets in arguments and keeps everything else", () => {
  for (const [argv, shown] of CASES) assert.deepEqual(redactArgs(argv), shown, argv.join(" "));
});

test("showArgv quotes words with spaces after hiding", () => {
  assert.equal(
    showArgv(["npx", "-y", "srv", "--header", "Authorization: Bearer abc"]),
    'npx -y srv --header "Authorization: ***"',
  );
});
