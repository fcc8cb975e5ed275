import { test } from "../../api/test.js";
import { renderScorecard } from "../../report/scorecard.js";
import { textColumns } from "../context.js";
import type { DemoStep } from "./context.js";

/**
 * Step: the sample server's scorecard, with every tool called and the effect probes on (its store
 * is throwaway); its deliberate defects are what the scorecard finds.
 */
export const testStep: DemoStep = async ({ ctx, style, sample, heading }) => {
  heading(
    "Grade the sample server: call its tools, run the effect probes",
    'toolscore mcp test "toolscore-notes-server" --allow-writes --probes',
  );
  const { scorecard } = await test(sample(), { allowWrites: true, probes: true, connect: { timeout: 30 } });
  ctx.stdout(renderScorecard(scorecard, style, textColumns(ctx)));
};
