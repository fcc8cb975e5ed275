import { MCPStdioClient } from "../../mcp/client.js";
import { ServerSnapshot } from "../../mcp/snapshot.js";
import { deriveEffects } from "../../pin/effects.js";
import { listRows, renderList } from "../../report/list.js";
import type { DemoStep } from "./context.js";

/** Step: list the sample server's tools. */
export const listStep: DemoStep = async ({ ctx, style, sampleArgv, heading }) => {
  heading("The sample notes server's tools", 'toolscore mcp list "toolscore-notes-server"');
  await using client = await MCPStdioClient.connect(sampleArgv(), { timeout: 30 });
  const snapshot = await ServerSnapshot.fromClient(client);
  const rows = listRows(snapshot, (i) => deriveEffects(snapshot.tools[i]!));
  ctx.stdout(renderList(snapshot, rows, style, ctx.columns ?? 100));
};
