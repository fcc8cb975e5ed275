// Detection on the labelled development set, when it is checked out beside the project
// (../shared/detection, or DETECTION_SET=DIR): runs its measure.sh against this build's
// dist/cli.js and prints its figures (recall per attack class, false positives, misses). Then the
// figures of the project's own set, its tuning and held-out parts (scripts/detection.mjs).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

function ownSet() {
  const r = spawnSync(process.execPath, [join(root, "scripts", "detection.mjs")], {
    cwd: root,
    encoding: "utf8",
  });
  process.stdout.write(r.stdout);
  if (r.status !== 0) throw new Error(`detection.mjs exited ${r.status}: ${r.stderr.trim().slice(0, 500)}`);
}

export default async function bench() {
  ownSet();
  const set = resolve(process.env.DETECTION_SET ?? join(root, "..", "shared", "detection"));
  const script = join(set, "measure.sh");
  if (!existsSync(script)) {
    console.log(`skipped: no detection set at ${set} (set DETECTION_SET to its folder)`);
    return;
  }
  const r = spawnSync("bash", [script], {
    cwd: root,
    env: { ...process.env, TOOLSCORE: join(root, "dist", "cli.js") },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(r.stdout);
  if (r.status !== 0) throw new Error(`measure.sh exited ${r.status}: ${r.stderr.trim().slice(0, 500)}`);
}
