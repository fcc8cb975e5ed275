// The built bin run under a capped heap, in a scratch folder of its own, for the tests of large
// input: running out of the heap fails the test instead of swapping. A smaller stack can be asked
// for too: a listing spread into a call's arguments then overflows it at a tenth of the size that
// overflows the default stack, so a test proves the same at a tenth of the cost. The folder and the fixture
// servers' processes are cleaned up after the file's tests.
import { after } from "node:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pidRecorder, ROOT, runNode, type CliRun } from "./cli.js";

/** A scratch folder, and the bin run in it under a heap of `heapMb` (and a stack of `stackKb`). */
export function cappedBin(): {
  dir: string;
  bin(argv: string[], heapMb: number, env?: Record<string, string>, stackKb?: number): Promise<CliRun>;
} {
  const pids = pidRecorder();
  const dir = mkdtempSync(join(tmpdir(), "toolscore-hostile-large-"));
  after(() => {
    pids.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    dir,
    bin: (argv, heapMb, env = {}, stackKb) =>
      runNode(
        `--max-old-space-size=${heapMb}`,
        [
          ...(stackKb === undefined ? [] : [`--stack-size=${stackKb}`]),
          join(ROOT, "dist", "cli.js"),
          ...argv,
        ],
        // The deadline only stops a hang: a slow run on a busy machine is not a failure.
        { env: { ...pids.env, ...env }, cwd: dir, timeoutMs: 240_000 },
      ),
  };
}
