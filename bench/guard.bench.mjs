// The guard's cost, side by side in one run (build first: npm run build):
//   calls     1,000 sequential tools/call, directly, through a bare parse-and-forward relay
//             (bench/relay.mjs) and through `toolscore mcp guard`; fresh processes each run, the
//             three alternating, medians. On the sample notes server and on a bare echo server.
//             Wall time, and the CPU time of the process the client talks to (the relay, the
//             guard, or for direct the server itself, from /proc/PID/schedstat): on a shared
//             machine the wall time moves with other load, the CPU time much less.
//   start-up  spawn to the answer of the client's first tools/list, directly and through the
//             guard (which lists and checks the server itself first); medians. Also the guard
//             process's own CPU time up to that answer (the server's is the same either way).
//             BENCH_BASELINE=DIR (a folder holding another build's dist/ and package.json) adds its guard
//             to the same alternating call and start-up runs, for a before/after figure.
//   memory    one long session on the echo server: 100,000 requests, 64 in flight, every 100th a
//             tools/list (each answer checked against the lock) and a list_changed from the server
//             every 1,000 calls (each a full listing and check by the guard); the guard's resident
//             memory sampled every 10,000 requests. RSS also counts what V8 and the allocator keep
//             for later, so the same session is run again through the library's guard
//             (createGuard, in this process, over an in-memory echo server) with the heap used
//             measured after a full garbage collection every 10,000 requests.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { fileURLToPath } from "node:url";
import { openRaw as open } from "./raw-client.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tmp = join(root, ".bench-tmp");
const node = process.execPath;
const cli = join(root, "dist", "cli.js");
// The guard as a client's config runs it: through the package's bin.
const bin = (dir) => join(dir, JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).bin.toolscore);
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

const baselineCli = process.env.BENCH_BASELINE ? bin(process.env.BENCH_BASELINE) : undefined;
// Which parts run (BENCH_PARTS=calls,startup,memory; default all).
const PARTS = new Set((process.env.BENCH_PARTS ?? "calls,startup,memory").split(","));

const routes = (server) => ({
  direct: server.argv,
  relay: [node, relay, ...server.argv],
  guard: [node, bin(root), "mcp", "guard", "--lock", server.lock, "--", ...server.argv],
  baseline: baselineCli && [node, baselineCli, "mcp", "guard", "--lock", server.lock, "--", ...server.argv],
});

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// Nanoseconds the process has run on a CPU (its main thread and the others: libuv, GC).
function cpuNs(pid) {
  let total = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`))
    total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
  return total;
}

async function timeCalls(argv, call, n) {
  const c = open(argv);
  await c.init();
  // Warm up every route alike, until the code on its path is compiled (the guard has more of it):
  // what is measured is the steady cost per call, not the JIT's.
  for (let i = 0; i < 200; i++) await c.request("tools/call", call);
  const cpu0 = cpuNs(c.child.pid);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const m = await c.request("tools/call", call);
    if (!m.result) throw new Error(`${argv.join(" ")}: ${JSON.stringify(m.error)}`);
  }
  const ms = performance.now() - t0;
  const cpuMs = (cpuNs(c.child.pid) - cpu0) / 1e6;
  await c.close();
  return { ms, cpuMs };
}

async function timeStartup(argv) {
  const t0 = performance.now();
  const c = open(argv);
  const list = await c.init();
  const ms = performance.now() - t0;
  const cpuMs = cpuNs(c.child.pid) / 1e6;
  if (!list.result) throw new Error(`${argv.join(" ")}: ${JSON.stringify(list.error)}`);
  await c.close();
  return { ms, cpuMs };
}

function rssKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
}

async function memory(server, total = 100_000, window = 64) {
  const c = open(routes(server).guard, { ...process.env, ECHO_LIST_CHANGED_EVERY: "1000" });
  await c.init();
  const samples = [];
  const answers = { calls: 0, lists: 0 };
  let sent = 0;
  let done = 0;
  await new Promise((resolve, reject) => {
    const next = () => {
      if (sent >= total) return;
      const list = ++sent % 100 === 0;
      const asked = list ? c.request("tools/list", {}) : c.request("tools/call", server.call);
      void asked.then((m) => {
        if (!m.result) return reject(new Error(`the guard refused: ${JSON.stringify(m.error)}`));
        answers[list ? "lists" : "calls"]++;
        done++;
        if (done % 10_000 === 0) samples.push(rssKb(c.child.pid));
        if (done === total) resolve();
        else next();
      });
    };
    for (let i = 0; i < window; i++) next();
  });
  await c.close();
  return { samples, answers };
}

// The bench's own process, with a garbage collector it can call.
function collectGarbage() {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc");
}

// The echo server as an SDK-shaped transport: answers on the next turn, a list_changed every
// 1,000 calls.
function echoTransport() {
  let calls = 0;
  const t = {
    onmessage: undefined,
    start: async () => {},
    close: async () => {},
    send: async (m) => {
      if (m.id === undefined) return;
      let result;
      if (m.method === "initialize")
        result = {
          protocolVersion: m.params.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: "bench-echo", version: "1.0.0" },
        };
      else if (m.method === "tools/list") result = { tools: ECHO_TOOLS };
      else result = { content: [{ type: "text", text: m.params.arguments.text }] };
      if (m.method === "tools/call" && ++calls % 1000 === 0)
        setImmediate(() => t.onmessage({ jsonrpc: "2.0", method: "notifications/tools/list_changed" }));
      setImmediate(() => t.onmessage({ jsonrpc: "2.0", id: m.id, result }));
    },
  };
  return t;
}

const ECHO_TOOLS = [
  {
    name: "echo",
    description: "Echo the text back.",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    annotations: { readOnlyHint: true },
  },
];

async function libraryMemory(lockPath, total = 100_000, window = 64) {
  const { createGuard, readLock } = await import(join(root, "dist", "index.js"));
  const gc = collectGarbage();
  const guard = createGuard({ lock: readLock(lockPath), upstream: echoTransport() });
  const waiting = new Map();
  guard.onmessage = (m) => {
    const w = waiting.get(m.id);
    if (w) {
      waiting.delete(m.id);
      w(m);
    }
  };
  let nextId = 1;
  const request = (method, params) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      void guard.send({ jsonrpc: "2.0", id, method, params });
    });
  await guard.start();
  await request("initialize", {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: "bench", version: "0" },
  });
  const heap = [];
  let sent = 0;
  let done = 0;
  await new Promise((resolve, reject) => {
    const next = () => {
      if (sent >= total) return;
      const list = ++sent % 100 === 0;
      const asked = list
        ? request("tools/list", {})
        : request("tools/call", { name: "echo", arguments: { text: "hello" } });
      void asked.then((m) => {
        if (!m.result) return reject(new Error(`the guard refused: ${JSON.stringify(m.error)}`));
        if (++done % 10_000 === 0) {
          gc();
          heap.push(process.memoryUsage().heapUsed);
        }
        if (done === total) resolve();
        else next();
      });
    };
    for (let i = 0; i < window; i++) next();
  });
  await guard.close();
  return heap;
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

  for (const [name, server] of Object.entries(PARTS.has("calls") ? SERVERS : {})) {
    const r = routes(server);
    const times = { direct: [], relay: [], guard: [], ...(r.baseline ? { baseline: [] } : {}) };
    const cpu = { direct: [], relay: [], guard: [], ...(r.baseline ? { baseline: [] } : {}) };
    const order = Object.keys(times);
    for (let i = 0; i < rounds; i++) {
      // Alternate which route goes first, so that drift in the machine's load spreads evenly.
      for (let k = 0; k < order.length; k++) {
        const route = order[(i + k) % order.length];
        const t = await timeCalls(r[route], server.call, calls);
        times[route].push(t.ms);
        cpu[route].push(t.cpuMs);
      }
    }
    const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
    const c = Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, median(v)]));
    console.log(`${calls} calls on the ${name} server (median of ${rounds} alternating runs):`);
    for (const [k, v] of Object.entries(m))
      console.log(
        `  ${k.padEnd(7)} ${v.toFixed(0).padStart(6)} ms  (${((v / calls) * 1000).toFixed(0)} us/call)`,
      );
    console.log(`  guard / relay:  ${(m.guard / m.relay).toFixed(2)}x (target <= 1.1x)`);
    console.log(`  guard / direct: ${(m.guard / m.direct).toFixed(2)}x`);
    console.log(`  relay / direct: ${(m.relay / m.direct).toFixed(2)}x`);
    const us = (v) => `${((v / calls) * 1000).toFixed(0)} us/call`;
    console.log(
      `  CPU of the process the client talks to: direct (the server) ${us(c.direct)}, relay ${us(c.relay)}, guard ${us(c.guard)}`,
    );
    console.log(`  CPU guard / relay: ${(c.guard / c.relay).toFixed(2)}x`);
    if (r.baseline)
      console.log(
        `  baseline guard / relay: ${(m.baseline / m.relay).toFixed(2)}x; CPU ${us(c.baseline)}, ${(c.baseline / c.relay).toFixed(2)}x the relay's`,
      );
  }

  for (const [name, server] of Object.entries(PARTS.has("startup") ? SERVERS : {})) {
    const r = routes(server);
    const startup = { direct: [], guard: [], baseline: [] };
    const guardCpu = [];
    const baseCpu = [];
    for (let i = 0; i < starts; i++) {
      startup.direct.push((await timeStartup(r.direct)).ms);
      const g = await timeStartup(r.guard);
      startup.guard.push(g.ms);
      guardCpu.push(g.cpuMs);
      if (r.baseline) {
        const b = await timeStartup(r.baseline);
        startup.baseline.push(b.ms);
        baseCpu.push(b.cpuMs);
      }
    }
    const sd = median(startup.direct);
    const sg = median(startup.guard);
    console.log(`start-up to the first tools/list answer, ${name} server (median of ${starts}):`);
    console.log(
      `  direct ${sd.toFixed(0)} ms, guard ${sg.toFixed(0)} ms: the guard adds ${(sg - sd).toFixed(0)} ms (target <= 60 ms)`,
    );
    if (r.baseline) {
      const sb = median(startup.baseline);
      console.log(`  baseline guard ${sb.toFixed(0)} ms: it adds ${(sb - sd).toFixed(0)} ms`);
      console.log(
        `  the baseline guard process's own CPU up to that answer: ${median(baseCpu).toFixed(0)} ms`,
      );
    }
    console.log(`  the guard process's own CPU up to that answer: ${median(guardCpu).toFixed(0)} ms`);
  }
  if (!PARTS.has("memory")) return;

  const { samples, answers } = await memory(SERVERS.echo, memoryCalls);
  const mb = (kb) => (kb / 1024).toFixed(1);
  const signed = (kb) => `${kb >= 0 ? "+" : "-"}${mb(Math.abs(kb))}`;
  console.log(
    `guard memory over one session of ${memoryCalls} requests on the echo server (${answers.calls} calls, ${answers.lists} lists, a list_changed every 1,000 calls; RSS every 10,000):`,
  );
  console.log(`  ${samples.map(mb).join(", ")} MB`);
  if (samples.length > 2) {
    // The first window includes warm-up (code compiled, heap grown to its working size).
    const rest = samples.slice(1);
    console.log(
      `  after the first 10,000: ${signed(samples.at(-1) - samples[1])} MB from the 2nd sample to the last; range ${mb(Math.min(...rest))}-${mb(Math.max(...rest))} MB`,
    );
  }

  const heap = await libraryMemory(SERVERS.echo.lock, memoryCalls);
  console.log(`the same session through createGuard, heap used after a full GC every 10,000 requests:`);
  console.log(`  ${heap.map((b) => (b / 1024 / 1024).toFixed(2)).join(", ")} MB`);
  if (heap.length > 2) {
    const d = (heap.at(-1) - heap[1]) / 1024;
    console.log(`  from the 2nd sample to the last: ${d >= 0 ? "+" : "-"}${Math.abs(d).toFixed(0)} KB`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await guardBench();
