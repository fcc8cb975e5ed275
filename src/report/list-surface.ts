import type { ServerSnapshot } from "../mcp/snapshot.js";
import { SURFACE_KINDS, surfaceItemKey, type RawSurfaceItem, type SurfaceKindInfo } from "../mcp/surface.js";
import { escapeLine } from "../util/unicode.js";
import { rowText } from "./list.js";
import { displayWidth, pad, truncate, truncateMiddle, type Style } from "./style.js";

const HEADINGS = { prompt: "Prompts", resource_template: "Resource templates", resource: "Resources" };
// A column of keys wider than this is cut, so a long URI cannot push descriptions off the screen.
const MAX_KEY = 48;
const DESC_MIN = 20;
const MID_WIDTH = 32;

// What a row shows of a server's text: its start, escaped (it may be megabytes long).
const text = (v: unknown, columns: number) => (typeof v === "string" ? rowText(v, columns) : "");

// Prompts: the names of their arguments (required ones starred); templates and resources: their
// name. The column is at most 32 wide, so the names are taken only until that is filled.
function middle(info: SurfaceKindInfo, item: RawSurfaceItem): string {
  if (info.kind !== "prompt") return text(item.name, MID_WIDTH);
  const args = Array.isArray(item.arguments) ? (item.arguments as unknown[]) : [];
  const names: string[] = [];
  let length = 0;
  for (const a of args) {
    if (length > 4 * MID_WIDTH) break;
    const arg = (typeof a === "object" && a !== null ? a : {}) as Record<string, unknown>;
    const name = `${text(arg.name, MID_WIDTH) || "?"}${arg.required === true ? "*" : ""}`;
    names.push(name);
    length += name.length + 2;
  }
  return names.join(", ");
}

/**
 * The `mcp list` sections for prompts, resource templates and resources: one per kind the snapshot
 * holds, a line per item (its key, its arguments or name, its description cut to `columns`).
 * Every string from the server is escaped. Empty for a snapshot with none of these kinds.
 */
export function renderSurfaceList(snapshot: ServerSnapshot, style: Style, columns = 100): string {
  const out: string[] = [];
  for (const info of SURFACE_KINDS) {
    const items = snapshot[info.key];
    if (items === undefined) continue;
    out.push("", style.bold(`${HEADINGS[info.kind]} (${items.length})`));
    if (items.length === 0) {
      out.push(`  (no ${info.label}s)`);
      continue;
    }
    const rows = items.map((item) => ({
      // The key is shown as sent (escaped): its start, since at most MAX_KEY columns of it show.
      key: truncate(escapeLine(surfaceItemKey(info, item).slice(0, 4 * MAX_KEY)), MAX_KEY),
      mid: truncate(middle(info, item), MID_WIDTH),
      desc: text(item.description, columns),
    }));
    // Loops, not Math.max(...rows): a server may list more items than a call has arguments.
    let wKey = 0;
    let wMid = 0;
    for (const r of rows) {
      wKey = Math.max(wKey, displayWidth(r.key));
      wMid = Math.max(wMid, displayWidth(r.mid));
    }
    // A row never wraps: the middle column, then the keys, give way before descriptions go
    // below DESC_MIN; a terminal too narrow even then cuts the row at its edge.
    const over = () => 2 + wKey + 2 + (wMid ? wMid + 2 : 0) + DESC_MIN - columns;
    if (wMid && over() > 0) wMid = Math.max(8, wMid - over());
    if (over() > 0) wKey = Math.max(12, wKey - over());
    const descWidth = Math.max(0, columns - (2 + wKey + 2 + (wMid ? wMid + 2 : 0)));
    for (const r of rows) {
      const cells = [
        pad(truncateMiddle(r.key, wKey), wKey),
        ...(wMid ? [pad(truncate(r.mid, wMid), wMid)] : []),
        truncate(r.desc, descWidth),
      ];
      out.push(truncate(`  ${cells.join("  ")}`.trimEnd(), columns));
    }
  }
  return out.length ? out.join("\n") + "\n" : "";
}
