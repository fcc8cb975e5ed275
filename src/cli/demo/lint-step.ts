import { lint } from "../../api/lint.js";
import { renderLintConsole } from "../../report/lint.js";
import type { DemoStep } from "./context.js";

/** Step: lint the sample server; its deliberate definition defects are what lint finds. */
export const lintStep: DemoStep = async ({ ctx, style, sample, heading }) => {
  heading("Lint the sample server's tool definitions", 'toolscore mcp lint "toolscore-notes-server"');
  const { report, findings } = await lint(sample());
  ctx.stdout(renderLintConsole(report.server, report.tools, findings, style));
};
