import { Ajv, type ErrorObject } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import * as formatsModule from "ajv-formats";
import { isObject } from "./walk.js";

type AddFormats = (ajv: Ajv) => Ajv;
// ajv-formats is CommonJS: its function sits on `default` or is the module itself.
const addFormats = ((formatsModule as unknown as { default?: AddFormats }).default ??
  formatsModule) as unknown as AddFormats;

function makeAjv<T extends Ajv>(A: new (opts: object) => T): T {
  // addUsedSchema off: two tools may reuse one $id, and each compiles on its own.
  const ajv = new A({ strict: false, logger: false, addUsedSchema: false, allErrors: false });
  addFormats(ajv);
  return ajv;
}

let draft2020: Ajv | undefined;
let draft07: Ajv | undefined;
const cache = new Map<string, string | undefined>();
const CACHE_LIMIT = 1000;

// `/properties/a/type` as `properties.a.type`, the path style of findings.
function describe(e: ErrorObject): string {
  const at = e.instancePath
    .split("/")
    .slice(1)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .join(".");
  const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
  const detail = allowed ? ` (${allowed.map((v) => JSON.stringify(v)).join(", ")})` : "";
  return `${at || "the root"} ${e.message ?? "is invalid"}${detail}`;
}

function tryCompile(ajv: Ajv, schema: Record<string, unknown>): string | undefined {
  try {
    if (!ajv.validateSchema(schema)) {
      const first = ajv.errors?.[0];
      if (first) return describe(first);
    }
    ajv.compile(schema);
    return undefined;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return message
      .replace(/^schema is invalid: /, "")
      .split("\n")[0]!
      .slice(0, 200);
  }
}

// An empty enum is enum-empty's finding; ajv refuses it too, so hide it here to report it once.
function withoutEmptyEnums(v: unknown, depth = 0): unknown {
  if (Array.isArray(v)) return v.map((x) => withoutEmptyEnums(x, depth + 1));
  if (!isObject(v) || depth > 64) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === "enum" && Array.isArray(x) && x.length === 0) continue;
    out[k] = withoutEmptyEnums(x, depth + 1);
  }
  return out;
}

/**
 * Why `schema` does not compile as JSON Schema, or undefined when it does. Draft 2020-12 (MCP's
 * default) and draft-07 are both accepted: a schema that names its dialect is compiled under it,
 * one that names none under either. Results are cached by the schema's JSON.
 */
export function compileError(schema: Record<string, unknown>): string | undefined {
  let key: string;
  try {
    key = JSON.stringify(schema);
  } catch {
    return "the schema is not JSON (it refers to itself)";
  }
  if (cache.has(key)) return cache.get(key);
  const body = withoutEmptyEnums(schema) as Record<string, unknown>;
  const dialect = typeof body.$schema === "string" ? body.$schema : "";
  const modern = () => (draft2020 ??= makeAjv(Ajv2020));
  const classic = () => (draft07 ??= makeAjv(Ajv));
  let error: string | undefined;
  if (/2020-12|2019-09/.test(dialect)) error = tryCompile(modern(), body);
  else if (/draft-0[67]/.test(dialect)) error = tryCompile(classic(), body);
  else {
    // No dialect, or one ajv does not know (draft-04, a private URL): judge the schema itself.
    const { $schema: _dialect, ...plain } = body;
    error = tryCompile(modern(), plain);
    if (error !== undefined && tryCompile(classic(), plain) === undefined) error = undefined;
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, error);
  return error;
}
