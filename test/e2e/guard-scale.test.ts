// Many tools through the guard: its own listing, the client's pages, one drifted tool among them.
// 500 tools in ten pages prove the same as more (every page passes through the guard's check,
// the drifted one is withheld wherever it falls); the time of 10,000 and 100,000 tools through the
// guard is measured by bench/guard-scale.bench.mjs.
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
const TOOLS = { TOOL_COUNT: "500" };

async function listAll(client: Client): Promise<{ names: string[]; pages: number }> {
  const names: string[] = [];
  let pages = 0;
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    names.push(...page.tools.map((t) => t.name));
    pages++;
    cursor = page.nextCursor;
  } while (cursor);
  return { names, pages };
}

test("500 tools in pages of 50: one drifted is withheld and refused, the rest pass", async () => {
  await pinFixture("many-tools-paged.mjs", LOCK, TOOLS);
  const drifted = await connectThroughGuard(guardArgs(LOCK, "many-tools-paged.mjs"), {
    env: { ...TOOLS, PAGE_SIZE: "50", DRIFT_INDEX: "367" },
  });
  try {
    const { names, pages } = await listAll(drifted.client);
    assert.equal(pages, 10);
    assert.equal(names.length, 499);
    assert.equal(new Set(names).size, 499);
    assert.ok(!names.includes("get_resource_367"));
    const refused = await drifted.client
      .callTool({ name: "get_resource_367", arguments: { id: "res-1" } })
      .then(
        () => assert.fail("let through"),
        (e: unknown) => e,
      );
    assert.ok(refused instanceof McpError && refused.code === -32001);
    const ok = await drifted.client.callTool({ name: "get_resource_499", arguments: { id: "res-1" } });
    assert.deepEqual(ok.content, [{ type: "text", text: "read get_resource_499" }]);
  } finally {
    await drifted.close();
  }
});
