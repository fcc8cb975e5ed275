// mcp test, whole process, through the built dist/cli.js. Measured side by side in one run:
// - the sample notes server's scorecard, against `mcp list` on it (the floor: start, handshake, list);
// - 100 calls of 50 ms each (a fixture server) at --concurrency 1 against the default: the ratio
//   shows what calling side by side buys.
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { join, dirname } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "dist", "cli.js");
const notes = `node ${JSON.stringify(join(root, "dist", "notes-server.js"))}`;
const slow = `node ${JSON.stringify(join(root, "test", "fixtures", "servers", "score-slow.mjs"))}`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function run(args, env = {}) {
  const t = performance.now();
  const r = spawnSync(process.execPath, [cli, ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`toolscore ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  return ms;
}

function time(args, runs, env) {
  return median(Array.from({ length: runs }, () => run(args, env)));
}

// Runs a and b in turn, `runs` times, and gives the median of each and the median of the per-round
// ratios b / a: on a shared machine whose load changes, a ratio within one round is the fair one.
function pair(a, b, runs, env) {
  const as = [];
  const bs = [];
  for (let i = 0; i < runs; i++) {
    as.push(run(a, env));
    bs.push(run(b, env));
  }
  return { a: median(as), b: median(bs), ratio: median(as.map((x, i) => bs[i] / x)) };
}

export default async function bench() {
  const sample = pair(["mcp", "list", notes], ["mcp", "test", notes], 7);
  const full = time(["mcp", "test", notes, "--allow-writes", "--probes"], 5);
  console.log(
    `mcp list  (sample server, whole process, median of 7):                  ${sample.a.toFixed(0)} ms`,
  );
  console.log(
    `mcp test  (sample server; safe by default: its read tools):              ${sample.b.toFixed(0)} ms  (${sample.ratio.toFixed(2)}x mcp list, median of per-round ratios)`,
  );
  console.log(
    `mcp test --allow-writes --probes (every tool, and the effect probes):    ${full.toFixed(0)} ms  (${(full / sample.a).toFixed(2)}x mcp list)`,
  );

  const args = ["mcp", "test", slow, "--cases", "100", "--no-edge-cases"];
  const env = { SCORE_TOOLS: "slow", SCORE_SLOW_MS: "50" };
  const floor = time(["mcp", "list", slow], 3, env);
  const calls = pair(args, [...args, "--concurrency", "1"], 3, env);
  console.log(
    `mcp test, 100 calls of 50 ms, --concurrency 1 (median of 3):             ${calls.b.toFixed(0)} ms`,
  );
  console.log(
    `mcp test, 100 calls of 50 ms, default concurrency (8):                   ${calls.a.toFixed(0)} ms`,
  );
  console.log(`mcp list on the same fixture (start-up floor):  ${floor.toFixed(0)} ms`);
  console.log(`ratio --concurrency 1 / default, whole process:  ${calls.ratio.toFixed(2)}x`);
  console.log(
    `ratio of the calling time (floor taken off):     ${((calls.b - floor) / (calls.a - floor)).toFixed(2)}x`,
  );
}
