import { SURFACE_KIND, type SurfaceRef } from "../mcp/surface.js";

/** `prompt 'summarise_page'`, `resource template 'wiki://pages/{slug}'`: not yet escaped. */
export function itemLabel(item: SurfaceRef): string {
  return `${SURFACE_KIND[item.kind].label} '${item.key}'`;
}

/** `prompt summarise_page`: the kind and key without quotes, for columns and headings; not yet escaped. */
export function itemName(item: SurfaceRef): string {
  return `${SURFACE_KIND[item.kind].label} ${item.key}`;
}
