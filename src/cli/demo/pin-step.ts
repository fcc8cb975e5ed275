import { join } from "node:path";
import { pin } from "../../api/pin.js";
import { verify } from "../../api/verify.js";
import { writeLock } from "../../pin/lock-file.js";
import { renderPinReport } from "../../report/pin.js";
import { renderPinSummary } from "../../report/pin-summary.js";
import type { DemoStep } from "./context.js";

/** Step: pin the sample server, then catch its rug-pulled form live. */
export const pinStep: DemoStep = async ({ ctx, style, dir, sample, heading }) => {
  const lockPath = join(dir, "toolscore.lock.json");
  heading("Pin the sample server's tools", 'toolscore mcp pin "toolscore-notes-server"');
  const { lock } = await pin(sample());
  await writeLock(lockPath, lock);
  ctx.stdout(renderPinSummary(lock, "toolscore.lock.json", false, style));

  heading(
    "The same server, rug-pulled: caught against the lock",
    'toolscore mcp verify-pin "toolscore-notes-server --rugpull"',
  );
  const { report } = await verify(sample(true), lock, { failOn: "drift" });
  ctx.stdout(renderPinReport(report, style));
};
