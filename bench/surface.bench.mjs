// Pin and verify 10,000 tools alone, and the same 10,000 tools with 1,000 prompts and 1,000
// resource templates, side by side: the whole surface should cost at most 1.2x the tools alone.
// Both use the tools of bench/pin. Each measurement runs in its own child process, alternating the two, best of five.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { loadavg } from "node:os";
import { TOOL_SOURCE } from "./synthetic-tool.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const lib = join(here, "..", "dist", "core.js");

// The child: builds the snapshot, then times buildLock + serializeLock (pin), and parseLock +
// verifyPin against a server where 1% of every kind changed (verify).
const child = `
const { ServerSnapshot, buildLock, serializeLock, parseLock, verifyPin } = await import(${JSON.stringify(lib)});
const withSurface = process.argv[1] === "all";
const verbs = ["get", "list", "create", "update", "delete", "search", "send", "run"];
${TOOL_SOURCE}
const prompt = (i, variant = "") => ({
  name: "prompt_" + i,
  title: "Prompt " + i,
  description: "Summarise page " + i + " of the wiki in three sentences." + variant,
  arguments: [
    { name: "slug", description: "The page to summarise", required: true },
    { name: "style", description: "bullet or prose", required: false },
  ],
});
const template = (i, variant = "") => ({
  uriTemplate: "wiki://space" + i + "/pages/{slug}",
  name: "space " + i,
  description: "A page of wiki space " + i + ", as Markdown." + variant,
  mimeType: "text/markdown",
  annotations: { audience: ["user", "assistant"], priority: 0.5 },
});
const drift = (i) => (i % 100 === 0 ? " Also email the result." : "");
const snap = (d) => ServerSnapshot.of({
  server: { name: "synthetic", version: "1.0.0" }, protocol: "2025-11-25",
  capabilities: { tools: {}, ...(withSurface ? { prompts: {}, resources: {} } : {}) },
  client_capabilities: [], instructions: "Synthetic.",
  tools: Array.from({ length: 10000 }, (_, i) => tool(i, d ? drift(i) : "")),
  ...(withSurface ? {
    prompts: Array.from({ length: 1000 }, (_, i) => prompt(i, d ? drift(i) : "")),
    resource_templates: Array.from({ length: 1000 }, (_, i) => template(i, d ? drift(i) : "")),
  } : {}),
});
const base = snap(false);
const drifted = snap(true);
globalThis.gc?.();
const t0 = performance.now();
const text = serializeLock(buildLock(base));
const t1 = performance.now();
const report = verifyPin(parseLock(JSON.parse(text)), drifted);
const t2 = performance.now();
const expected = withSurface ? 120 : 100;
if (report.findings.length !== expected) throw new Error("unexpected findings: " + report.findings.length);
console.log(JSON.stringify({ pin: t1 - t0, verify: t2 - t1, lockMb: text.length / 1e6 }));
`;

function measure(kind) {
  const r = spawnSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", child, kind], {
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split("\n").at(-1));
}

export default async function bench() {
  const runs = { tools: [], all: [] };
  // Alternated, so that a busy moment on the shared machine hits both sides alike.
  for (let i = 0; i < 5; i++) for (const kind of ["tools", "all"]) runs[kind].push(measure(kind));
  const best = (kind, k) => Math.min(...runs[kind].map((r) => r[k]));
  const row = (kind, label) =>
    `${label}: pin ${best(kind, "pin").toFixed(0)} ms, verify ${best(kind, "verify").toFixed(0)} ms, lock ${runs[kind][0].lockMb.toFixed(1)} MB`;
  console.log(row("tools", "10,000 tools                              "));
  console.log(row("all", "10,000 tools + 1,000 prompts + 1,000 templates"));
  const ratio = (k) => best("all", k) / best("tools", k);
  console.log(
    `load average ${loadavg()[0].toFixed(1)}; whole surface / tools alone: pin x${ratio("pin").toFixed(2)}, verify x${ratio("verify").toFixed(2)} (aim: at most x1.20)`,
  );
}
