import { renderScorecard } from "../../report/scorecard.js";
import { scorecardForTarget } from "../../score/for-target.js";
import type { DemoStep } from "./context.js";

/**
 * Step: the sample server's scorecard, with every tool called and the effect probes on (its store
 * is throwaway); its deliberate defects are what the scorecard finds.
 */
export const testStep: DemoStep = async ({ ctx, style, sampleArgv, heading }) => {
  heading(
    "Grade the sample server: call its tools, run the effect probes",
    'toolscore mcp test "toolscore-notes-server" --allow-writes --probes',
  );
  const { scorecard: card } = await scorecardForTarget(
    { kind: "stdio", argv: sampleArgv(), env: {}, label: "toolscore-notes-server" },
    { allowWrites: true, probes: true, connect: { timeout: 30 } },
  );
  ctx.stdout(renderScorecard(card, style, ctx.columns ?? 100));
};
