// The kinds of item a lock pins and the guard judges, described once: the guard's listing, its
// check of every list answer and its gate on calls are written against this table, not per kind.
import { SURFACE_KINDS, surfaceItemKey, type SurfaceKind, type SurfaceKey } from "../mcp/surface.js";
import type { RawTool } from "../mcp/types.js";
import { toolName, type Lock } from "../pin/lock.js";
import type { PinRule } from "../pin/verify.js";

/** What a lock pins that a client can list: tools, prompts, resource templates, resources. */
export type ItemKind = "tool" | SurfaceKind;

/** How one kind appears on the wire and in the lock. */
export interface KindSpec {
  kind: ItemKind;
  /** The lock's (and snapshot's) key. */
  lockKey: "tools" | SurfaceKey;
  /** The server capability that announces the kind. */
  capability: string;
  listMethod: string;
  /** The key of the list answer that holds the items. */
  resultKey: string;
  /** The request that uses one item by `params.name`, if the kind has one the guard gates. */
  useMethod?: string;
  /** The notification that says the list changed. */
  listChanged: string;
  /** The rule of an item the lock lacks. */
  addedRule: PinRule;
  /** The key an item is locked under (a tool's or prompt's name, a template's uriTemplate, ...). */
  keyOf(item: Record<string, unknown>): string;
}

const USE: Partial<Record<SurfaceKind, string>> = { prompt: "prompts/get" };

/** Every kind the guard judges: tools always, the others where the lock pins them. */
export const KINDS: readonly KindSpec[] = [
  {
    kind: "tool",
    lockKey: "tools",
    capability: "tools",
    listMethod: "tools/list",
    resultKey: "tools",
    useMethod: "tools/call",
    listChanged: "notifications/tools/list_changed",
    addedRule: "pin-tool-added",
    keyOf: (item) => toolName(item as RawTool),
  },
  ...SURFACE_KINDS.map((info): KindSpec => ({
    kind: info.kind,
    lockKey: info.key,
    capability: info.capability,
    listMethod: info.method,
    resultKey: info.field,
    useMethod: USE[info.kind],
    listChanged: `notifications/${info.capability}/list_changed`,
    addedRule: info.kind === "prompt" ? "pin-prompt-added" : "pin-resource-added",
    keyOf: (item) => surfaceItemKey(info, item),
  })),
];

/**
 * The kinds a lock pins: tools, prompts and resource templates (a lock without one was made while
 * the server had none, so any that appear are new), and resources when the lock holds them.
 */
export function pinnedKinds(lock: Lock): KindSpec[] {
  return KINDS.filter((k) => k.kind !== "resource" || lock[k.lockKey] !== undefined);
}

/** The lock pins resource templates: reads through them are matched against their URI templates. */
export function pinsTemplates(lock: Lock): boolean {
  return lock.resource_templates !== undefined;
}
