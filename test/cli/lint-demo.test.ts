import { test } from "node:test";
import assert from "node:assert/strict";
import { runDemoStep } from "../support/demo.js";
import { lintStep } from "../../src/cli/demo/lint-step.js";
import { SAMPLE_SNAPSHOT, runCli } from "../support/cli.js";

test("the demo's lint step shows the sample server's lint report", async () => {
  const { out, headings } = await runDemoStep(lintStep);
  assert.deepEqual(headings, [
    `Lint the sample server's tool definitions | toolscore mcp lint "toolscore-notes-server"`,
  ]);
  // The step's report is mcp lint's on the sample server's saved snapshot: no second start.
  const direct = await runCli(["mcp", "lint", SAMPLE_SNAPSHOT]);
  assert.equal(out, direct.stdout);
  assert.match(out, /property-no-type {2}search_notes/);
});
