import { test } from "node:test";
import assert from "node:assert/strict";
import { runDemoStep } from "../support/demo.js";
import { testStep } from "../../src/cli/demo/test-step.js";

test("the demo's scorecard step shows the sample server's deliberate defects", async () => {
  const { out, headings } = await runDemoStep(testStep);
  assert.deepEqual(headings, [
    `Grade the sample server: call its tools, run the effect probes | toolscore mcp test "toolscore-notes-server" --allow-writes --probes`,
  ]);
  assert.match(out, /^Grade [A-F] \(score 0\.\d\d\)  called 8 of 8 tools$/m);
  assert.match(
    out,
    /export_notes: fails on valid input \(1 of 3 calls\): error result: export format csv is not supported/,
  );
  assert.match(
    out,
    /update_note: fails on valid input \(3 of 3 calls\): error result: update_note needs an id/,
  );
  assert.match(out, /FAIL {2}non-destructive-hint-honoured +update_note +medium/);
  assert.match(out, /search_notes: property "limit" has no type/);
});
