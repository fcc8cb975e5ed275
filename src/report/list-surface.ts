import type { ServerSnapshot } from "../mcp/snapshot.js";
import { SURFACE_KINDS, surfaceItemKey, type RawSurfaceItem, type SurfaceKindInfo } from "../mcp/surface.js";
import { escapeLine } from "../util/unicode.js";
import { displayWidth, pad, truncate, type Style } from "./style.js";

const HEADINGS = { prompt: "Prompts", resource_template: "Resource templates", resource: "Resources" };
// A column of keys wider than this is cut, so a long URI cannot push descriptions off the screen.
const MAX_KEY = 48;

const text = (v: unknown) => (typeof v === "string" ? escapeLine(v.replace(/\s+/g, " ").trim()) : "");

// Prompts: the names of their arguments (required ones starred); templates and resources: their name.
function middle(info: SurfaceKindInfo, item: RawSurfaceItem): string {
  if (info.kind !== "prompt") return text(item.name);
  const args = Array.isArray(item.arguments) ? (item.arguments as unknown[]) : [];
  return args
    .map((a) => {
      const arg = (typeof a === "object" && a !== null ? a : {}) as Record<string, unknown>;
      return `${text(arg.name) || "?"}${arg.required === true ? "*" : ""}`;
    })
    .join(", ");
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
      key: truncate(escapeLine(surfaceItemKey(info, item)), MAX_KEY),
      mid: truncate(middle(info, item), 32),
      desc: text(item.description),
    }));
    const wKey = Math.max(...rows.map((r) => displayWidth(r.key)));
    const wMid = Math.max(0, ...rows.map((r) => displayWidth(r.mid)));
    const descWidth = Math.max(20, columns - (2 + wKey + 2 + wMid + 2));
    for (const r of rows) {
      const cells = [pad(r.key, wKey), ...(wMid ? [pad(r.mid, wMid)] : []), truncate(r.desc, descWidth)];
      out.push(`  ${cells.join("  ")}`.trimEnd());
    }
  }
  return out.length ? out.join("\n") + "\n" : "";
}
