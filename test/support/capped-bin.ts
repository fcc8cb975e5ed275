// The built bin run under a capped heap, in a scratch folder of its own, for the tests of large
// input: running out of the heap fails the test instead of swapping. The folder and the fixture
// servers' processes are cleaned up after the file's tests.
import { after } from "node:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pidRecorder, ROOT, runNode, type CliRun } from "./cli.js";

/** A scratch folder, and the bin run in it under a heap of `heapMb`. */
export function cappedBin(): {
  dir: string;
  bin(argv: string[], heapMb: number, env?: Record<string, string>): Promise<CliRun>;
} {
  const pids = pidRecorder();
  const dir = mkdtempSync(join(tmpdir(), "toolscore-hostile-large-"));
  after(() => {
    pids.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    dir,
    bin: (argv, heapMb, env = {}) =>
      runNode(`--max-old-space-size=${heapMb}`, [join(ROOT, "dist", "cli.js"), ...argv], {
        env: { ...pids.env, ...env },
        cwd: dir,
        timeoutMs: 100_000,
      }),
  };
}
