import { test } from "node:test";
import assert from "node:assert/strict";
import { runDemoStep } from "../support/demo.js";
import { join } from "node:path";
import { diffStep } from "../../src/cli/demo/diff-step.js";
import { ROOT, SAMPLE_SNAPSHOT, runCli } from "../support/cli.js";

test("the demo's diff step shows what mcp diff shows for the sample server and its rug-pulled build", async () => {
  const { out, headings } = await runDemoStep(diffStep);
  assert.equal(headings.length, 1);
  assert.match(
    headings[0]!,
    /toolscore mcp diff "toolscore-notes-server" "toolscore-notes-server --rugpull"/,
  );
  // mcp diff on the two builds' saved snapshots (kept equal to the live servers by
  // sarif-commands.test.ts and test/e2e/pin-examples.test.ts): no second start of either.
  const rugpull = join(ROOT, "examples", "pinning", "notes-rugpull.json");
  // Piped, as the step ran: neither is fitted to a terminal.
  const direct = await runCli(["mcp", "diff", SAMPLE_SNAPSHOT, rugpull, "--fail-on", "breaking"], {
    columns: undefined,
  });
  assert.equal(direct.code, 1);
  assert.equal(out, direct.stdout);
  assert.match(out, /^\+ run_command\n {4}\+exec /m);
  assert.match(out, /^~ search_notes {2}description$/m);
  assert.match(out, /^ {2}run_command: new tool can exec/m);
});
