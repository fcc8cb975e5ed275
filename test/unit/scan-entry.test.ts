// What a scan row and a lock set show of a command line (secrets hidden, references as written),
// and the entry a lock set reads when the guard wraps it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { redactArgs, showArgv } from "../../src/scan/argv-secrets.js";
import { unguardedEntry } from "../../src/scan/entry.js";

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
  // Inside a script (sh -c): headers, schemes, assignments, options and tokens of a known form.
  [
    ["-c", "curl -H 'Authorization: Bearer abc123' -H \"X-Api-Key: k1\" https://h.example.com/x"],
    ["-c", "curl -H 'Authorization: Bearer ***' -H \"X-Api-Key: ***\" https://h.example.com/x"],
  ],
  [
    ["-c", "GITHUB_TOKEN=tok1 node s.js --api-key key2 --port 3000 --password=pw3 --verbose"],
    ["-c", "GITHUB_TOKEN=*** node s.js --api-key *** --port 3000 --password=*** --verbose"],
  ],
  [
    ["-c", "exec srv --url https://u:p@h.example.com/?token=q"],
    ["-c", "exec srv --url https://***:***@h.example.com/?token=***"],
  ],
  [
    ["ghp_abcdefghijklmnop1234", "sk-abcdefghijklmnopqrstu", "x=github_pat_11ABCDEFGHIJ0123456789"],
    ["***", "***", "x=***"],
  ],
  [
    ["eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl", "run-the-task", "sk-learn"],
    ["***", "run-the-task", "sk-learn"],
  ],
  // References stay as written inside a script too.
  [
    ["-c", "srv --token ${TOKEN} -H 'Authorization: Bearer ${env:T}'"],
    ["-c", "srv --token ${TOKEN} -H 'Authorization: Bearer ${env:T}'"],
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

test("unguardedEntry: a wrapped entry stands for the server behind the guard; others are as they are", () => {
  const GUARD = ["mcp", "guard", "--lock", "/l.json", "--server", "n"];
  const CASES: Array<[unknown, unknown]> = [
    [
      { command: "toolscore", args: [...GUARD, "--", "npx", "-y", "srv"], env: { K: "v" }, cwd: "/w" },
      { command: "npx", args: ["-y", "srv"], env: { K: "v" }, cwd: "/w" },
    ],
    [
      {
        command: "toolscore",
        args: [...GUARD, "--header", "X: 1", "https://h.example.com/mcp"],
        type: "stdio",
        "x-toolscore-type": "http",
        "x-toolscore-url": "https://h.example.com/mcp",
        "x-toolscore-headers": { X: "1" },
        timeout: 5,
      },
      { timeout: 5, type: "http", url: "https://h.example.com/mcp", headers: { X: "1" } },
    ],
    [
      { command: "node", args: ["s.js"] },
      { command: "node", args: ["s.js"] },
    ],
    [{ url: "https://h.example.com/mcp" }, { url: "https://h.example.com/mcp" }],
  ];
  for (const [raw, own] of CASES) assert.deepEqual(unguardedEntry(raw), own);
});

test("redactArgs collects what it hid, and takes time in proportion to an argument's length", () => {
  const hidden: string[] = [];
  redactArgs(["--token", "t1", "-c", "API_KEY=k2 srv"], hidden);
  assert.deepEqual(hidden, ["t1", "k2"]);
  // Each of these took seconds to minutes at this size when a pattern retried at every character
  // (the file's time limit fails such a regression; the time itself is the hostile benchmark's).
  for (const word of [
    "a".repeat(256 * 1024),
    "a-".repeat(128 * 1024),
    "${".repeat(128 * 1024),
    "?".repeat(256 * 1024),
  ]) {
    const shown = showArgv(["srv", word, `http://h/${word}`]);
    assert.ok(shown.startsWith("srv "), shown.slice(0, 20));
  }
});
