import { listServer } from "../../api/list.js";
import { deriveEffects } from "../../pin/effects.js";
import { listRows, renderList } from "../../report/list.js";
import { consoleWidth } from "../context.js";
import type { DemoStep } from "./context.js";

/** Step: list the sample server's tools. */
export const listStep: DemoStep = async ({ ctx, style, sample, heading }) => {
  heading("The sample notes server's tools", 'toolscore mcp list "toolscore-notes-server"');
  const { snapshot } = await listServer(sample());
  const rows = listRows(snapshot, (i) => deriveEffects(snapshot.tools[i]!));
  ctx.stdout(renderList(snapshot, rows, style, consoleWidth(ctx).columns));
};
