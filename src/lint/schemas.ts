// What the schema rules share: which schemas of a tool are linted, their subschemas (walked once a
// tool), and whether a schema says what type its value has.
import type { RawTool } from "../mcp/types.js";
import { isObject, walkSchema, type SchemaNode } from "./walk.js";

const TYPE_GIVERS = ["type", "enum", "const", "$ref", "$dynamicRef"] as const;

/** True when a schema says what type its value has, itself or through its combinators. */
export function givesType(s: unknown, depth = 0): boolean {
  if (s === false) return true; // forbids the value: there is nothing to guess
  if (!isObject(s) || depth > 32) return false;
  if (TYPE_GIVERS.some((k) => k in s)) return true;
  const every = (k: string) =>
    Array.isArray(s[k]) && s[k].length > 0 && s[k].every((b: unknown) => givesType(b, depth + 1));
  if (every("anyOf") || every("oneOf")) return true;
  return Array.isArray(s.allOf) && s.allOf.some((b: unknown) => givesType(b, depth + 1));
}

// Keywords that say nothing about the value: a schema of only these is empty.
const META_ONLY = new Set(["$schema", "$id", "$comment", "title", "description"]);

/** True when a schema object holds nothing but `$schema`, `$id`, `$comment`, `title`, `description`. */
export function isEmptySchema(s: Record<string, unknown>): boolean {
  return Object.keys(s).every((k) => META_ONLY.has(k));
}

/** The schemas a tool has, by field: the input schema always, the output schema when present. */
export function schemaFields(tool: RawTool): Array<"inputSchema" | "outputSchema"> {
  return tool.outputSchema === undefined ? ["inputSchema"] : ["inputSchema", "outputSchema"];
}

/**
 * The schemas the schema rules look into: an output schema that is an object, and an input schema
 * that is an object with something in it (a missing or empty one is `input-schema-missing`).
 */
export function lintedSchemas(
  tool: RawTool,
): Array<{ field: "inputSchema" | "outputSchema"; schema: Record<string, unknown> }> {
  const out: Array<{ field: "inputSchema" | "outputSchema"; schema: Record<string, unknown> }> = [];
  for (const field of schemaFields(tool)) {
    const schema = tool[field];
    if (!isObject(schema) || (field === "inputSchema" && isEmptySchema(schema))) continue;
    out.push({ field, schema });
  }
  return out;
}

// Several rules walk the same schema: walked once, kept while the schema object lives.
const walked = new WeakMap<object, Map<string, SchemaNode[]>>();

/** {@link walkSchema}, remembered for the schema object and path. */
export function schemaNodes(schema: Record<string, unknown>, path: string): SchemaNode[] {
  let byPath = walked.get(schema);
  if (!byPath) walked.set(schema, (byPath = new Map()));
  let nodes = byPath.get(path);
  if (!nodes) byPath.set(path, (nodes = walkSchema(schema, path)));
  return nodes;
}
