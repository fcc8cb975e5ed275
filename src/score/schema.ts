// Helpers for reading JSON Schemas as the scorecard meets them: untrusted, sometimes malformed,
// in any dialect. Nothing here throws on a strange schema; it gives up softly instead.

/** A JSON Schema object (booleans and other values are handled by the callers). */
export type Schema = Record<string, unknown>;

import { isObject } from "../util/json.js";

export { isObject };

// The one $ref resolver, shared with lint and diff.
export { resolveRef } from "../schema/ref.js";

/** The JSON types a schema allows, from `type` (a string or a list), or inferred from its keywords. */
export function schemaTypes(s: Schema): string[] {
  if (typeof s.type === "string") return [s.type];
  if (Array.isArray(s.type)) return s.type.filter((t): t is string => typeof t === "string");
  if (isObject(s.properties) || Array.isArray(s.required) || isObject(s.additionalProperties))
    return ["object"];
  if (s.items !== undefined || Array.isArray(s.prefixItems)) return ["array"];
  if (
    typeof s.minLength === "number" ||
    typeof s.maxLength === "number" ||
    typeof s.pattern === "string" ||
    typeof s.format === "string"
  )
    return ["string"];
  if (typeof s.minimum === "number" || typeof s.maximum === "number" || typeof s.multipleOf === "number")
    return ["number"];
  return [];
}

const LOWER = ["minimum", "minLength", "minItems", "minProperties"];
const UPPER = ["maximum", "maxLength", "maxItems", "maxProperties"];

/**
 * Merges the branches of an `allOf` (and a schema with the branch of an `anyOf`/`oneOf` it takes)
 * into one schema: properties merged key by key, `required` joined, `type` and `enum` intersected,
 * bounds tightened. Good enough to generate from; the result is checked with ajv afterwards.
 */
export function mergeSchemas(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    if (prev === undefined) out[k] = v;
    else if (k === "properties" && isObject(prev) && isObject(v)) {
      const props: Record<string, unknown> = { ...prev };
      for (const [p, ps] of Object.entries(v)) {
        const old = props[p];
        props[p] = isObject(old) && isObject(ps) ? mergeSchemas(old, ps) : ps;
      }
      out.properties = props;
    } else if (k === "required" && Array.isArray(prev) && Array.isArray(v))
      out.required = [...new Set([...prev, ...v])];
    else if (k === "type") {
      const x = schemaTypes({ type: prev });
      const y = schemaTypes({ type: v });
      const both = x.filter((t) => y.includes(t) || (t === "integer" && y.includes("number")));
      for (const t of y) if (t === "integer" && x.includes("number") && !both.includes(t)) both.push(t);
      out.type = both.length === 1 ? both[0] : both;
    } else if (k === "enum" && Array.isArray(prev) && Array.isArray(v)) {
      const keys = new Set(v.map((e) => JSON.stringify(e)));
      out.enum = prev.filter((e) => keys.has(JSON.stringify(e)));
    } else if (LOWER.includes(k) && typeof prev === "number" && typeof v === "number")
      out[k] = Math.max(prev, v);
    else if (UPPER.includes(k) && typeof prev === "number" && typeof v === "number")
      out[k] = Math.min(prev, v);
    else if (k === "allOf" && Array.isArray(prev) && Array.isArray(v)) out.allOf = [...prev, ...v];
    else out[k] = v;
  }
  return out;
}
