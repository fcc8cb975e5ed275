import { lintServer } from "../../lint/index.js";
import { MCPStdioClient } from "../../mcp/client.js";
import { ServerSnapshot } from "../../mcp/snapshot.js";
import { renderLintConsole } from "../../report/lint.js";
import type { DemoStep } from "./context.js";

/** Step: lint the sample server; its deliberate definition defects are what lint finds. */
export const lintStep: DemoStep = async ({ ctx, style, sampleArgv, heading }) => {
  heading("Lint the sample server's tool definitions", 'toolscore mcp lint "toolscore-notes-server"');
  const snapshot = await (async () => {
    await using client = await MCPStdioClient.connect(sampleArgv(), { timeout: 30 });
    return ServerSnapshot.fromClient(client);
  })();
  ctx.stdout(renderLintConsole(snapshot.server, snapshot.tools.length, lintServer(snapshot), style));
};
