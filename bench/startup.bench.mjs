// Start-up cost, measured side by side in one run, in both protocol eras:
//   raw floor       a tiny script: spawn the server, write the handshake and tools/list as newline
//                   JSON, read the answers, exit. 2025 era: initialize, initialized, tools/list;
//                   2026-07-28: server/discover, then tools/list with its _meta envelope;
//   mcp list        toolscore mcp list SERVER --json - (negotiating, as a user runs it: the
//                   package's bin, dist/toolscore.cjs);
//   verify-pin      toolscore mcp verify-pin SERVER --lock LOCK (a lock pinned beforehand);
//   sdk v2 client   the official v2 SDK's minimal Client + StdioClientTransport: connect, listTools,
//                   close; by default (the 2025 handshake) and with versionNegotiation 'auto';
//   --version       the package's bin (package.json "bin": dist/toolscore.cjs) with --version,
//                   against node -e 0.
// Servers: the bundled sample server (v2 SDK, serves both eras), server-memory (v1 SDK, 2025
// era only, so toolscore pays its probe and falls back) and bench/echo-server.mjs, a raw JSON-lines
// server of one tool (2025 era) that boots in about the time of `node -e 0`. The comparison with
// the SDK's client depends on the server: every client waits for the server to boot, so a slow
// server makes all clients alike, and the raw server shows the clients' own cost best.
// Commands run interleaved, many times each; the figures are medians of wall time, with the mean
// CPU time beside them (Linux), which a busy machine disturbs far less: the --version pair is
// given as a CPU ratio too.
// BENCH_BASELINE=DIR (a folder holding another build's dist/ and package.json, e.g. main's) adds that
// build's mcp list, verify-pin and --version to the same interleaved run, marked "(baseline)".
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tmp = join(root, ".bench-tmp");
const SERVERS = {
  "dual-era": join(root, "dist", "notes-server.js"),
  "2025-only": join(root, "node_modules", "mem2608", "dist", "index.js"),
  "raw-server": join(root, "bench", "echo-server.mjs"),
};
const SPOKEN = { "dual-era": "modern", "2025-only": "legacy", "raw-server": "legacy" };

const rawFloor = (server, era) => `
import { spawn } from "node:child_process";
const child = spawn(process.execPath, [${JSON.stringify(server)}], { stdio: ["pipe", "pipe", "ignore"] });
const send = (m) => child.stdin.write(JSON.stringify({ jsonrpc: "2.0", ...m }) + "\\n");
const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
const modern = ${JSON.stringify(era === "modern")};
let buf = "";
child.stdout.on("data", (d) => {
  buf += d;
  let nl;
  while ((nl = buf.indexOf("\\n")) >= 0) {
    const line = buf.slice(0, nl);
    buf = buf.slice(nl + 1);
    if (!line.startsWith("{")) continue;
    const m = JSON.parse(line);
    if (m.id === 1) {
      if (!modern) send({ method: "notifications/initialized" });
      send({ id: 2, method: "tools/list", params: modern ? { _meta: meta } : {} });
    } else if (m.id === 2) {
      if (!Array.isArray(m.result.tools)) process.exit(1);
      child.stdin.end();
      child.kill();
      process.exit(0);
    }
  }
});
if (modern) send({ id: 1, method: "server/discover", params: { _meta: meta } });
else send({ id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "floor", version: "0" } } });
`;

const sdkClient = (server, auto) => `
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
const client = new Client({ name: "sdk-bench", version: "0" }${auto ? ", { versionNegotiation: { mode: 'auto' } }" : ""});
await client.connect(new StdioClientTransport({ command: process.execPath, args: [${JSON.stringify(server)}], stderr: "ignore" }));
await client.listTools();
await client.close();
`;

// CPU time of the children this process has waited for (user + system, in clock ticks), from
// /proc/self/stat on Linux: on a shared machine it moves much less than wall time. A command's
// figure includes the servers it waits for; the raw floor kills its server without waiting.
const TICK_MS = 10;
function childCpuMs() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[13]) + Number(f[14])) * TICK_MS;
  } catch {
    return NaN;
  }
}

function time(argv, cpu) {
  const started = process.hrtime.bigint();
  const cpuBefore = childCpuMs();
  const r = spawnSync(argv[0], argv.slice(1), { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0) throw new Error(`${argv.join(" ")} failed (${r.status}): ${r.stderr}`);
  if (cpu) cpu.push(childCpuMs() - cpuBefore);
  return ms;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export default async function startupBench({ reps = Number(process.env.BENCH_REPS ?? 15) } = {}) {
  mkdirSync(tmp, { recursive: true });
  const node = process.execPath;
  const bin = (dir) => join(dir, JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).bin.toolscore);
  const cli = bin(root);
  const baseline = process.env.BENCH_BASELINE ? bin(process.env.BENCH_BASELINE) : undefined;
  const script = (name, text) => {
    const file = join(tmp, name);
    writeFileSync(file, text);
    return [node, file];
  };
  const cases = {};
  for (const [label, server] of Object.entries(SERVERS)) {
    const cmd = `node ${server}`;
    const lock = join(tmp, `${label}.lock.json`);
    time([node, cli, "mcp", "pin", cmd, "--lock", lock]);
    cases[`${label}: raw floor`] = script(`floor-${label}.mjs`, rawFloor(server, SPOKEN[label]));
    cases[`${label}: mcp list`] = [node, cli, "mcp", "list", cmd, "--json", "-"];
    cases[`${label}: verify-pin`] = [node, cli, "mcp", "verify-pin", cmd, "--lock", lock];
    if (baseline) {
      cases[`${label}: mcp list (baseline)`] = [node, baseline, "mcp", "list", cmd, "--json", "-"];
      cases[`${label}: verify-pin (baseline)`] = [node, baseline, "mcp", "verify-pin", cmd, "--lock", lock];
    }
    cases[`${label}: sdk v2 client`] = script(`sdk-${label}.mjs`, sdkClient(server, false));
    cases[`${label}: sdk v2 client auto`] = script(`sdk-auto-${label}.mjs`, sdkClient(server, true));
  }
  cases["dual-era: raw floor 2025"] = script(
    "floor-dual-legacy.mjs",
    rawFloor(SERVERS["dual-era"], "legacy"),
  );
  cases["dual-era: mcp list 2025"] = [
    node,
    cli,
    "mcp",
    "list",
    `node ${SERVERS["dual-era"]}`,
    "--protocol",
    "2025-11-25",
    "--json",
    "-",
  ];
  cases["node -e 0"] = [node, "-e", "0"];
  cases["toolscore --version"] = [node, cli, "--version"];
  if (baseline) {
    cases["dual-era: mcp list 2025 (baseline)"] = [
      node,
      baseline,
      ...cases["dual-era: mcp list 2025"].slice(2),
    ];
    cases["toolscore --version (baseline)"] = [node, baseline, "--version"];
  }

  const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  const cpu = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (const argv of Object.values(cases)) time(argv); // warm the file cache
  for (let i = 0; i < reps; i++) {
    for (const [name, argv] of Object.entries(cases)) times[name].push(time(argv, cpu[name]));
  }
  const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
  // Mean, not median: one run's CPU time is counted in whole clock ticks.
  const c = Object.fromEntries(
    Object.entries(cpu).map(([k, v]) => [k, v.reduce((a, b) => a + b, 0) / v.length]),
  );
  for (const [k, v] of Object.entries(m))
    console.log(
      `${k.padEnd(32)} ${v.toFixed(1).padStart(7)} ms (median of ${reps})  cpu ${c[k].toFixed(1).padStart(6)} ms (mean)`,
    );
  const ratio = (a, b, target) =>
    `${a} / ${b}: ${(m[a] / m[b]).toFixed(2)}x${target ? ` (target <= ${target}x)` : ""}`;
  // Each ratio of a toolscore command, and the same ratio of the baseline build beside it.
  const both = (a, b, target) => {
    console.log(ratio(a, b, target));
    if (baseline) console.log(`  baseline: ${ratio(`${a} (baseline)`, b)}`);
  };
  for (const label of Object.keys(SERVERS)) {
    both(`${label}: mcp list`, `${label}: raw floor`, 1.2);
    both(`${label}: verify-pin`, `${label}: raw floor`, 1.25);
    both(`${label}: mcp list`, `${label}: sdk v2 client`, 0.6);
    both(`${label}: mcp list`, `${label}: sdk v2 client auto`);
    // What no client can go below: the floor is a client that does nothing but the exchange.
    console.log(ratio(`${label}: raw floor`, `${label}: sdk v2 client`));
  }
  both("dual-era: mcp list 2025", "dual-era: raw floor 2025", 1.2);
  both("toolscore --version", "node -e 0", 1.1);
  console.log(
    `toolscore --version / node -e 0, cpu time: ${(c["toolscore --version"] / c["node -e 0"]).toFixed(2)}x`,
  );
  return m;
}

if (import.meta.url === `file://${process.argv[1]}`) await startupBench();
