// The guard's cost, side by side in one run (build first: npm run build):
//   calls     1,000 sequential tools/call, directly, through a bare parse-and-forward relay
//             (bench/relay.mjs) and through `toolscore mcp guard`; fresh processes each run, the
//             three alternating, medians. On the sample notes server and on a bare echo server.
//   start-up  spawn to the answer of the client's first tools/list, directly and through the
//             guard (which lists and checks the server itself first); medians.
//   memory    the guard's resident memory every 10,000 calls over 100,000 (64 in flight).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tmp = join(root, ".bench-tmp");
const node = process.execPath;
const cli = join(root, "dist", "cli.js");
const relay = join(root, "bench", "relay.mjs");

const SERVERS = {
  notes: {
    argv: [node, join(root, "dist", "notes-server.js")],
    lock: join(root, "examples", "pinning", "notes.lock.json"),
    call: { name: "get_note", arguments: { id: "note-1" } },
  },
  echo: {
    argv: [node, join(root, "bench", "echo-server.mjs")],
    lock: join(tmp, "bench-echo.lock.json"),
    call: { name: "echo", arguments: { text: "hello" } },
  },
};

const routes = (server) => ({
  direct: server.argv,
  relay: [node, relay, ...server.argv],
  guard: [node, cli, "mcp", "guard", "--lock", server.lock, "--", ...server.argv],
});

// A raw newline-JSON client: no SDK on the measuring side, so that what differs is the hop.
function open(argv) {
  const child = spawn(argv[0], argv.slice(1), { stdio: ["pipe", "pipe", "ignore"] });
  const waiting = new Map();
  let rest = "";
  let nextId = 1;
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    const parts = (rest + chunk).split("\n");
    rest = parts.pop();
    for (const line of parts) {
      if (!line) continue;
      const m = JSON.parse(line);
      const w = waiting.get(m.id);
      if (w) {
        waiting.delete(m.id);
        w(m);
      }
    }
  });
  const request = (method, params) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  const init = async () => {
    await request("initialize", {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "bench", version: "0" },
    });
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
    return request("tools/list", {});
  };
  const close = () =>
    new Promise((resolve) => {
      child.once("exit", resolve);
      child.stdin.end();
    });
  return { child, request, init, close };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function timeCalls(argv, call, n) {
  const c = open(argv);
  await c.init();
  for (let i = 0; i < 20; i++) await c.request("tools/call", call); // warm up
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const m = await c.request("tools/call", call);
    if (!m.result) throw new Error(`${argv.join(" ")}: ${JSON.stringify(m.error)}`);
  }
  const ms = performance.now() - t0;
  await c.close();
  return ms;
}

async function timeStartup(argv) {
  const t0 = performance.now();
  const c = open(argv);
  const list = await c.init();
  const ms = performance.now() - t0;
  if (!list.result) throw new Error(`${argv.join(" ")}: ${JSON.stringify(list.error)}`);
  await c.close();
  return ms;
}

function rssKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
}

async function memory(server, total = 100_000, window = 64) {
  const c = open(routes(server).guard);
  await c.init();
  const samples = [];
  let sent = 0;
  let done = 0;
  await new Promise((resolve) => {
    const next = () => {
      if (sent >= total) return;
      sent++;
      void c.request("tools/call", server.call).then(() => {
        done++;
        if (done % 10_000 === 0) samples.push(rssKb(c.child.pid));
        if (done === total) resolve();
        else next();
      });
    };
    for (let i = 0; i < window; i++) next();
  });
  await c.close();
  return samples;
}

export default async function guardBench({
  rounds = Number(process.env.BENCH_ROUNDS ?? 5),
  calls = Number(process.env.BENCH_CALLS ?? 1000),
  starts = Number(process.env.BENCH_STARTS ?? 15),
  memoryCalls = Number(process.env.BENCH_MEMORY_CALLS ?? 100_000),
} = {}) {
  mkdirSync(tmp, { recursive: true });
  const pin = spawnSync(node, [cli, "mcp", "pin", SERVERS.echo.argv.join(" "), "--lock", SERVERS.echo.lock]);
  if (pin.status !== 0) throw new Error(`cannot pin the echo server: ${pin.stderr}`);

  for (const [name, server] of Object.entries(SERVERS)) {
    const r = routes(server);
    const times = { direct: [], relay: [], guard: [] };
    const order = Object.keys(times);
    for (let i = 0; i < rounds; i++) {
      // Alternate which route goes first, so that drift in the machine's load spreads evenly.
      for (let k = 0; k < order.length; k++) {
        const route = order[(i + k) % order.length];
        times[route].push(await timeCalls(r[route], server.call, calls));
      }
    }
    const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
    console.log(`${calls} calls on the ${name} server (median of ${rounds} alternating runs):`);
    for (const [k, v] of Object.entries(m))
      console.log(
        `  ${k.padEnd(7)} ${v.toFixed(0).padStart(6)} ms  (${((v / calls) * 1000).toFixed(0)} us/call)`,
      );
    console.log(`  guard / relay:  ${(m.guard / m.relay).toFixed(2)}x (target <= 1.1x)`);
    console.log(`  guard / direct: ${(m.guard / m.direct).toFixed(2)}x`);
    console.log(`  relay / direct: ${(m.relay / m.direct).toFixed(2)}x`);
  }

  const r = routes(SERVERS.notes);
  const startup = { direct: [], guard: [] };
  for (let i = 0; i < starts; i++) {
    startup.direct.push(await timeStartup(r.direct));
    startup.guard.push(await timeStartup(r.guard));
  }
  const sd = median(startup.direct);
  const sg = median(startup.guard);
  console.log(`start-up to the first tools/list answer, notes server (median of ${starts}):`);
  console.log(
    `  direct ${sd.toFixed(0)} ms, guard ${sg.toFixed(0)} ms: the guard adds ${(sg - sd).toFixed(0)} ms (target <= 60 ms)`,
  );

  const samples = await memory(SERVERS.echo, memoryCalls);
  const mb = (kb) => (kb / 1024).toFixed(1);
  console.log(`guard memory over ${memoryCalls} calls on the echo server (RSS every 10,000 calls):`);
  console.log(`  ${samples.map(mb).join(", ")} MB`);
  if (samples.length > 1)
    console.log(
      `  first to last: ${samples.at(-1) - samples[0] >= 0 ? "+" : ""}${mb(samples.at(-1) - samples[0])} MB`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) await guardBench();
