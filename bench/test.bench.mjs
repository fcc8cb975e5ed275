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

export default async function bench() {
  const list = time(["mcp", "list", notes], 5);
  const test = time(["mcp", "test", notes], 5);
  const full = time(["mcp", "test", notes, "--allow-writes", "--probes"], 5);
  console.log(
    `mcp list  (sample server, whole process, median of 5):                  ${list.toFixed(0)} ms`,
  );
  console.log(
    `mcp test  (sample server; safe by default: its read tools):              ${test.toFixed(0)} ms  (${(test / list).toFixed(2)}x mcp list)`,
  );
  console.log(
    `mcp test --allow-writes --probes (every tool, and the effect probes):    ${full.toFixed(0)} ms  (${(full / list).toFixed(2)}x mcp list)`,
  );

  const args = ["mcp", "test", slow, "--cases", "100", "--no-edge-cases"];
  const env = { SCORE_TOOLS: "slow", SCORE_SLOW_MS: "50" };
  const floor = time(["mcp", "list", slow], 3, env);
  const one = time([...args, "--concurrency", "1"], 3, env);
  const dflt = time(args, 3, env);
  console.log(
    `mcp test, 100 calls of 50 ms, --concurrency 1 (median of 3):             ${one.toFixed(0)} ms`,
  );
  console.log(
    `mcp test, 100 calls of 50 ms, default concurrency (4):                   ${dflt.toFixed(0)} ms`,
  );
  console.log(`mcp list on the same fixture (start-up floor):  ${floor.toFixed(0)} ms`);
  console.log(`ratio --concurrency 1 / default, whole process:  ${(one / dflt).toFixed(2)}x`);
  console.log(
    `ratio of the calling time (floor taken off):     ${((one - floor) / (dflt - floor)).toFixed(2)}x`,
  );
}
