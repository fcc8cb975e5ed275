// Published MCP servers (devDependencies), each listed once by `mcp list` through a wire tap that
// records the raw lines: the snapshot's tools are exactly what the server wrote on the wire. The saved
// snapshot is then what the other checks read: lint (a well-made official server is never called
// poisoned) and each tool's effects (no false delete, exec or network).
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { LATEST_LEGACY_PROTOCOL_VERSION } from "../../src/meta.js";
import { deriveEffects, type Effect } from "../../src/pin/effects.js";
import type { LintReport } from "../../src/report/lint-json.js";
import { ROOT, fixture, runCli, tempDir } from "../support/cli.js";
import { readWireTap } from "../support/raw-client.js";

const tmp = tempDir();
after(() => tmp.remove());
const env = { MEMORY_FILE_PATH: join(tmp.dir, "memory.jsonl") };
const pkg = (name: string) => join(ROOT, "node_modules", name, "dist", "index.js");
const byName = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  String(a.name) < String(b.name) ? -1 : 1;

interface Snapshot {
  server: Record<string, unknown>;
  protocol: string;
  client_capabilities: string[];
  tools: Array<Record<string, unknown>>;
}

// [label, argv, --client-capabilities, expected tool count]
const SERVERS: Array<[string, string[], string | undefined, number]> = [
  ["server-memory 2025.4.25", ["node", pkg("mem2504")], undefined, 9],
  ["server-memory 2026.8.31", ["node", pkg("mem2608")], undefined, 9],
  ["server-filesystem 2025.8.21", ["node", pkg("fs2025"), tmp.dir], undefined, 14],
  ["server-filesystem 2026.8.31", ["node", pkg("fs2026"), tmp.dir], undefined, 14],
  ["server-everything, bare client", ["node", pkg("@modelcontextprotocol/server-everything")], undefined, 13],
  [
    "server-everything, full client",
    ["node", pkg("@modelcontextprotocol/server-everything")],
    "roots,sampling,elicitation",
    16,
  ],
  [
    "server-sequential-thinking",
    ["node", pkg("@modelcontextprotocol/server-sequential-thinking")],
    undefined,
    1,
  ],
];

const quote = (argv: string[]) => argv.map((a) => JSON.stringify(a)).join(" ");
// Each server's snapshot, by label, and the file it is saved in, for the checks after the listings.
const listed = new Map<string, Snapshot>();
const savedAs = (label: string) => join(tmp.dir, `${label.replace(/\W+/g, "-")}.json`);
const snapshotOf = (label: string) => {
  const snap = listed.get(label);
  assert.ok(snap, `${label} was listed above`);
  return snap;
};

describe("real servers: the snapshot holds the tools exactly as sent", () => {
  for (const [label, argv, caps, count] of SERVERS) {
    test(label, async () => {
      // The server runs behind the wire tap, which records every line each side wrote.
      const record = join(tmp.dir, `${label.replace(/\W+/g, "-")}.wire`);
      const tapped = quote(["node", fixture("wire-tap.mjs"), record, ...argv]);
      const declared = caps ? ["--client-capabilities", caps] : [];
      const run = await runCli(["mcp", "list", tapped, "--json", "-", ...declared], { env });
      const wire = readWireTap(record);
      assert.equal(run.code, 0, run.stderr);
      const snap = JSON.parse(run.stdout) as Snapshot;
      listed.set(label, snap);
      writeFileSync(savedAs(label), run.stdout);
      assert.equal(snap.tools.length, count);
      assert.deepEqual(snap.tools, [...wire.tools].sort(byName));
      assert.deepEqual(snap.server, wire.initialize.serverInfo);
      assert.equal(snap.protocol, wire.initialize.protocolVersion);
      assert.deepEqual(snap.client_capabilities, caps?.split(",").sort() ?? []);
    });
  }

  test("the two server-memory versions negotiate different protocols", () => {
    const a = snapshotOf("server-memory 2025.4.25");
    const b = snapshotOf("server-memory 2026.8.31");
    assert.equal(a.protocol, "2024-11-05");
    assert.equal(b.protocol, LATEST_LEGACY_PROTOCOL_VERSION);
    assert.deepEqual(
      a.tools.map((t) => t.name),
      b.tools.map((t) => t.name),
    );
  });
});

// Well-made official servers: whatever else lint says, it must not cry poison. [test, listing]
const LINTED: Array<[string, string]> = [
  ["server-memory 2025.4.25", "server-memory 2025.4.25"],
  ["server-memory 2026.8.31", "server-memory 2026.8.31"],
  ["server-filesystem 2025.8.21", "server-filesystem 2025.8.21"],
  ["server-filesystem 2026.8.31", "server-filesystem 2026.8.31"],
  ["server-everything", "server-everything, bare client"],
  ["server-sequential-thinking", "server-sequential-thinking"],
];

describe("lint on the official servers' snapshots", () => {
  for (const [name, label] of LINTED) {
    test(`${name}: no description-instruction, schema-instruction, hidden-unicode or annotation-conflict`, async () => {
      snapshotOf(label);
      const lint = await runCli(["mcp", "lint", savedAs(label), "--json", "-"]);
      assert.ok(lint.code === 0 || lint.code === 1, `exit ${lint.code}: ${lint.stderr}`);
      const report = JSON.parse(lint.stdout) as LintReport;
      assert.ok(report.tools > 0);
      const poison = report.findings.filter((f) =>
        ["description-instruction", "schema-instruction", "hidden-unicode", "annotation-conflict"].includes(
          f.rule,
        ),
      );
      assert.deepEqual(poison, []);
    });
  }
});

const r: Effect[] = ["read"];
const w: Effect[] = ["write"];
const wd: Effect[] = ["write", "delete"];
const FILESYSTEM_READS = Object.fromEntries(
  [
    "directory_tree",
    "get_file_info",
    "list_allowed_directories",
    "list_directory",
    "list_directory_with_sizes",
    "read_file",
    "read_media_file",
    "read_multiple_files",
    "read_text_file",
    "search_files",
  ].map((name) => [name, r]),
);

// Every tool of each real server, with what it must get. [test, listing, effects by tool]
const EFFECTS: Array<[string, string, Record<string, Effect[]>]> = [
  [
    "memory 2025.4.25 (no annotations)",
    "server-memory 2025.4.25",
    {
      add_observations: w,
      create_entities: w,
      create_relations: w,
      delete_entities: ["delete"],
      delete_observations: ["delete"],
      delete_relations: ["delete"],
      open_nodes: r,
      read_graph: r,
      search_nodes: r,
    },
  ],
  [
    "memory 2026.8.31 (annotated)",
    "server-memory 2026.8.31",
    {
      add_observations: w,
      create_entities: w,
      create_relations: w,
      delete_entities: wd,
      delete_observations: wd,
      delete_relations: wd,
      open_nodes: r,
      read_graph: r,
      search_nodes: r,
    },
  ],
  [
    "filesystem 2025.8.21 (no annotations)",
    "server-filesystem 2025.8.21",
    { ...FILESYSTEM_READS, create_directory: w, edit_file: w, move_file: w, write_file: w },
  ],
  [
    "filesystem 2026.8.31 (annotated: edits, moves and writes are destructive)",
    "server-filesystem 2026.8.31",
    { ...FILESYSTEM_READS, create_directory: w, edit_file: wd, move_file: wd, write_file: wd },
  ],
  [
    "everything (all client capabilities)",
    "server-everything, full client",
    {
      echo: r,
      "get-annotated-message": r,
      "get-env": r,
      "get-resource-links": r,
      "get-resource-reference": r,
      "get-roots-list": r,
      "get-structured-content": r,
      "get-sum": r,
      "get-tiny-image": r,
      "gzip-file-as-resource": ["write", "network"],
      "simulate-research-query": ["read", "write"],
      "toggle-simulated-logging": w,
      "toggle-subscriber-updates": w,
      "trigger-elicitation-request": w,
      "trigger-long-running-operation": r,
      "trigger-sampling-request": ["write", "network"],
    },
  ],
  ["sequential thinking", "server-sequential-thinking", { sequentialthinking: r }],
];

describe("effects of the real servers' tools", () => {
  for (const [name, label, expected] of EFFECTS) {
    test(`capabilities of a real server: ${name}`, () => {
      const effects = Object.fromEntries(
        snapshotOf(label).tools.map((t) => [String(t.name), deriveEffects(t).map((c) => c.capability)]),
      );
      assert.deepEqual(effects, expected);
    });
  }
});
