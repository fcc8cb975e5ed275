import { join } from "node:path";
import { MCPStdioClient } from "../../mcp/client.js";
import { ServerSnapshot } from "../../mcp/snapshot.js";
import { buildLock } from "../../pin/lock.js";
import { writeLock } from "../../pin/lock-file.js";
import { verifyPin } from "../../pin/verify.js";
import { renderPinReport } from "../../report/pin.js";
import { renderPinSummary } from "../../report/pin-summary.js";
import type { DemoStep } from "./context.js";

async function snapshotOf(argv: string[]): Promise<ServerSnapshot> {
  await using client = await MCPStdioClient.connect(argv, { timeout: 30 });
  return ServerSnapshot.fromClient(client);
}

/** Step: pin the sample server, then catch its rug-pulled form live. */
export const pinStep: DemoStep = async ({ ctx, style, dir, sampleArgv, heading }) => {
  const lockPath = join(dir, "toolscore.lock.json");
  heading("Pin the sample server's tools", 'toolscore mcp pin "toolscore-notes-server"');
  const lock = buildLock(await snapshotOf(sampleArgv()));
  await writeLock(lockPath, lock);
  ctx.stdout(renderPinSummary(lock, "toolscore.lock.json", false, style));

  heading(
    "The same server, rug-pulled: caught against the lock",
    'toolscore mcp verify-pin "toolscore-notes-server --rugpull"',
  );
  const report = verifyPin(lock, await snapshotOf(sampleArgv(true)), { failOn: "drift" });
  ctx.stdout(renderPinReport(report, style));
};
