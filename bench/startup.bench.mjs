// Start-up cost, measured side by side in one run on the bundled sample server (stdio):
//   raw floor      a tiny script: spawn the server, write initialize, initialized and tools/list as
//                  newline JSON, read the answers, exit;
//   toolscore      node dist/cli.js mcp list "node dist/notes-server.js" --json -
//   sdk client     the official SDK's Client + StdioClientTransport: connect, listTools, close;
//   --version      node dist/cli.js --version, against node -e 0.
// The commands run interleaved, many times each; the figures are medians of wall time.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tmp = join(root, ".bench-tmp");
const server = join(root, "dist", "notes-server.js");

const RAW_FLOOR = `
import { spawn } from "node:child_process";
const child = spawn(process.execPath, [${JSON.stringify(server)}], { stdio: ["pipe", "pipe", "inherit"] });
const send = (m) => child.stdin.write(JSON.stringify({ jsonrpc: "2.0", ...m }) + "\\n");
let buf = "";
child.stdout.on("data", (d) => {
  buf += d;
  let nl;
  while ((nl = buf.indexOf("\\n")) >= 0) {
    const m = JSON.parse(buf.slice(0, nl));
    buf = buf.slice(nl + 1);
    if (m.id === 1) {
      send({ method: "notifications/initialized" });
      send({ id: 2, method: "tools/list", params: {} });
    } else if (m.id === 2) {
      process.stdout.write(JSON.stringify(m.result.tools).slice(0, 0));
      child.stdin.end();
      child.kill();
      process.exit(0);
    }
  }
});
send({ id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "floor", version: "0" } } });
`;

const SDK_CLIENT = `
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
const client = new Client({ name: "sdk-bench", version: "0" });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [${JSON.stringify(server)}] }));
await client.listTools();
await client.close();
`;

function time(argv) {
  const started = process.hrtime.bigint();
  const r = spawnSync(argv[0], argv.slice(1), { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0) throw new Error(`${argv.join(" ")} failed (${r.status}): ${r.stderr}`);
  return ms;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export default async function startupBench({ reps = Number(process.env.BENCH_REPS ?? 21) } = {}) {
  mkdirSync(tmp, { recursive: true });
  const floor = join(tmp, "raw-floor.mjs");
  const sdk = join(tmp, "sdk-client.mjs");
  writeFileSync(floor, RAW_FLOOR);
  writeFileSync(sdk, SDK_CLIENT);
  const node = process.execPath;
  const cli = join(root, "dist", "cli.js");
  const cases = {
    "raw floor": [node, floor],
    "toolscore mcp list": [node, cli, "mcp", "list", `node ${server}`, "--json", "-"],
    "sdk client": [node, sdk],
    "node -e 0": [node, "-e", "0"],
    "toolscore --version": [node, cli, "--version"],
  };
  const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (const argv of Object.values(cases)) time(argv); // warm the file cache
  for (let i = 0; i < reps; i++) {
    for (const [name, argv] of Object.entries(cases)) times[name].push(time(argv));
  }
  const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
  for (const [k, v] of Object.entries(m))
    console.log(`${k.padEnd(22)} ${v.toFixed(1).padStart(7)} ms (median of ${reps})`);
  const ratio = (a, b, target) =>
    `${a} / ${b}: ${(m[a] / m[b]).toFixed(2)}x${target ? ` (target <= ${target}x)` : ""}`;
  console.log(ratio("toolscore mcp list", "raw floor", 1.3));
  console.log(ratio("toolscore mcp list", "sdk client", 1.0));
  console.log(ratio("sdk client", "raw floor"));
  console.log(ratio("toolscore --version", "node -e 0", 1.5));
  return m;
}

if (import.meta.url === `file://${process.argv[1]}`) await startupBench();
