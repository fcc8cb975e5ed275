// 10,000 tools through the guard: its own listing, the client's pages, one drifted tool among them.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { tempDir } from "../support/cli.js";
import { connectThroughGuard, guardArgs, pinFixture } from "../support/guard.js";

const tmp = tempDir("toolscore-guard-");
after(() => tmp.remove());
const LOCK = join(tmp.dir, "many.lock.json");

async function listAll(client: Client): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    names.push(...page.tools.map((t) => t.name));
    cursor = page.nextCursor;
  } while (cursor);
  return names;
}

test("10,000 tools in pages of 1,000: one drifted is withheld and refused, the rest pass", async () => {
  await pinFixture("many-tools-paged.mjs", LOCK);
  const drifted = await connectThroughGuard(guardArgs(LOCK, "many-tools-paged.mjs"), {
    env: { PAGE_SIZE: "1000", DRIFT_INDEX: "4321" },
  });
  try {
    const names = await listAll(drifted.client);
    assert.equal(names.length, 9_999);
    assert.ok(!names.includes("get_resource_4321"));
    const refused = await drifted.client
      .callTool({ name: "get_resource_4321", arguments: { id: "res-1" } })
      .then(
        () => assert.fail("let through"),
        (e: unknown) => e,
      );
    assert.ok(refused instanceof McpError && refused.code === -32001);
    const ok = await drifted.client.callTool({ name: "get_resource_9999", arguments: { id: "res-1" } });
    assert.deepEqual(ok.content, [{ type: "text", text: "read get_resource_9999" }]);
  } finally {
    await drifted.close();
  }
});
