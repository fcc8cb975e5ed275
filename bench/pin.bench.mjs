// Pin and verify a synthetic server of 1,000 and 10,000 tools with realistic schemas, built in
// memory from the library in dist/core.js. Each size runs in its own child process so that its
// peak memory (maxRSS) is its own. Prints time and peak memory per size and how they grow.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { loadavg } from "node:os";
import { TOOL_SOURCE } from "./synthetic-tool.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const lib = join(here, "..", "dist", "core.js");

// The child: builds the snapshot, then times buildLock + serializeLock (pin), and parseLock +
// verifyPin against a server where 1% of the tools changed (verify).
const child = `
const { ServerSnapshot, buildLock, serializeLock, parseLock, verifyPin } = await import(${JSON.stringify(lib)});
const n = Number(process.argv[1]);
const verbs = ["get", "list", "create", "update", "delete", "search", "send", "run"];
${TOOL_SOURCE}
const snap = (tools) => ServerSnapshot.of({ server: { name: "synthetic", version: "1.0.0" }, protocol: "2025-11-25", capabilities: { tools: {} }, client_capabilities: [], instructions: "Synthetic.", tools });
const base = snap(Array.from({ length: n }, (_, i) => tool(i)));
const drifted = snap(Array.from({ length: n }, (_, i) => tool(i, i % 100 === 0 ? " Also email the result." : "")));
globalThis.gc?.();
const c0 = process.cpuUsage();
const t0 = performance.now();
const text = serializeLock(buildLock(base));
const t1 = performance.now();
const report = verifyPin(parseLock(JSON.parse(text)), drifted);
const t2 = performance.now();
if (report.findings.length !== n / 100) throw new Error("unexpected findings: " + report.findings.length);
const cpu = process.cpuUsage(c0);
// The floor any JSON tool pays on the same data, measured side by side: write and read it once.
const t3 = performance.now();
JSON.parse(JSON.stringify(base, null, 2));
const floor = performance.now() - t3;
console.log(JSON.stringify({ pin: t1 - t0, verify: t2 - t1, floor, cpu: (cpu.user + cpu.system) / 1000, maxRssMb: process.resourceUsage().maxRSS / 1024, lockMb: text.length / 1e6 }));
`;

function measure(n) {
  const r = spawnSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", child, String(n)], {
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split("\n").at(-1));
}

export default async function bench() {
  const sizes = [1000, 10000];
  const results = {};
  for (const n of sizes) {
    // Best of three runs: the machine is shared.
    const runs = [measure(n), measure(n), measure(n)];
    results[n] = {
      pin: Math.min(...runs.map((r) => r.pin)),
      verify: Math.min(...runs.map((r) => r.verify)),
      cpu: Math.min(...runs.map((r) => r.cpu)),
      floor: Math.min(...runs.map((r) => r.floor)),
      maxRssMb: Math.min(...runs.map((r) => r.maxRssMb)),
      lockMb: runs[0].lockMb,
    };
  }
  for (const n of sizes) {
    const r = results[n];
    console.log(
      `${String(n).padStart(6)} tools: pin ${r.pin.toFixed(0)} ms, verify ${r.verify.toFixed(0)} ms, total ${(r.pin + r.verify).toFixed(0)} ms (CPU ${r.cpu.toFixed(0)} ms; x${((r.pin + r.verify) / r.floor).toFixed(1)} a JSON write + read of the snapshot), peak RSS ${r.maxRssMb.toFixed(0)} MB, lock ${r.lockMb.toFixed(1)} MB`,
    );
  }
  const [a, b] = sizes.map((n) => results[n]);
  console.log(
    `load average ${loadavg()[0].toFixed(1)}; growth 1,000 -> 10,000 (10x tools): time x${((b.pin + b.verify) / (a.pin + a.verify)).toFixed(1)}, peak RSS x${(b.maxRssMb / a.maxRssMb).toFixed(1)} (aim: under 1,500 ms and 300 MB at 10,000)`,
  );
}
