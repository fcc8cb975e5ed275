// A snapshot for a test: a server "s" 1 on protocol 2025-11-25 with no capabilities declared and no
// instructions, holding `parts` (tools, and prompts, resource templates or resources when given).
import { ServerSnapshot } from "../../src/mcp/snapshot.js";

type Parts = Pick<ServerSnapshot, "tools"> & Partial<Omit<ServerSnapshot, "kind" | "snapshot_version">>;

/** A snapshot of `parts` with the same server, protocol and empty capabilities every time. */
export function snapshotOf(parts: Parts): ServerSnapshot {
  return ServerSnapshot.of({
    server: { name: "s", version: "1" },
    protocol: "2025-11-25",
    capabilities: {},
    client_capabilities: [],
    instructions: null,
    ...parts,
  });
}
