import { test } from "node:test";
import assert from "node:assert/strict";
import { MCPStdioClient } from "../../src/mcp/stdio-client.js";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import { deriveEffects, type Effect } from "../../src/pin/effects.js";
import type { ClientCapabilityName } from "../../src/mcp/client-capabilities.js";

async function capabilitiesOf(argv: string[], clientCapabilities: ClientCapabilityName[] = []) {
  await using client = await MCPStdioClient.connect(argv, { timeout: 30, clientCapabilities });
  const snapshot = await ServerSnapshot.fromClient(client);
  return Object.fromEntries(
    snapshot.tools.map((t) => [String(t.name), deriveEffects(t).map((c) => c.capability)]),
  );
}

const r: Effect[] = ["read"];
const w: Effect[] = ["write"];
const wd: Effect[] = ["write", "delete"];

// Every tool of each real server, with what it must get: no false delete, exec or network.
const SERVERS: Array<[string, string[], Record<string, Effect[]>, ClientCapabilityName[]?]> = [
  [
    "memory 2025.4.25 (no annotations)",
    ["node_modules/mem2504/dist/index.js"],
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
    ["node_modules/mem2608/dist/index.js"],
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
    ["node_modules/fs2025/dist/index.js", "."],
    {
      create_directory: w,
      directory_tree: r,
      edit_file: w,
      get_file_info: r,
      list_allowed_directories: r,
      list_directory: r,
      list_directory_with_sizes: r,
      move_file: w,
      read_file: r,
      read_media_file: r,
      read_multiple_files: r,
      read_text_file: r,
      search_files: r,
      write_file: w,
    },
  ],
  [
    "filesystem 2026.8.31 (annotated: edits, moves and writes are destructive)",
    ["node_modules/fs2026/dist/index.js", "."],
    {
      create_directory: w,
      directory_tree: r,
      edit_file: wd,
      get_file_info: r,
      list_allowed_directories: r,
      list_directory: r,
      list_directory_with_sizes: r,
      move_file: wd,
      read_file: r,
      read_media_file: r,
      read_multiple_files: r,
      read_text_file: r,
      search_files: r,
      write_file: wd,
    },
  ],
  [
    "everything (all client capabilities)",
    ["node_modules/@modelcontextprotocol/server-everything/dist/index.js"],
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
    ["elicitation", "roots", "sampling"],
  ],
  [
    "sequential thinking",
    ["node_modules/@modelcontextprotocol/server-sequential-thinking/dist/index.js"],
    { sequentialthinking: r },
  ],
];

for (const [label, args, expected, client] of SERVERS) {
  test(`capabilities of a real server: ${label}`, async () => {
    assert.deepEqual(await capabilitiesOf([process.execPath, ...args], client), expected);
  });
}
