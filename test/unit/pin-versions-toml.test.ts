// `--pin-versions` on Codex's config.toml: the floating npx argument (the entry's own, or after
// the guard's `--`) becomes the locked version by replacing that one string's text; every other
// byte stays, and what cannot be found is left alone with the reason.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pinVersionsToml } from "../../src/scan/pin-versions-toml.js";
import type { LockedPackage } from "../../src/pin/package.js";

const PKG: LockedPackage = { ecosystem: "npm", name: "docs-mcp", version: "1.4.2", integrity: "sha512-x" };
const locked = (name: string) => (name === "unlocked" ? undefined : PKG);

const CODEX = `model = "o3" # the model

[mcp_servers.docs]
command = "npx" # from npm
args = [
  "-y", # always yes
  'docs-mcp@^1', # floats
  "--verbose",
]
env = { DOCS_KEY = "secret" }

[mcp_servers.guarded]
command = "toolscore"
args = ["mcp", "guard", "--lock", "/l.json", "--", "npx", "-y", "docs-mcp@latest"]

[mcp_servers.exact]
command = "npx"
args = ["-y", "docs-mcp@1.4.2"]

[mcp_servers.unlocked]
command = "npx"
args = ["docs-mcp"]

[mcp_servers.other]
command = "npx"
args = ["-y", "other-mcp"]

[mcp_servers]
inline = { command = "npx", args = ["-y", "docs-mcp"] }
`;

test("the floating argument's text alone is replaced, in the entry's own args and after the guard's --", () => {
  const r = pinVersionsToml(CODEX, locked);
  const want = CODEX.replace(`'docs-mcp@^1', # floats`, `"docs-mcp@1.4.2", # floats`).replace(
    `"docs-mcp@latest"]`,
    `"docs-mcp@1.4.2"]`,
  );
  assert.equal(r.text, want);
  assert.deepEqual(
    r.outcomes.map((o) => [o.name, o.action, o.from, o.to, o.reason]),
    [
      ["docs", "pinned", "docs-mcp@^1", "docs-mcp@1.4.2", null],
      ["exact", "unchanged", null, null, "its launch does not float"],
      ["guarded", "pinned", "docs-mcp@latest", "docs-mcp@1.4.2", null],
      [
        "inline",
        "skipped",
        null,
        null,
        "its package argument could not be found (not written as a [mcp_servers.inline] table with an args list): edit it by hand",
      ],
      ["other", "skipped", null, null, "the lock records no version of other-mcp for it: pin it first"],
      ["unlocked", "skipped", null, null, "the lock records no version of docs-mcp for it: pin it first"],
    ],
  );
  // Holding again changes nothing.
  assert.equal(pinVersionsToml(r.text, locked).text, r.text);
});

test("only the entry named is held", () => {
  const r = pinVersionsToml(CODEX, locked, "guarded");
  assert.equal(r.text, CODEX.replace(`"docs-mcp@latest"]`, `"docs-mcp@1.4.2"]`));
  assert.deepEqual(
    r.outcomes.map((o) => o.name),
    ["guarded"],
  );
});
