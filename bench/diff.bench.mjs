// mcp diff on two synthetic 10,000-tool snapshots that differ in 1% of their tools (aim: < 1 s),
// through the built dist/core.js. Measured side by side in one run: the same diff on identical
// snapshots, and serialising both snapshots (the floor of any comparison that looks at every byte).
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { join, dirname } from "node:path";

const TOOLS = 10_000;
const RUNS = 5;

function tool(i) {
  return {
    name: `tool_${String(i).padStart(5, "0")}_get_record`,
    title: `Tool ${i}`,
    description: `Fetches record ${i} from the store and returns it with its history and links.`,
    inputSchema: {
      type: "object",
      properties: {
        id: { type: "string", description: "Record id" },
        filter: {
          type: "object",
          properties: {
            tags: { type: "array", items: { type: "string" } },
            since: { type: "string", format: "date-time" },
          },
          required: ["tags"],
        },
        entries: {
          type: "array",
          items: { type: "object", properties: { key: { type: "string" }, value: { type: "number" } } },
        },
      },
      required: ["id"],
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  };
}

function snapshot(tools) {
  return {
    kind: "toolscore.mcp-snapshot",
    snapshot_version: "1",
    server: { name: "bench", version: "1.0.0" },
    protocol: "2025-11-25",
    capabilities: { tools: {} },
    client_capabilities: [],
    instructions: null,
    tools,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function time(f) {
  const ms = [];
  // The first run pays for compiling (the JIT, ajv's schema compiler in lint); it is shown apart.
  let out;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    out = f();
    ms.push(performance.now() - t);
  }
  return { ms: median(ms), first: ms[0], out };
}

export default async function () {
  const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
  const { diffSnapshots } = await import(join(dist, "core.js"));
  const { renderDiff } = await import(join(dist, "report.js"));
  const a = snapshot(Array.from({ length: TOOLS }, (_, i) => tool(i)));
  // 1% of the tools differ: 40 changed (description, a parameter removed, a type changed, a delete
  // hint), 30 removed and 30 added.
  const b = structuredClone(a);
  const changed = b.tools.filter((_, i) => i % 250 === 7);
  changed.forEach((t, k) => {
    if (k % 4 === 0) t.description += " Now cached.";
    if (k % 4 === 1) delete t.inputSchema.properties.filter.properties.since;
    if (k % 4 === 2) t.inputSchema.properties.entries.items.properties.value.type = "string";
    if (k % 4 === 3) t.annotations = { readOnlyHint: false, destructiveHint: true };
  });
  b.tools = b.tools.filter((_, i) => i % 333 !== 11);
  for (let i = 0; i < 30; i++) b.tools.push(tool(TOOLS + i));
  const sameB = structuredClone(a);

  const diff = time(() => diffSnapshots(a, b));
  const same = time(() => diffSnapshots(a, sameB));
  const render = time(() => renderDiff(diff.out));
  const floor = time(() => JSON.stringify(a).length + JSON.stringify(b).length);
  const d = diff.out;
  console.log(
    `two ${TOOLS.toLocaleString("en")}-tool snapshots, 1% differ: ${d.changed.length} changed, ${d.removed.length} removed, ${d.added.length} added, ${d.breaking.length} breaking`,
  );
  console.log(
    `diffSnapshots        ${diff.ms.toFixed(0).padStart(6)} ms  (median of ${RUNS}, first run ${diff.first.toFixed(0)} ms; aim < 1000 ms)`,
  );
  console.log(
    `  identical inputs   ${same.ms.toFixed(0).padStart(6)} ms  (${(diff.ms / same.ms).toFixed(2)}x of it for the 1% that differ)`,
  );
  console.log(
    `  JSON.stringify A+B ${floor.ms.toFixed(0).padStart(6)} ms  (diff is ${(diff.ms / floor.ms).toFixed(1)}x this floor)`,
  );
  console.log(
    `renderDiff           ${render.ms.toFixed(0).padStart(6)} ms  (${render.out.split("\n").length} lines)`,
  );
}
