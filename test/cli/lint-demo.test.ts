import { test } from "node:test";
import assert from "node:assert/strict";
import { sampleServerArgv } from "../../src/cli/demo/context.js";
import { lintStep } from "../../src/cli/demo/lint-step.js";
import { PLAIN } from "../../src/report/style.js";
import { runCli } from "../support/cli.js";

test("the demo's lint step shows the sample server's lint report", async () => {
  let out = "";
  const headings: string[] = [];
  await lintStep({
    ctx: { stdout: (t) => void (out += t), stderr: () => {}, env: {}, cwd: process.cwd(), isTTY: false },
    style: PLAIN,
    dir: "/nonexistent",
    sampleArgv: sampleServerArgv,
    heading: (title, command) => headings.push(`${title} | ${command}`),
  });
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
