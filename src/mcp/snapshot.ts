import { readJsonFile, toPrettyJson, writePiecesAtomic } from "../util/fs.js";
import { prettyJsonPieces } from "../util/json-out.js";
import { checkJsonNumbers, numberOutOfRange } from "../util/json-range.js";
import { ToolscoreError } from "../util/errors.js";
import type { MCPClient } from "./client.js";
import { CLIENT_CAPABILITY_NAMES, type ClientCapabilityName } from "./client-capabilities.js";
import type { RawTool } from "./types.js";
import { compareCodeUnits } from "../util/order.js";
import {
  listSurface,
  parseSurfaceLists,
  parseUnlisted,
  sortSurfaceLists,
  SURFACE_KINDS,
  type SurfaceLists,
  type UnlistedKinds,
} from "./surface.js";
import { nameText, nonFiniteAt } from "../util/json.js";
import { checkDepth, checkNames } from "./bounds.js";

/** The `kind` of a snapshot file. */
export const SNAPSHOT_KIND = "toolscore.mcp-snapshot";
/** The snapshot format version this toolscore writes and reads. */
export const SNAPSHOT_VERSION = "1";

/**
 * What a server showed a client: its serverInfo, the negotiated protocol, its capabilities and
 * instructions, and its tools sorted by name and otherwise exactly as sent. Plain JSON data: every
 * part of toolscore but the connection layer works on this, never on a live client.
 */
export interface ServerSnapshot {
  kind: typeof SNAPSHOT_KIND;
  snapshot_version: typeof SNAPSHOT_VERSION;
  server: Record<string, unknown>;
  protocol: string;
  capabilities: Record<string, unknown>;
  client_capabilities: ClientCapabilityName[];
  instructions: string | null;
  tools: RawTool[];
  /**
   * Prompts (sorted by name), resource templates (by uriTemplate) and resources (by uri), exactly
   * as sent; a kind is present only when the server declared its capability.
   */
  prompts?: SurfaceLists["prompts"];
  resource_templates?: SurfaceLists["resource_templates"];
  resources?: SurfaceLists["resources"];
  /** The kinds the server declares but answered with an error when listed: not listed, not empty. */
  unlisted?: UnlistedKinds;
}

/** Where a note goes when nobody else hears it: a line on stderr. */
export function writeNote(message: string): void {
  process.stderr.write(`toolscore: note: ${message}\n`);
}

/** Sorts tools by name (UTF-16 code units), keeping the server's order among equal names. */
export function sortTools(tools: readonly RawTool[]): RawTool[] {
  // Names are made text once: a listing may hold hundreds of thousands of tools.
  const keyed = tools.map((t, i) => ({ t, i, k: nameText(t.name) }));
  keyed.sort((a, b) => compareCodeUnits(a.k, b.k) || a.i - b.i);
  return keyed.map((x) => x.t);
}

/** Builds, reads, writes and checks snapshots. */
export const ServerSnapshot = {
  /** Builds a snapshot from plain parts; tools are sorted by name. */
  of(parts: Omit<ServerSnapshot, "kind" | "snapshot_version">): ServerSnapshot {
    checkDepth(parts);
    checkNames(parts);
    // The kinds beside tools come last, and only when present: a tools-only snapshot keeps its bytes.
    return {
      kind: SNAPSHOT_KIND,
      snapshot_version: SNAPSHOT_VERSION,
      server: parts.server,
      protocol: parts.protocol,
      capabilities: parts.capabilities,
      client_capabilities: [...parts.client_capabilities].sort(),
      instructions: parts.instructions,
      tools: sortTools(parts.tools),
      ...sortSurfaceLists(parts),
      ...(parts.unlisted && Object.keys(parts.unlisted).length ? { unlisted: parts.unlisted } : {}),
    };
  },

  /**
   * Lists a live server's tools, and its prompts, resource templates and resources when it declares
   * them (all pages), and returns its snapshot. `onNote` hears what was noticed but is not fatal.
   */
  async fromClient(
    client: MCPClient,
    opts: { onNote?: (message: string) => void } = {},
  ): Promise<ServerSnapshot> {
    // Tools and the other lists are asked for at once, so that their round trips overlap; a failure
    // of tools/list is reported first, and notes only after tools were listed.
    const notes: string[] = [];
    const [listed, other] = await Promise.allSettled([
      client.listTools(),
      listSurface(
        (method, params) => client.request(method, params),
        client.info.capabilities,
        (m) => notes.push(m),
      ),
    ]);
    if (listed.status === "rejected") throw listed.reason;
    const onNote = opts.onNote ?? writeNote;
    for (const note of notes) onNote(note);
    if (other.status === "rejected") throw other.reason;
    const tools = listed.value;
    const surface = other.value;
    return ServerSnapshot.of({
      server: client.info.serverInfo,
      protocol: client.info.protocolVersion,
      capabilities: client.info.capabilities,
      client_capabilities: [...client.clientCapabilities],
      instructions: client.info.instructions,
      tools,
      ...surface,
    });
  },

  /** The file text: two-space JSON, fixed key order, trailing newline. Same snapshot, same bytes. */
  serialize(snapshot: ServerSnapshot): string {
    checkSnapshotNumbers(snapshot);
    return toPrettyJson(ServerSnapshot.of(snapshot));
  },

  /** The file text as pieces in order (a long string is never copied into one text). */
  pieces(snapshot: ServerSnapshot): string[] {
    checkSnapshotNumbers(snapshot);
    return prettyJsonPieces(ServerSnapshot.of(snapshot));
  },

  /** Writes a snapshot file atomically; a long string is written without copies. */
  write(path: string, snapshot: ServerSnapshot): void {
    writePiecesAtomic(path, ServerSnapshot.pieces(snapshot));
  },

  /** Reads and checks a snapshot file. */
  read(path: string): ServerSnapshot {
    return ServerSnapshot.parse(readJsonFile(path, "snapshot"), path);
  },

  /** Checks parsed JSON as a snapshot; `source` names it in errors. */
  parse(data: unknown, source = "the snapshot"): ServerSnapshot {
    const bad = (why: string) =>
      new ToolscoreError("FILE_INVALID", `${source} is not a valid snapshot: ${why}`, { path: source });
    if (typeof data !== "object" || data === null || Array.isArray(data))
      throw bad("it is not a JSON object");
    const d = data as Record<string, unknown>;
    if (d.kind !== SNAPSHOT_KIND) {
      throw new ToolscoreError(
        "FILE_INVALID",
        `${source} is not a snapshot (kind ${JSON.stringify(d.kind ?? null)}, expected "${SNAPSHOT_KIND}")`,
        { path: source, problem: "snapshot-kind" },
      );
    }
    if (d.snapshot_version !== SNAPSHOT_VERSION) {
      throw bad(
        `snapshot_version ${JSON.stringify(d.snapshot_version ?? null)} is not supported (this toolscore reads "${SNAPSHOT_VERSION}")`,
      );
    }
    if (typeof d.server !== "object" || d.server === null || Array.isArray(d.server))
      throw bad('"server" is not an object');
    if (typeof d.protocol !== "string") throw bad('"protocol" is not a string');
    if (
      d.capabilities !== undefined &&
      (typeof d.capabilities !== "object" || d.capabilities === null || Array.isArray(d.capabilities))
    )
      throw bad('"capabilities" is not an object');
    if (d.instructions !== null && d.instructions !== undefined && typeof d.instructions !== "string")
      throw bad('"instructions" is neither a string nor null');
    const cc = d.client_capabilities ?? [];
    if (!Array.isArray(cc) || !cc.every((c) => CLIENT_CAPABILITY_NAMES.includes(c as ClientCapabilityName)))
      throw bad('"client_capabilities" is not a list of roots, sampling, elicitation');
    if (!Array.isArray(d.tools)) throw bad('"tools" is not a list');
    d.tools.forEach((t, i) => {
      if (typeof t !== "object" || t === null || Array.isArray(t)) throw bad(`tools[${i}] is not an object`);
    });
    return ServerSnapshot.of({
      server: d.server as Record<string, unknown>,
      protocol: d.protocol,
      capabilities: (d.capabilities as Record<string, unknown> | undefined) ?? {},
      client_capabilities: cc as ClientCapabilityName[],
      instructions: (d.instructions as string | null | undefined) ?? null,
      tools: d.tools as RawTool[],
      ...parseSurfaceLists(d, bad),
      ...parseUnlisted(d, bad),
    });
  },
};

/**
 * Refuses a snapshot holding a number JSON cannot hold (`1e400` read as Infinity) anywhere the
 * server put one: written, it would read back as `null`, not what the server sent.
 */
function checkSnapshotNumbers(snapshot: ServerSnapshot): void {
  for (const [holder, value] of [
    ["serverInfo", snapshot.server],
    ["the server's capabilities", snapshot.capabilities],
  ] as const) {
    const at = nonFiniteAt(value);
    if (at !== undefined) throw numberOutOfRange(holder, at || "(the value itself)");
  }
  checkJsonNumbers(snapshot.tools);
  for (const info of SURFACE_KINDS) {
    const list = snapshot[info.key] as readonly unknown[] | undefined;
    if (list) checkJsonNumbers(list, info.label, (item) => item[info.id]);
  }
}
