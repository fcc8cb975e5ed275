import { resolveRef } from "../schema/ref.js";
import { isObject } from "../util/json.js";
import type { ParameterChange } from "./types.js";
import { compareCodeUnits } from "../util/order.js";

// Parameters are compared on a summary of each schema node: the JSON types it accepts, its object
// properties, which of them are required, and what its array items look like. Local $refs are
// followed, anyOf/oneOf merge into unions, allOf into intersections of requirements.

type Json = Record<string, unknown>;

interface Node {
  /** Accepted JSON types, sorted; empty when the schema does not say. */
  types: string[];
  properties: Map<string, Json>;
  required: Set<string>;
  /** The schema of array items (one for all items), if any. */
  items?: Json;
}

const MAX_DEPTH = 24;

/** Follows a local `$ref` inside `root` (the schema seam's resolver); anything else stays unresolved. */
function deref(schema: Json, root: Json, seen: Set<string> = new Set()): Json {
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#") || seen.has(ref)) return schema;
  seen.add(ref);
  const target = resolveRef(ref, root);
  if (!isObject(target)) return schema;
  // Keywords beside a $ref still apply (2019-09 and later), so they are laid over the target.
  const { $ref: _ref, ...rest } = schema;
  return deref({ ...target, ...rest }, root, seen);
}

function typesOf(schema: Json): string[] {
  const t = schema.type;
  if (typeof t === "string") return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === "string");
  if ("const" in schema) return [jsonType(schema.const)];
  if (Array.isArray(schema.enum)) return schema.enum.map(jsonType);
  if (isObject(schema.properties)) return ["object"];
  return [];
}

function jsonType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

function summarize(input: Json, root: Json, depth = 0): Node {
  const schema = deref(input, root);
  const node: Node = { types: typesOf(schema), properties: new Map(), required: new Set() };
  if (isObject(schema.properties)) {
    for (const [k, v] of Object.entries(schema.properties)) if (isObject(v)) node.properties.set(k, v);
  }
  if (Array.isArray(schema.required)) {
    for (const r of schema.required) if (typeof r === "string") node.required.add(r);
  }
  if (isObject(schema.items)) node.items = schema.items;
  if (depth < MAX_DEPTH) {
    // A union accepts what any branch accepts; a property is required only if every branch says so.
    for (const key of ["anyOf", "oneOf"] as const) {
      const branches = Array.isArray(schema[key]) ? (schema[key] as unknown[]).filter(isObject) : [];
      if (branches.length === 0) continue;
      const parts = branches.map((b) => summarize(b, root, depth + 1));
      const explicit = node.types.length > 0;
      if (!explicit) node.types = [...new Set(parts.flatMap((p) => p.types))];
      let common: Set<string> | undefined;
      for (const p of parts) {
        for (const [k, v] of p.properties) if (!node.properties.has(k)) node.properties.set(k, v);
        common = common ? new Set([...common].filter((r) => p.required.has(r))) : new Set(p.required);
        node.items ??= p.items;
      }
      for (const r of common ?? []) node.required.add(r);
    }
    // Every allOf branch applies, so each one's requirements add up.
    const all = Array.isArray(schema.allOf) ? (schema.allOf as unknown[]).filter(isObject) : [];
    for (const b of all) {
      const p = summarize(b, root, depth + 1);
      if (node.types.length === 0) node.types = p.types;
      for (const [k, v] of p.properties) if (!node.properties.has(k)) node.properties.set(k, v);
      for (const r of p.required) node.required.add(r);
      node.items ??= p.items;
    }
  }
  node.types = [...new Set(node.types)].sort();
  return node;
}

/** True when every value `before` accepted by type is still accepted by `after`. */
export function typesNarrowed(before: string[], after: string[]): boolean {
  if (before.length === 0 || after.length === 0) return false;
  return before.some((t) => !after.includes(t) && !(t === "integer" && after.includes("number")));
}

const showTypes = (t: string[]) => (t.length === 0 ? "any" : t.join("|"));

/**
 * Compares two tools' inputSchemas parameter by parameter, recursively through nested object
 * properties and array items. Returns the changes sorted by path, then kind.
 */
export function compareParameters(before: unknown, after: unknown): ParameterChange[] {
  const rootA = isObject(before) ? before : {};
  const rootB = isObject(after) ? after : {};
  const out: ParameterChange[] = [];
  walk(rootA, rootB, rootA, rootB, "", out, 0);
  return out.sort((x, y) => compareCodeUnits(x.path, y.path) || compareCodeUnits(x.kind, y.kind));
}

function walk(
  a: Json,
  b: Json,
  rootA: Json,
  rootB: Json,
  path: string,
  out: ParameterChange[],
  depth: number,
) {
  if (depth > MAX_DEPTH) return;
  const na = summarize(a, rootA);
  const nb = summarize(b, rootB);
  const join = (k: string) => (path === "" ? k : `${path}.${k}`);
  const names = [...new Set([...na.properties.keys(), ...nb.properties.keys()])].sort();
  for (const k of names) {
    const pa = na.properties.get(k);
    const pb = nb.properties.get(k);
    const p = join(k);
    if (pa && !pb) {
      out.push({ path: p, kind: "removed" });
      continue;
    }
    if (!pb) continue;
    if (!pa) {
      out.push({ path: p, kind: "added" });
      if (nb.required.has(k)) out.push({ path: p, kind: "required" });
      continue;
    }
    if (nb.required.has(k) && !na.required.has(k)) out.push({ path: p, kind: "required" });
    if (na.required.has(k) && !nb.required.has(k)) out.push({ path: p, kind: "optional" });
    compareNode(pa, pb, rootA, rootB, p, out, depth + 1);
  }
  if (na.items && nb.items) compareNode(na.items, nb.items, rootA, rootB, `${path}[]`, out, depth + 1);
}

function compareNode(
  a: Json,
  b: Json,
  rootA: Json,
  rootB: Json,
  path: string,
  out: ParameterChange[],
  depth: number,
) {
  const ta = summarize(a, rootA).types;
  const tb = summarize(b, rootB).types;
  if (showTypes(ta) !== showTypes(tb)) {
    out.push({ path, kind: "type", from: showTypes(ta), to: showTypes(tb) });
    // A parameter that stopped being an object or array has no children left to compare.
    if (typesNarrowed(ta, tb)) return;
  }
  walk(a, b, rootA, rootB, path, out, depth);
}
