import { MCPStdioClient } from "../../mcp/client.js";
import { ServerSnapshot } from "../../mcp/snapshot.js";
import { diffSnapshots } from "../../diff/diff.js";
import { renderDiff } from "../../report/diff.js";
import type { DemoStep } from "./context.js";

async function snapshotOf(argv: string[]): Promise<ServerSnapshot> {
  await using client = await MCPStdioClient.connect(argv, { timeout: 30 });
  return ServerSnapshot.fromClient(client);
}

/** Step: diff the sample server against its rug-pulled build and classify what breaks. */
export const diffStep: DemoStep = async ({ ctx, style, sampleArgv, heading }) => {
  heading(
    "What changed between two builds, and what breaks",
    'toolscore mcp diff "toolscore-notes-server" "toolscore-notes-server --rugpull" --fail-on breaking',
  );
  const [a, b] = await Promise.all([snapshotOf(sampleArgv()), snapshotOf(sampleArgv(true))]);
  ctx.stdout(renderDiff(diffSnapshots(a, b), { style, failOn: "breaking" }));
};
