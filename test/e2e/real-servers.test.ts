// Published MCP servers (devDependencies): the snapshot's tools are exactly what the server wrote
// on the wire, as an independent raw client records it.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { LATEST_LEGACY_PROTOCOL_VERSION } from "../../src/meta.js";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { captureToolsList } from "../support/raw-client.js";

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
// Each server's snapshot, by label, for the comparisons across servers after the listings.
const listed = new Map<string, Snapshot>();

describe("real servers: the snapshot holds the tools exactly as sent", () => {
  for (const [label, argv, caps, count] of SERVERS) {
    test(label, async () => {
      const capabilities = Object.fromEntries(
        (caps?.split(",") ?? []).map((c) => [c, c === "roots" ? { listChanged: false } : {}]),
      );
      const [run, wire] = await Promise.all([
        runCli(
          ["mcp", "list", quote(argv), "--json", "-", ...(caps ? ["--client-capabilities", caps] : [])],
          {
            env,
          },
        ),
        captureToolsList(argv, { capabilities, env, protocolVersion: LATEST_LEGACY_PROTOCOL_VERSION }),
      ]);
      assert.equal(run.code, 0, run.stderr);
      const snap = JSON.parse(run.stdout) as Snapshot;
      listed.set(label, snap);
      assert.equal(snap.tools.length, count);
      assert.deepEqual(snap.tools, [...wire.tools].sort(byName));
      assert.deepEqual(snap.server, wire.initialize.serverInfo);
      assert.equal(snap.protocol, wire.initialize.protocolVersion);
      assert.deepEqual(snap.client_capabilities, caps?.split(",").sort() ?? []);
    });
  }

  test("the two server-memory versions negotiate different protocols", () => {
    const a = listed.get("server-memory 2025.4.25");
    const b = listed.get("server-memory 2026.8.31");
    assert.ok(a && b, "both versions were listed above");
    assert.equal(a.protocol, "2024-11-05");
    assert.equal(b.protocol, LATEST_LEGACY_PROTOCOL_VERSION);
    assert.deepEqual(
      a.tools.map((t) => t.name),
      b.tools.map((t) => t.name),
    );
  });
});
