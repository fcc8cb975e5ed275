// Which JSON Schema dialect a schema is read in, from its `$schema`, the way the MCP SDK's
// validators/dialects.ts chooses: a schema that names a dialect gets it, one that names none (or one
// toolscore does not know) gets MCP's default, 2020-12, unless it is plainly written for draft-07.

import { someInJson } from "../util/json.js";

/** The dialects toolscore compiles. */
export type Dialect = "2020-12" | "2019-09" | "draft-07" | "draft-04";

/** The dialect `schema` is compiled in. */
export function dialectOf(schema: Record<string, unknown>): Dialect {
  const named = typeof schema.$schema === "string" ? schema.$schema : "";
  if (named.includes("2020-12")) return "2020-12";
  if (named.includes("2019-09")) return "2019-09";
  if (/draft-0[67]\b/.test(named)) return "draft-07";
  if (/draft-04\b/.test(named)) return "draft-04";
  // No dialect, or a private one: 2020-12, unless the schema uses draft-07's list form of `items`
  // (or `additionalItems`), which 2020-12 reads differently.
  return usesItemLists(schema) ? "draft-07" : "2020-12";
}

// Whether an `items` list or an `additionalItems` is anywhere in the schema, found without making
// the schema's text (it may hold a description of megabytes).
const usesItemLists = (schema: unknown): boolean =>
  someInJson(schema, (v, key) => (key === "items" && Array.isArray(v)) || key === "additionalItems");
