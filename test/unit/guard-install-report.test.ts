// The report of mcp guard --install: how the guard of each wrapped URL entry will sign in, one
// case per line (its own header, a stored sign-in, none stored, a store that could not be read),
// and nothing added for entries that are not URL entries or were not wrapped.
import { test } from "node:test";
import assert from "node:assert/strict";
import { renderInstallReport, type InstallReport } from "../../src/report/guard-install.js";

test("each wrapped URL entry says how its guard will sign in, and what to run when none is stored", () => {
  const url = "https://mcp.example.com/mcp";
  const report: InstallReport = {
    install: true,
    file: "mcp.json",
    backup: "mcp.json.toolscore-backup",
    outcomes: [
      { name: "keyed", action: "wrapped", reason: null },
      { name: "signed", action: "unchanged", reason: "already guarded" },
      { name: "unsigned", action: "wrapped", reason: null },
      { name: "unread", action: "wrapped", reason: null },
      {
        name: "sse",
        action: "skipped",
        reason: "an SSE entry: the guard reaches URL servers over Streamable HTTP",
      },
      { name: "local", action: "wrapped", reason: null },
      { name: "__proto__", action: "wrapped", reason: null },
    ],
    signIns: Object.fromEntries([
      ["keyed", { by: "header" }],
      ["signed", { by: "stored" }],
      ["unsigned", { by: "none", url }],
      ["unread", { by: "unknown", url }],
      ["sse", { by: "none", url }],
      ["__proto__", { by: "stored" }],
    ]),
  };
  assert.equal(
    renderInstallReport(report),
    [
      "  keyed: wrapped (its Authorization header signs in)",
      "  signed: already guarded (a sign-in is stored)",
      `  unsigned: wrapped; no sign-in stored: if the server asks for one, run toolscore mcp login ${url}`,
      `  unread: wrapped; the sign-in store could not be read: if the server asks for a sign-in, run toolscore mcp login ${url}`,
      "  sse: not wrapped: an SSE entry: the guard reaches URL servers over Streamable HTTP",
      "  local: wrapped",
      "  __proto__: wrapped (a sign-in is stored)",
      "Guard installed in 5 entries of mcp.json (backup: mcp.json.toolscore-backup).",
      "",
    ].join("\n"),
  );
});
