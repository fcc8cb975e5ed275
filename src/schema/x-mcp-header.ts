// `x-mcp-header` (MCP 2026-07-28, Streamable HTTP "Custom Headers from Tool Parameters"): a
// property of a tool's input schema may ask for its value to be sent as the header
// `Mcp-Param-{name}`. The declarations are valid only under the constraints the specification
// lists; a client over Streamable HTTP drops a tool that breaks any of them.
import { isObject } from "../util/json.js";

/** The extension keyword. */
export const X_MCP_HEADER = "x-mcp-header";

/** One valid declaration: the property's path from the schema root (its `properties` keys) and the name. */
export interface HeaderDeclaration {
  path: string[];
  /** The name part of `Mcp-Param-{name}`, exactly as declared. */
  name: string;
}

/** A key of the path to a declaration: an object key, or the index in a list of subschemas. */
export type Key = string | number;

/** Why a declaration is invalid, with the facts a sentence is made from. */
export type HeaderProblem =
  /** The value is not a string (`value` is its JSON type). */
  | { kind: "not-string"; at: Key[]; value: string }
  | { kind: "empty"; at: Key[] }
  /** Not an HTTP field-name token: `char` is the first character outside `tchar`. */
  | { kind: "not-token"; at: Key[]; name: string; char: string }
  /** On a property that is not `string`, `integer` or `boolean` (`type` as declared, null when none). */
  | { kind: "not-primitive"; at: Key[]; name: string; type: unknown }
  /** Equal, ignoring case, to an earlier declaration at `other`. */
  | { kind: "duplicate"; at: Key[]; name: string; other: string; otherAt: Key[] }
  /**
   * Not reached from the root by `properties` keys alone: at the root, or under `keyword`
   * (`items`, `anyOf`, `$defs`, …).
   */
  | { kind: "not-reachable"; at: Key[]; keyword: string | null };

/** The declarations of an input schema, and what is wrong with them (valid when `problems` is empty). */
export interface HeaderScan {
  declarations: HeaderDeclaration[];
  problems: HeaderProblem[];
}

// RFC 9110 section 5.1: token = 1*tchar.
const TCHAR = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]$/;
const PRIMITIVE = new Set(["string", "integer", "boolean"]);

// Keywords whose subschemas are not reached by `properties` alone: a declaration under any of them
// makes the tool invalid. Their values are one subschema, a list of them, or a map of them.
const SUBSCHEMA_ONE = [
  "items",
  "additionalItems",
  "contains",
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
];
const SUBSCHEMA_LIST = ["items", "prefixItems", "allOf", "anyOf", "oneOf"];
const SUBSCHEMA_MAP = ["patternProperties", "dependentSchemas", "dependencies", "$defs", "definitions"];

interface Node {
  schema: unknown;
  /** The path as keys of the schema (`properties`, `region`, `anyOf`, 0, …). */
  at: Key[];
  /** The property path, while only `properties` keys were followed; null once off that chain. */
  path: string[] | null;
  /** The first keyword off the chain, or null. */
  off: string | null;
}

/**
 * Finds every `x-mcp-header` in an input schema and checks it: a non-empty token, on a `string`,
 * `integer` or `boolean` property reached from the root through `properties` alone, unique
 * ignoring case. Declarations and problems come in document order; this never throws, and walks
 * without recursion (a schema from a server may be deep).
 */
export function scanHeaderDeclarations(inputSchema: unknown): HeaderScan {
  const declarations: HeaderDeclaration[] = [];
  const problems: HeaderProblem[] = [];
  const seen = new Map<string, { name: string; at: Key[] }>();
  const stack: Node[] = [{ schema: inputSchema, at: [], path: [], off: null }];
  while (stack.length > 0) {
    const { schema, at, path, off } = stack.pop()!;
    if (!isObject(schema)) continue;
    if (Object.hasOwn(schema, X_MCP_HEADER)) {
      const problem = checkOne(schema, at, path, off, seen);
      if (problem) problems.push(problem);
      else declarations.push({ path: path!, name: schema[X_MCP_HEADER] as string });
    }
    // Children in reverse, so that the stack gives them back in document order.
    const next: Node[] = [];
    const props = schema.properties;
    if (isObject(props))
      for (const [k, v] of Object.entries(props))
        next.push({ schema: v, at: [...at, "properties", k], path: path && [...path, k], off });
    for (const k of Object.keys(schema)) {
      const v = schema[k];
      const child = (s: unknown, key: Key[]) =>
        next.push({ schema: s, at: [...at, ...key], path: null, off: off ?? k });
      if (SUBSCHEMA_ONE.includes(k) && isObject(v)) child(v, [k]);
      if (SUBSCHEMA_LIST.includes(k) && Array.isArray(v)) v.forEach((s, i) => child(s, [k, i]));
      if (SUBSCHEMA_MAP.includes(k) && isObject(v)) for (const [n, s] of Object.entries(v)) child(s, [k, n]);
    }
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]!);
  }
  return { declarations, problems };
}

function checkOne(
  schema: Record<string, unknown>,
  at: Key[],
  path: string[] | null,
  off: string | null,
  seen: Map<string, { name: string; at: Key[] }>,
): HeaderProblem | undefined {
  if (path === null || path.length === 0) return { kind: "not-reachable", at, keyword: off };
  const raw = schema[X_MCP_HEADER];
  if (typeof raw !== "string")
    return {
      kind: "not-string",
      at,
      value: raw === null ? "null" : Array.isArray(raw) ? "array" : typeof raw,
    };
  if (raw === "") return { kind: "empty", at };
  const bad = Array.from(raw).find((c) => !TCHAR.test(c));
  if (bad !== undefined) return { kind: "not-token", at, name: raw, char: bad };
  if (typeof schema.type !== "string" || !PRIMITIVE.has(schema.type))
    return { kind: "not-primitive", at, name: raw, type: schema.type ?? null };
  const key = raw.toLowerCase();
  const earlier = seen.get(key);
  if (earlier) return { kind: "duplicate", at, name: raw, other: earlier.name, otherAt: earlier.at };
  seen.set(key, { name: raw, at });
  return undefined;
}
