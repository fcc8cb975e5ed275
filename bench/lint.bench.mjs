// Lint speed, measured side by side in one run:
//   library   lintTools over 1,000 and 10,000 synthetic tools with realistic schemas (each size in
//             its own child process), first run (schemas compiled) and a second run (compile cache);
//   process   node dist/cli.js mcp lint SNAPSHOT against mcp list SNAPSHOT (the read-and-print
//             floor), on a saved snapshot of the sample server, interleaved, medians.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const lib = join(root, "dist", "index.js");
const cli = join(root, "dist", "cli.js");

const child = `
const { lintTools } = await import(${JSON.stringify(lib)});
const n = Number(process.argv[1]);
const verbs = ["get", "list", "create", "update", "delete", "search", "send", "run"];
// Every tenth schema differs, as real servers share few schemas verbatim.
const tool = (i) => ({
  name: verbs[i % verbs.length] + "_resource_" + i,
  title: "Resource " + i,
  description: "Operates on resource " + i + " of the workspace. Returns the resource with its id, owner, tags and timestamps.",
  inputSchema: {
    type: "object",
    properties: {
      id: { type: "string", description: "The resource id", pattern: "^res-[0-9]+$" },
      limit: { type: "integer", minimum: 1, maximum: 100 + (i % 10), default: 20 },
      tags: { type: "array", items: { type: "string" }, maxItems: 10 },
      mode: { type: "string", enum: ["fast", "full", "dry-run"] },
      filter: { type: "object", properties: { owner: { type: "string" }, since: { type: "string", format: "date-time" } } },
    },
    required: ["id"],
  },
  annotations: { readOnlyHint: i % 3 === 0, openWorldHint: false },
});
const tools = Array.from({ length: n }, (_, i) => tool(i));
const t0 = performance.now();
const findings = lintTools(tools);
const t1 = performance.now();
lintTools(tools);
const t2 = performance.now();
console.log(JSON.stringify({ first: t1 - t0, second: t2 - t1, findings: findings.length }));
`;

function measure(n) {
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", child, String(n)], {
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split("\n").at(-1));
}

function wall(args) {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: "utf8" });
  if (r.status !== 0 && r.status !== 1) throw new Error(r.stderr);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export default async function bench() {
  for (const n of [1000, 10000]) {
    const runs = [measure(n), measure(n), measure(n)];
    const first = Math.min(...runs.map((r) => r.first));
    const second = Math.min(...runs.map((r) => r.second));
    console.log(
      `${String(n).padStart(6)} tools: lintTools ${first.toFixed(0)} ms (${((first / n) * 1000).toFixed(0)} µs/tool), again with compiled schemas cached ${second.toFixed(0)} ms (x${(first / second).toFixed(1)} faster)`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), "toolscore-bench-"));
  try {
    const snap = join(dir, "notes.json");
    const made = spawnSync(process.execPath, [
      cli,
      "mcp",
      "list",
      `node ${JSON.stringify(join(root, "dist", "notes-server.js"))}`,
      "--json",
      snap,
    ]);
    if (made.status !== 0) throw new Error(String(made.stderr));
    const lint = [];
    const list = [];
    for (let i = 0; i < 15; i++) {
      lint.push(wall(["mcp", "lint", snap]));
      list.push(wall(["mcp", "list", snap]));
    }
    const a = median(lint);
    const b = median(list);
    console.log(
      `process on a saved snapshot: mcp lint ${a.toFixed(0)} ms, mcp list ${b.toFixed(0)} ms (lint/list x${(a / b).toFixed(2)})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
