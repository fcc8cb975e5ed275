// Many tools through the guard (build first: npm run build). A server lists 10,000 and then
// 100,000 tools in pages of 1,000 (test/fixtures/servers/many-tools-paged.mjs), one of them
// drifted from its lock; a raw client connects and lists every page, directly and through
// `toolscore mcp guard` (which lists and checks the whole server itself before it answers),
// alternating, medians of BENCH_SCALE_ROUNDS runs (default 3). Prints the wall time to the last
// page, the guard process's CPU time, and how both grow from 10,000 to 100,000 tools: the suite
// checks the same paging and withholding with 2,000 tools (test/e2e/guard-scale.test.ts).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { openRaw } from "./raw-client.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const node = process.execPath;
const cli = join(root, "dist", "cli.js");
const server = join(root, "test", "fixtures", "servers", "many-tools-paged.mjs");

// Nanoseconds the process has run on a CPU (its main thread and the others: libuv, GC).
function cpuNs(pid) {
  let total = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`))
    total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
  return total;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Spawns `argv`, lists every page of tools over newline JSON; time, CPU of the process, tools seen. */
async function listEveryPage(argv, env) {
  const t0 = performance.now();
  const { child, request, init, close } = openRaw(argv, env);
  let m = await init();
  let tools = 0;
  for (;;) {
    if (!m.result) throw new Error(`${argv.join(" ")}: ${JSON.stringify(m.error)}`);
    tools += m.result.tools.length;
    const cursor = m.result.nextCursor;
    if (!cursor) break;
    m = await request("tools/list", { cursor });
  }
  const ms = performance.now() - t0;
  const cpuMs = cpuNs(child.pid) / 1e6;
  await close();
  return { ms, cpuMs, tools };
}

async function measure(count, rounds) {
  const dir = mkdtempSync(join(tmpdir(), "toolscore-bench-"));
  try {
    const lock = join(dir, "many.lock.json");
    const env = { ...process.env, TOOL_COUNT: String(count), PAGE_SIZE: "1000" };
    const pin = spawnSync(node, [cli, "mcp", "pin", `node ${JSON.stringify(server)}`, "--lock", lock], {
      env,
      encoding: "utf8",
    });
    if (pin.status !== 0) throw new Error(`cannot pin ${count} tools: ${pin.stderr}`);
    const drifted = { ...env, DRIFT_INDEX: String(Math.floor(count / 2)) };
    const routes = {
      direct: [node, server],
      guard: [node, cli, "mcp", "guard", "--lock", lock, "--", node, server],
    };
    const runs = { direct: [], guard: [] };
    for (let i = 0; i < rounds; i++)
      for (const route of i % 2 ? ["guard", "direct"] : ["direct", "guard"])
        runs[route].push(await listEveryPage(routes[route], drifted));
    const seen = runs.guard[0].tools;
    if (seen !== count - 1)
      throw new Error(`the guard passed ${seen} of ${count} tools, not all but the drifted one`);
    return {
      direct: median(runs.direct.map((r) => r.ms)),
      guard: median(runs.guard.map((r) => r.ms)),
      guardCpu: median(runs.guard.map((r) => r.cpuMs)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function guardScaleBench({ rounds = Number(process.env.BENCH_SCALE_ROUNDS ?? 3) } = {}) {
  const small = await measure(10_000, rounds);
  const large = await measure(100_000, rounds);
  const ms = (v) => `${v.toFixed(0)} ms`.padStart(9);
  console.log(`every page of tools, pages of 1,000, one drifted (median of ${rounds} alternating runs)`);
  console.log("                       10,000 tools   100,000 tools   growth");
  for (const [label, k] of [
    ["direct, wall", "direct"],
    ["guard, wall", "guard"],
    ["guard process, CPU", "guardCpu"],
  ])
    console.log(
      `  ${label.padEnd(20)} ${ms(small[k]).padStart(12)} ${ms(large[k]).padStart(15)}   ${(large[k] / small[k]).toFixed(1)}x`,
    );
  console.log(
    `  guard / direct, wall: ${(small.guard / small.direct).toFixed(2)}x at 10,000, ${(large.guard / large.direct).toFixed(2)}x at 100,000`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await guardScaleBench();
