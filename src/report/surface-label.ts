import { SURFACE_KIND, type SurfaceRef } from "../mcp/surface.js";

/** `prompt 'summarise_page'`, `resource template 'wiki://pages/{slug}'`: not yet escaped. */
export function itemLabel(item: SurfaceRef): string {
  return `${SURFACE_KIND[item.kind].label} '${item.key}'`;
}

/**
 * Who a finding is about, for a person: the tool's name, `prompt summarise_page` for an item, or
 * `server` for the rest. Not yet escaped.
 */
export function subjectOf(f: { tool: string | null; item?: SurfaceRef }, server = "(server)"): string {
  return f.tool ?? (f.item ? itemName(f.item) : server);
}

/** `prompt summarise_page`: the kind and key without quotes, for columns and headings; not yet escaped. */
export function itemName(item: SurfaceRef): string {
  return `${SURFACE_KIND[item.kind].label} ${item.key}`;
}
