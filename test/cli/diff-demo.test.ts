import { test } from "node:test";
import assert from "node:assert/strict";
import { runDemoStep } from "../support/demo.js";
import { sampleServerArgv } from "../../src/cli/demo/context.js";
import { diffStep } from "../../src/cli/demo/diff-step.js";
import { runCli } from "../support/cli.js";

test("the demo's diff step shows what mcp diff shows for the sample server and its rug-pulled build", async () => {
  const { out, headings } = await runDemoStep(diffStep);
  assert.equal(headings.length, 1);
  assert.match(
    headings[0]!,
    /toolscore mcp diff "toolscore-notes-server" "toolscore-notes-server --rugpull"/,
  );
  const command = (rugpull: boolean) =>
    sampleServerArgv(rugpull)
      .map((a) => JSON.stringify(a))
      .join(" ");
  // Piped, as the step ran: neither is fitted to a terminal.
  const direct = await runCli(["mcp", "diff", command(false), command(true), "--fail-on", "breaking"], {
    columns: undefined,
  });
  assert.equal(direct.code, 1);
  assert.equal(out, direct.stdout);
  assert.match(out, /^\+ run_command\n {4}\+exec /m);
  assert.match(out, /^~ search_notes {2}description$/m);
  assert.match(out, /^ {2}run_command: new tool can exec/m);
});
