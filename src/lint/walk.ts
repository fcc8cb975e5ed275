// Walking JSON Schemas and tool definitions: every subschema with its path and the role it plays,
// and every string with its path. Written for hostile input: depth-limited and cycle-safe.

/** A plain JSON object (not an array, not null). */
export type JsonObject = Record<string, unknown>;

import { isObject } from "../util/json.js";

export { isObject };

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `base.key`, or `base["odd key"]` when the key is not a plain identifier. */
export function childPath(base: string, key: string | number): string {
  if (typeof key === "number") return `${base}[${key}]`;
  if (IDENT.test(key)) return base ? `${base}.${key}` : key;
  return `${base}[${JSON.stringify(key)}]`;
}

/** What a subschema is to its parent. */
export type SchemaRole = "root" | "property" | "items" | "combinator" | "definition" | "other";

/** One subschema found by {@link walkSchema}. */
export interface SchemaNode {
  schema: unknown;
  path: string;
  role: SchemaRole;
  /** The property name, when role is `property`. */
  key?: string;
}

// Deeper than this is no schema a person wrote; stop rather than overflow the stack.
const MAX_DEPTH = 64;

const SINGLE: ReadonlyArray<[string, SchemaRole]> = [
  ["additionalProperties", "other"],
  ["unevaluatedProperties", "other"],
  ["propertyNames", "other"],
  ["contains", "other"],
  ["additionalItems", "other"],
  ["unevaluatedItems", "other"],
  ["not", "combinator"],
  ["if", "combinator"],
  ["then", "combinator"],
  ["else", "combinator"],
];
const LISTS: ReadonlyArray<[string, SchemaRole]> = [
  ["anyOf", "combinator"],
  ["oneOf", "combinator"],
  ["allOf", "combinator"],
  ["prefixItems", "items"],
];
const MAPS: ReadonlyArray<[string, SchemaRole]> = [
  ["properties", "property"],
  ["patternProperties", "other"],
  ["dependentSchemas", "other"],
  ["$defs", "definition"],
  ["definitions", "definition"],
];

/** Every subschema of `root` (itself first), in document order. */
export function walkSchema(root: unknown, rootPath: string): SchemaNode[] {
  const out: SchemaNode[] = [];
  const seen = new Set<object>();
  const visit = (node: SchemaNode, depth: number) => {
    out.push(node);
    const s = node.schema;
    if (!isObject(s) || depth >= MAX_DEPTH || seen.has(s)) return;
    seen.add(s);
    const at = (key: string) => childPath(node.path, key);
    for (const [k, role] of SINGLE) {
      if (k in s) visit({ schema: s[k], path: at(k), role }, depth + 1);
    }
    if ("items" in s) {
      const items = s.items;
      if (Array.isArray(items)) {
        items.forEach((v, i) =>
          visit({ schema: v, path: childPath(at("items"), i), role: "items" }, depth + 1),
        );
      } else visit({ schema: items, path: at("items"), role: "items" }, depth + 1);
    }
    for (const [k, role] of LISTS) {
      const list = s[k];
      if (Array.isArray(list))
        list.forEach((v, i) => visit({ schema: v, path: childPath(at(k), i), role }, depth + 1));
    }
    for (const [k, role] of MAPS) {
      const map = s[k];
      if (!isObject(map)) continue;
      for (const name of Object.keys(map)) {
        visit({ schema: map[name], path: childPath(at(k), name), role, key: name }, depth + 1);
      }
    }
  };
  visit({ schema: root, path: rootPath, role: "root" }, 0);
  return out;
}

/** One string inside a value: a key (`isKey`) or a string value, with its path. */
export interface StringAt {
  text: string;
  path: string;
  isKey: boolean;
}

/** Every string in a JSON value, keys included, in document order. */
export function walkStrings(value: unknown, path: string): StringAt[] {
  const out: StringAt[] = [];
  const seen = new Set<object>();
  const visit = (v: unknown, p: string, depth: number) => {
    if (typeof v === "string") {
      out.push({ text: v, path: p, isKey: false });
      return;
    }
    if (typeof v !== "object" || v === null || depth >= MAX_DEPTH || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) {
      v.forEach((x, i) => visit(x, childPath(p, i), depth + 1));
      return;
    }
    for (const k of Object.keys(v)) {
      const kp = childPath(p, k);
      out.push({ text: k, path: kp, isKey: true });
      visit((v as JsonObject)[k], kp, depth + 1);
    }
  };
  visit(value, path, 0);
  return out;
}
