// Walking JSON Schemas and tool definitions: every subschema with its path and the role it plays,
// and every string with its path. Written for hostile input: iterative and cycle-safe.

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

const SHORT_PATH = 60;

/**
 * A long path shortened for people (the exact one stays in JSON): `.properties` dropped, `.items`
 * written `[]`, and, if it is still long, the middle elided:
 * `inputSchema.pipeline[]…$vectorSearch.filter.description`. A path of up to 60 characters is
 * returned as it is.
 */
export function shortPath(path: string): string {
  if (path.length <= SHORT_PATH) return path;
  const terse = path.replace(/\.properties(?=[.[])/g, "").replace(/\.items(?=[.[]|$)/g, "[]");
  if (terse.length <= SHORT_PATH) return terse;
  // Split where a segment starts (a dot, or a bracket not closing `[]`); keep the first two and
  // the last three.
  const parts = terse.split(/(?=\.|\[(?!\]))/);
  if (parts.length <= 5) return terse;
  const head = parts[0]! + parts[1]!;
  let from = parts.length - 3;
  if (parts[from]!.startsWith("[") && from > 2) from--;
  const tail = parts.slice(from).join("").replace(/^\./, "");
  return `${head}…${tail}`;
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

/**
 * Every subschema of `root` (itself first), in document order. The walk keeps its own stack: a
 * server's schema may nest deeper than the call stack could follow.
 */
export function walkSchema(root: unknown, rootPath: string): SchemaNode[] {
  const out: SchemaNode[] = [];
  const seen = new Set<object>();
  const stack: SchemaNode[] = [{ schema: root, path: rootPath, role: "root" }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node);
    const s = node.schema;
    if (!isObject(s) || seen.has(s)) continue;
    seen.add(s);
    const children: SchemaNode[] = [];
    const at = (key: string) => childPath(node.path, key);
    for (const [k, role] of SINGLE) {
      if (Object.hasOwn(s, k)) children.push({ schema: s[k], path: at(k), role });
    }
    if (Object.hasOwn(s, "items")) {
      const items = s.items;
      if (Array.isArray(items)) {
        for (let i = 0; i < items.length; i++)
          children.push({ schema: items[i], path: childPath(at("items"), i), role: "items" });
      } else children.push({ schema: items, path: at("items"), role: "items" });
    }
    for (const [k, role] of LISTS) {
      const list = Object.hasOwn(s, k) ? s[k] : undefined;
      if (!Array.isArray(list)) continue;
      for (let i = 0; i < list.length; i++)
        children.push({ schema: list[i], path: childPath(at(k), i), role });
    }
    for (const [k, role] of MAPS) {
      const map = Object.hasOwn(s, k) ? s[k] : undefined;
      if (!isObject(map)) continue;
      for (const name of Object.keys(map)) {
        children.push({ schema: map[name], path: childPath(at(k), name), role, key: name });
      }
    }
    // Last child first onto the stack, so the first comes off first: document order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
}

/** One string inside a value: a key (`isKey`) or a string value, with its path. */
export interface StringAt {
  text: string;
  path: string;
  isKey: boolean;
}

/** Every string in a JSON value, keys included, in document order, without recursion. */
export function walkStrings(value: unknown, path: string): StringAt[] {
  const out: StringAt[] = [];
  const seen = new Set<object>();
  // An entry with `key` set is a key to report; one without is a value to visit.
  const stack: Array<{ v: unknown; p: string; key?: string }> = [{ v: value, p: path }];
  while (stack.length > 0) {
    const { v, p, key } = stack.pop()!;
    if (key !== undefined) {
      out.push({ text: key, path: p, isKey: true });
      continue;
    }
    if (typeof v === "string") {
      out.push({ text: v, path: p, isKey: false });
      continue;
    }
    if (typeof v !== "object" || v === null || seen.has(v)) continue;
    seen.add(v);
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], p: childPath(p, i) });
      continue;
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i]!;
      const kp = childPath(p, k);
      stack.push({ v: (v as JsonObject)[k], p: kp });
      stack.push({ v: undefined, p: kp, key: k });
    }
  }
  return out;
}
