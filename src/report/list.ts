import type { ServerSnapshot } from "../mcp/snapshot.js";
import type { EffectFinding } from "../pin/effects.js";
import { escapeLine } from "../util/unicode.js";
import { displayWidth, pad, truncate, type Style } from "./style.js";

/** One row of the `mcp list` table. */
export interface ListRow {
  name: string;
  params: number;
  capabilities: EffectFinding[];
  description: string;
}

/** The rows of the `mcp list` table for a snapshot, given each tool's capabilities. */
export function listRows(snapshot: ServerSnapshot, caps: (toolIndex: number) => EffectFinding[]): ListRow[] {
  return snapshot.tools.map((tool, i) => {
    const schema = tool.inputSchema as { properties?: unknown } | undefined;
    const props =
      schema && typeof schema.properties === "object" && schema.properties !== null ? schema.properties : {};
    return {
      name: typeof tool.name === "string" ? tool.name : JSON.stringify(tool.name ?? null),
      params: Object.keys(props).length,
      capabilities: caps(i),
      description: typeof tool.description === "string" ? tool.description : "",
    };
  });
}

// A longer name is cut in the table (the snapshot keeps it whole): one server's 100,000-character
// name would otherwise pad every row to its width.
const NAME_WIDTH = 60;

/** Renders the `mcp list` table; descriptions are cut to fit `columns`. Strings are escaped. */
export function renderList(snapshot: ServerSnapshot, rows: ListRow[], style: Style, columns = 100): string {
  const name = escapeLine(String(snapshot.server.name ?? "(unnamed server)"));
  const version =
    snapshot.server.version === undefined ? "" : ` ${escapeLine(String(snapshot.server.version))}`;
  const head = `${style.bold(name + version)}  ${style.dim(`protocol ${escapeLine(snapshot.protocol)}, ${rows.length} tool${rows.length === 1 ? "" : "s"}`)}\n`;
  if (rows.length === 0) return head + "  (no tools)\n";
  // Only the start of a description can show in its column: a server's may be megabytes long.
  const descKeep = 4 * Math.max(columns, 100) + 1024;
  const cells = rows.map((r) => ({
    name: truncate(escapeLine(r.name), NAME_WIDTH),
    params: String(r.params),
    caps: r.capabilities.map((c) => c.capability).join(","),
    desc: escapeLine(r.description.slice(0, descKeep).replace(/\s+/g, " ").trim()),
  }));
  // A loop, not Math.max(...cells): a listing may hold more tools than a call has arguments.
  let wName = 4;
  let wCaps = 12;
  for (const c of cells) {
    wName = Math.max(wName, displayWidth(c.name));
    wCaps = Math.max(wCaps, displayWidth(c.caps));
  }
  const wParams = 6;
  const descWidth = Math.max(20, columns - (2 + wName + 2 + wParams + 2 + wCaps + 2));
  const lines = [
    style.dim(
      `  ${pad("TOOL", wName)}  ${pad("PARAMS", wParams)}  ${pad("CAPABILITIES", wCaps)}  DESCRIPTION`,
    ),
    ...cells.map(
      (c) =>
        `  ${pad(c.name, wName)}  ${pad(c.params, wParams)}  ${pad(c.caps, wCaps)}  ${truncate(c.desc, descWidth)}`,
    ),
  ];
  return head + lines.join("\n") + "\n";
}
