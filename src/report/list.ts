import type { ServerSnapshot } from "../mcp/snapshot.js";
import type { EffectFinding } from "../pin/effects.js";
import { escapeLine } from "../util/unicode.js";
import { displayWidth, pad, truncate, truncateMiddle, widthUpTo, type Style } from "./style.js";

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

/**
 * A server's text as one row of a table shows it: its start only (a description may be megabytes
 * long, and no more than `columns` of it can show), white space run together, escaped.
 */
export function rowText(text: string, columns: number): string {
  const keep = 4 * Math.max(columns, 100) + 1024;
  return escapeLine(text.slice(0, keep).replace(/\s+/g, " ").trim());
}

// A longer name is cut in the table (the snapshot keeps it whole): one server's 100,000-character
// name would otherwise pad every row to its width.
const NAME_WIDTH = 60;
// When a row does not fit, names give way down to this width (cut in the middle, so that names
// sharing a prefix stay apart) before descriptions go below DESC_MIN.
const NAME_MIN = 16;
const DESC_MIN = 24;
const PARAMS_WIDTH = 6;

/**
 * Renders the `mcp list` table fitted to `columns`: no row is wider, so a terminal never wraps
 * one. Descriptions take what is left; when that is too little, long names are cut in the middle
 * first; what is cut ends in an ellipsis, between characters. Strings are escaped.
 */
export function renderList(snapshot: ServerSnapshot, rows: ListRow[], style: Style, columns = 100): string {
  const name = escapeLine(String(snapshot.server.name ?? "(unnamed server)"));
  const version =
    snapshot.server.version === undefined ? "" : ` ${escapeLine(String(snapshot.server.version))}`;
  const facts = `protocol ${escapeLine(snapshot.protocol)}, ${rows.length} tool${rows.length === 1 ? "" : "s"}`;
  const title = truncate(name + version, Math.max(10, columns - displayWidth(facts) - 2));
  const head = `${style.bold(title)}  ${style.dim(truncate(facts, Math.max(0, columns - displayWidth(title) - 2)))}\n`;
  if (rows.length === 0) return head + "  (no tools)\n";
  const cells = rows.map((r) => ({
    name: escapeLine(r.name.length > 4 * NAME_WIDTH ? r.name.slice(0, 4 * NAME_WIDTH) : r.name),
    params: String(r.params),
    caps: r.capabilities.map((c) => c.capability).join(","),
    desc: rowText(r.description, columns),
  }));
  // A loop, not Math.max(...cells): a listing may hold more tools than a call has arguments.
  let wName = 4;
  let wCaps = 12;
  let wDesc = 0;
  for (const c of cells) {
    wName = Math.max(wName, widthUpTo(c.name, NAME_WIDTH));
    wCaps = Math.max(wCaps, displayWidth(c.caps));
    // Only up to DESC_MIN matters below.
    wDesc = Math.max(wDesc, widthUpTo(c.desc, DESC_MIN));
  }
  const fixed = 2 + 2 + PARAMS_WIDTH + 2 + wCaps + 2;
  const wantDesc = Math.min(DESC_MIN, wDesc);
  if (fixed + wName + wantDesc > columns)
    wName = Math.max(Math.min(wName, NAME_MIN), columns - fixed - wantDesc);
  const descWidth = Math.max(0, columns - fixed - wName);
  // On a terminal too narrow for even that, a row is cut at its edge rather than wrapped.
  const row = (n: string, p: string, c: string, d: string) =>
    truncate(`  ${pad(n, wName)}  ${pad(p, PARAMS_WIDTH)}  ${pad(c, wCaps)}  ${d}`.trimEnd(), columns);
  const lines = [
    style.dim(row("TOOL", "PARAMS", "CAPABILITIES", "DESCRIPTION")),
    ...cells.map((c) => row(truncateMiddle(c.name, wName), c.params, c.caps, truncate(c.desc, descWidth))),
  ];
  return head + lines.join("\n") + "\n";
}

/**
 * The line under the table of a lock that leaves tools out (`excluded_tools`): their names, cut to
 * fit `columns`; "" when it leaves none out.
 */
export function renderExcluded(names: readonly string[], style: Style, columns = 100): string {
  if (names.length === 0) return "";
  const label = `excluded by the lock (${names.length}): `;
  return `  ${style.dim(label)}${truncate(names.map(escapeLine).join(", "), Math.max(10, columns - label.length - 2))}\n`;
}
