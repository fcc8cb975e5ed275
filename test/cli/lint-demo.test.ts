import { test } from "node:test";
import assert from "node:assert/strict";
import { runDemoStep } from "../support/demo.js";
import { sampleServerArgv } from "../../src/cli/demo/context.js";
import { lintStep } from "../../src/cli/demo/lint-step.js";
import { runCli } from "../support/cli.js";

test("the demo's lint step shows the sample server's lint report", async () => {
  const { out, headings } = await runDemoStep(lintStep);
  assert.deepEqual(headings, [
    `Lint the sample server's tool definitions | toolscore mcp lint "toolscore-notes-server"`,
  ]);
  const direct = await runCli([
    "mcp",
    "lint",
    sampleServerArgv()
      .map((a) => JSON.stringify(a))
      .join(" "),
  ]);
  assert.equal(out, direct.stdout);
  assert.match(out, /property-no-type {2}search_notes/);
});
