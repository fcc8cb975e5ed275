import { diff } from "../../api/diff.js";
import { renderDiff } from "../../report/diff.js";
import type { DemoStep } from "./context.js";

/** Step: diff the sample server against its rug-pulled build and classify what breaks. */
export const diffStep: DemoStep = async ({ ctx, style, sample, heading }) => {
  heading(
    "What changed between two builds, and what breaks",
    'toolscore mcp diff "toolscore-notes-server" "toolscore-notes-server --rugpull" --fail-on breaking',
  );
  const { diff: d } = await diff(sample(), sample(true));
  ctx.stdout(renderDiff(d, { style, failOn: "breaking" }));
};
