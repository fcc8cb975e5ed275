// `mcp lint` of a saved 10,000-tool snapshot, end to end (read, lint, write the JSON report), as
// medians of interleaved runs. BASELINE_CLI=path/to/other/dist/cli.js runs another build (a build of
// main) side by side and prints the ratio of this build's time to it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "dist", "cli.js");
const TOOLS = 10000;
const RUNS = Number(process.env.RUNS ?? 5);

// Realistic prose: several sentences of usage advice, parameter descriptions, enums and defaults;
// every tenth schema differs, as real servers share few schemas verbatim.
const verbs = ["get", "list", "create", "update", "delete", "search", "send", "run"];
const tool = (i) => ({
  name: `${verbs[i % verbs.length]}_resource_${i}`,
  title: `Resource ${i}`,
  description:
    `Operates on resource ${i} of the workspace and returns it with its id, owner, tags and timestamps. ` +
    "Use this tool when the user asks about a resource by id; call list_resources first when the id is " +
    "unknown. Dates must be ISO 8601. Results are paginated: pass the cursor from the previous page.",
  inputSchema: {
    type: "object",
    properties: {
      id: {
        type: "string",
        description: "The resource id, as returned by list_resources.",
        pattern: "^res-[0-9]+$",
      },
      limit: {
        type: "integer",
        minimum: 1,
        maximum: 100 + (i % 10),
        default: 20,
        description: "Most results to return.",
      },
      tags: {
        type: "array",
        items: { type: "string" },
        maxItems: 10,
        description: "Only resources with all of these tags.",
      },
      mode: {
        type: "string",
        enum: ["fast", "full", "dry-run"],
        default: "fast",
        description: "How much to fetch.",
      },
      filter: {
        type: "object",
        description: "Filters applied on the server before paging.",
        properties: {
          owner: { type: "string", description: "Owner login." },
          since: { type: "string", format: "date-time" },
        },
      },
    },
    required: ["id"],
  },
  annotations: { readOnlyHint: i % 3 === 0, openWorldHint: false },
});

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function wall(bin, snap, out) {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [bin, "mcp", "lint", snap, "--json", out], { encoding: "utf8" });
  if (r.status !== 0 && r.status !== 1) throw new Error(r.stderr);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

export default async function bench() {
  const dir = mkdtempSync(join(tmpdir(), "toolscore-bench-"));
  try {
    const snap = join(dir, "snapshot.json");
    const tools = Array.from({ length: TOOLS }, (_, i) => tool(i)).sort((a, b) => (a.name < b.name ? -1 : 1));
    writeFileSync(
      snap,
      JSON.stringify({
        kind: "toolscore.mcp-snapshot",
        snapshot_version: "1",
        server: { name: "bench", version: "1" },
        protocol: "2025-11-25",
        capabilities: { tools: {} },
        instructions: null,
        tools,
      }),
    );
    const base = process.env.BASELINE_CLI;
    const ours = [];
    const theirs = [];
    for (let i = 0; i < RUNS; i++) {
      ours.push(wall(cli, snap, join(dir, "a.json")));
      if (base) theirs.push(wall(base, snap, join(dir, "b.json")));
    }
    const a = median(ours);
    if (!base) {
      console.log(
        `mcp lint of ${TOOLS} tools: ${a.toFixed(0)} ms (set BASELINE_CLI to compare with another build)`,
      );
      return;
    }
    const b = median(theirs);
    console.log(
      `mcp lint of ${TOOLS} tools: this build ${a.toFixed(0)} ms, baseline ${b.toFixed(0)} ms (x${(a / b).toFixed(2)})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
