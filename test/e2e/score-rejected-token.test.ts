// The scorecard of a published server run with a token it rejects (devDependency onepassword402,
// @takescake/1password-mcp 4.0.2, with a dummy service account token; it refuses the token itself,
// without a network). Every call that uses the token answers "invalid service account token": that
// is the environment, not a failure on valid input, and the fix is to set the credentials, never
// to narrow the schema. Its item_edit and password_create store a website URL, which reaches no
// network.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import type { ScorecardJson } from "../../src/score/types.js";
import { ROOT, runCli } from "../support/cli.js";

const TOKEN_REJECTED = /^could not reach its backend: error result: Error: invalid service account token/;

test("1password-mcp 4.0.2 with a rejected token: the calls that use it are the environment, with the fix to set the credentials", async () => {
  const server = `node ${join(ROOT, "node_modules", "onepassword402", "bin", "1password-mcp.js")}`;
  const r = await runCli([
    "mcp",
    "test",
    server,
    "--env",
    "OP_SERVICE_ACCOUNT_TOKEN=ops_dummy",
    "--report",
    "json",
  ]);
  const c = JSON.parse(r.stdout) as ScorecardJson;
  const happy = (tool: string) =>
    c.calls.filter((x) => x.tool === tool && x.kind === "happy").map((x) => [x.class, x.counted]);
  for (const tool of ["item_list", "vault_list", "item_get", "password_read"]) {
    assert.deepEqual(happy(tool), [
      ["environment", false],
      ["environment", false],
      ["environment", false],
    ]);
    for (const x of c.calls.filter((x) => x.tool === tool && x.kind === "happy"))
      assert.match(x.detail, TOKEN_REJECTED);
  }
  const fixes = c.fixes.filter((f) => f.tool === "vault_list");
  assert.deepEqual(
    fixes.map((f) => [f.source, f.fix]),
    [
      [
        "call:environment",
        "Set the credentials the server needs (--env KEY=VALUE), or skip these tools (--capabilities FILE).",
      ],
    ],
  );
  assert.ok(!c.fixes.some((f) => f.source === "call:happy" && /invalid service account token/.test(f.issue)));
  assert.equal(c.incomplete?.calls, 17);
  // A website URL an item stores is no reason to say the tool reaches the network.
  const caps = (name: string) => c.tools.find((t) => t.name === name)!.capabilities;
  assert.deepEqual(caps("item_edit"), ["write"]);
  assert.deepEqual(caps("password_create"), ["write"]);
});
