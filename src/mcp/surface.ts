// The rest of a server's surface beside its tools: prompts, resource templates and resources. Listed
// through a narrow "request this method" function, so the listing does not depend on how the
// connection is made.
import { ToolscoreError } from "../util/errors.js";
import { compareCodeUnits } from "../util/order.js";
import { escapeLine } from "../util/unicode.js";
import { ListingBounds } from "./bounds.js";

/** A prompt, resource template or resource exactly as the server sent it: every field, unknown ones too. */
export type RawSurfaceItem = Record<string, unknown>;

/** The kinds of surface item beside tools, as findings name them. */
export type SurfaceKind = "prompt" | "resource_template" | "resource";

/** Where a finding points when it is about a prompt, resource template or resource. */
export interface SurfaceRef {
  kind: SurfaceKind;
  /** The prompt's name, the template's uriTemplate or the resource's uri. */
  key: string;
}

/** The snapshot and lock key of each kind. */
export type SurfaceKey = "prompts" | "resource_templates" | "resources";

/** How one kind is listed, keyed and named. */
export interface SurfaceKindInfo {
  kind: SurfaceKind;
  /** The snapshot and lock key. */
  key: SurfaceKey;
  /** The server capability that must be declared for the kind to be asked for. */
  capability: "prompts" | "resources";
  method: "prompts/list" | "resources/templates/list" | "resources/list";
  /** The array in the answer. */
  field: "prompts" | "resourceTemplates" | "resources";
  /** The field that identifies an item, which lists are sorted by. */
  id: "name" | "uriTemplate" | "uri";
  /** How a person calls one item. */
  label: string;
}

/** The three kinds, in the order snapshots and locks write them. */
export const SURFACE_KINDS: readonly SurfaceKindInfo[] = [
  {
    kind: "prompt",
    key: "prompts",
    capability: "prompts",
    method: "prompts/list",
    field: "prompts",
    id: "name",
    label: "prompt",
  },
  {
    kind: "resource_template",
    key: "resource_templates",
    capability: "resources",
    method: "resources/templates/list",
    field: "resourceTemplates",
    id: "uriTemplate",
    label: "resource template",
  },
  {
    kind: "resource",
    key: "resources",
    capability: "resources",
    method: "resources/list",
    field: "resources",
    id: "uri",
    label: "resource",
  },
];

/** The kind info by kind. */
export const SURFACE_KIND: Record<SurfaceKind, SurfaceKindInfo> = Object.fromEntries(
  SURFACE_KINDS.map((k) => [k.kind, k]),
) as Record<SurfaceKind, SurfaceKindInfo>;

/** An item's key: its id field as a string, or the JSON of an id that is not one. */
export function surfaceItemKey(info: SurfaceKindInfo, item: RawSurfaceItem): string {
  const id = item[info.id];
  return typeof id === "string" ? id : JSON.stringify(id ?? null);
}

/** Sorts items by their id field (UTF-16 code units), keeping the server's order among equals. */
export function sortSurfaceItems(info: SurfaceKindInfo, items: readonly RawSurfaceItem[]): RawSurfaceItem[] {
  return [...items].sort((a, b) => compareCodeUnits(surfaceItemKey(info, a), surfaceItemKey(info, b)));
}

/** The lists of a snapshot beside its tools; a kind the server did not declare is left out. */
export interface SurfaceLists {
  prompts?: RawSurfaceItem[];
  resource_templates?: RawSurfaceItem[];
  resources?: RawSurfaceItem[];
}

/**
 * A kind the server declares but answered with an error when it was listed (a database it cannot
 * reach): not listed, and so never taken for empty. Only the JSON-RPC error code is kept: the
 * message is the server's text, which may name hosts or credentials.
 */
export interface UnlistedKind {
  code: number;
}

/** Per kind key, the kinds that could not be listed. */
export type UnlistedKinds = Partial<Record<SurfaceKey, UnlistedKind>>;

/** The answer to one request: the raw result, or the JSON-RPC error. */
export type SurfaceOutcome =
  { result: Record<string, unknown> } | { error: { code: number; message: string; data?: unknown } };

/** The one thing listing needs of a live server: send a request and get its raw answer. */
export type RequestMethod = (method: string, params?: Record<string, unknown>) => Promise<SurfaceOutcome>;

const METHOD_NOT_FOUND = -32601;

/**
 * Lists a server's prompts, resource templates and resources, each only when the server declared
 * its capability (`prompts`, `resources`), following every `nextCursor` page; a cursor that
 * repeats is an error. A declared kind whose method the server does not know (JSON-RPC -32601) is
 * an empty list, and `onNote` says so; a kind answered with any other error is not listed (left
 * out of the lists, and named in `unlisted`), and `onNote` says so too. Items are sorted and
 * otherwise exactly as sent. The kinds are listed at once, each following its own pages, so that
 * their round trips overlap; notes and the failure reported come in the kinds' fixed order,
 * whichever answer came first.
 */
export async function listSurface(
  request: RequestMethod,
  capabilities: Record<string, unknown>,
  onNote: (message: string) => void = () => {},
): Promise<SurfaceLists & { unlisted?: UnlistedKinds }> {
  const kinds = SURFACE_KINDS.filter((info) => Object.hasOwn(capabilities, info.capability));
  const settled = await Promise.allSettled(
    kinds.map(async (info) => {
      const notes: string[] = [];
      const items = await listAll(request, info, (m) => notes.push(m));
      return { info, items, notes };
    }),
  );
  const out: SurfaceLists & { unlisted?: UnlistedKinds } = {};
  for (const s of settled) {
    if (s.status === "rejected") throw s.reason;
    for (const note of s.value.notes) onNote(note);
    const { info, items } = s.value;
    if (Array.isArray(items)) out[info.key] = sortSurfaceItems(info, items);
    else (out.unlisted ??= {})[info.key] = { code: items.code };
  }
  return out;
}

async function listAll(
  request: RequestMethod,
  info: SurfaceKindInfo,
  onNote: (message: string) => void,
): Promise<RawSurfaceItem[] | UnlistedKind> {
  const items: RawSurfaceItem[] = [];
  const seen = new Set<string>();
  const bounds = new ListingBounds(info.method);
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    const outcome = await request(info.method, cursor === undefined ? {} : { cursor });
    if ("error" in outcome) {
      if (outcome.error.code === METHOD_NOT_FOUND && page === 0) {
        onNote(
          `the server declares the ${info.capability} capability but does not know ${info.method}; recorded as no ${info.label}s`,
        );
        return [];
      }
      onNote(
        `the server answered ${info.method} with an error: ${escapeLine(outcome.error.message)} (JSON-RPC error ${outcome.error.code}); its ${info.label}s are not listed`,
      );
      return { code: outcome.error.code };
    }
    const list = outcome.result[info.field];
    if (!Array.isArray(list)) {
      throw new ToolscoreError(
        "PROTOCOL_ERROR",
        `the server's ${info.method} answer has no ${info.field} array`,
        { method: info.method },
      );
    }
    bounds.page(list);
    for (const item of list) {
      if (typeof item !== "object" || item === null || Array.isArray(item)) {
        throw new ToolscoreError(
          "PROTOCOL_ERROR",
          `the server's ${info.method} answer holds an entry that is not an object`,
          { method: info.method },
        );
      }
      items.push(item as RawSurfaceItem);
    }
    const next = outcome.result.nextCursor;
    if (next === undefined || next === null || next === "") return items;
    if (typeof next !== "string") {
      throw new ToolscoreError(
        "PROTOCOL_ERROR",
        `the server sent a ${info.method} nextCursor that is not a string`,
        { method: info.method },
      );
    }
    bounds.cursor(next);
    if (seen.has(next)) {
      throw new ToolscoreError(
        "PROTOCOL_ERROR",
        `the server repeated the ${info.method} cursor ${JSON.stringify(escapeLine(next))}: its pagination loops`,
        { method: info.method, cursor: next },
      );
    }
    seen.add(next);
    cursor = next;
  }
}

/** The lists present in `parts`, each sorted; absent kinds stay absent. */
export function sortSurfaceLists(parts: SurfaceLists): SurfaceLists {
  const out: SurfaceLists = {};
  for (const info of SURFACE_KINDS) {
    const list = parts[info.key];
    if (list !== undefined) out[info.key] = sortSurfaceItems(info, list);
  }
  return out;
}

/**
 * Reads `unlisted` of a snapshot or lock file, when present: per kind key, an object with the
 * numeric JSON-RPC error code. `bad` makes the error.
 */
export function parseUnlisted(
  data: Record<string, unknown>,
  bad: (why: string) => Error,
): { unlisted?: UnlistedKinds } {
  if (!Object.hasOwn(data, "unlisted") || data.unlisted === undefined) return {};
  const u = data.unlisted;
  if (typeof u !== "object" || u === null || Array.isArray(u)) throw bad('"unlisted" is not an object');
  for (const [key, v] of Object.entries(u)) {
    if (!SURFACE_KINDS.some((k) => k.key === key))
      throw bad(`"unlisted" names ${JSON.stringify(key)}, not a kind`);
    const code = (v as { code?: unknown } | null)?.code;
    if (typeof code !== "number") throw bad(`"unlisted"."${key}" has no numeric code`);
  }
  return { unlisted: u as UnlistedKinds };
}

/**
 * Checks the lists of a snapshot file: each kind, when present, is a list of objects. `bad` makes
 * the error that names what is wrong.
 */
export function parseSurfaceLists(data: Record<string, unknown>, bad: (why: string) => Error): SurfaceLists {
  const out: SurfaceLists = {};
  for (const info of SURFACE_KINDS) {
    if (!Object.hasOwn(data, info.key) || data[info.key] === undefined) continue;
    const list = data[info.key];
    if (!Array.isArray(list)) throw bad(`"${info.key}" is not a list`);
    list.forEach((item, i) => {
      if (typeof item !== "object" || item === null || Array.isArray(item))
        throw bad(`${info.key}[${i}] is not an object`);
    });
    out[info.key] = list as RawSurfaceItem[];
  }
  return out;
}
