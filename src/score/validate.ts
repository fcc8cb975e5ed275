import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import * as formatsModule from "ajv-formats";
import { isObject } from "./schema.js";
import { enableLinearRegExpFallback, safeRegExp } from "./regex-safety.js";
import { PatternTimeout, beginRegexBudget } from "./regex-worker.js";

// Patterns from a server run here on what it answers: let V8 finish them in linear time.
enableLinearRegExpFallback();

type AddFormats = (ajv: Ajv) => Ajv;
// ajv-formats is CommonJS: its function sits on `default` or is the module itself.
const addFormats = ((formatsModule as unknown as { default?: AddFormats }).default ??
  formatsModule) as unknown as AddFormats;

/**
 * A compiled schema: `check(value)` gives null when valid, else the first error as text. It throws
 * {@link NotChecked} when the value could not be checked (a pattern ran past `regex-ms`).
 */
export interface SchemaCheck {
  check(value: unknown): string | null;
}

/** A value that could not be checked against its schema: neither valid nor invalid. */
export class NotChecked extends Error {}

function makeAjv<T extends Ajv>(A: new (opts: object) => T): T {
  const ajv = new A({
    strict: false,
    allErrors: false,
    validateSchema: false,
    logger: false,
    code: { regExp: safeRegExp },
  });
  addFormats(ajv);
  return ajv;
}

let draft07: Ajv | undefined;
let draft2020: Ajv | undefined;
const cache = new Map<string, SchemaCheck | null>();
// Why each schema of the cache that did not compile did not.
const problems = new Map<string, string>();

function usesDraft2020(schema: Record<string, unknown>): boolean {
  const dialect = typeof schema.$schema === "string" ? schema.$schema : "";
  if (dialect.includes("2020-12") || dialect.includes("2019-09")) return true;
  if (dialect) return false;
  // Without a dialect: 2020-12 (MCP's default) unless the schema uses the draft-07 list form of items.
  const text = JSON.stringify(schema);
  return !/"items":\[/.test(text) && !/"additionalItems":/.test(text);
}

/**
 * Compiles a JSON Schema with ajv (draft 2020-12, or draft-07 for schemas that use list-form
 * `items` or say so), with formats. Returns null when the schema does not compile.
 */
export function compileSchema(schema: unknown): SchemaCheck | null {
  if (typeof schema === "boolean")
    return { check: (v) => (schema || v === undefined ? null : "false schema") };
  if (!isObject(schema)) return null;
  const key = JSON.stringify(schema);
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let result: SchemaCheck | null;
  try {
    const modern = usesDraft2020(schema);
    const ajv = modern ? (draft2020 ??= makeAjv(Ajv2020)) : (draft07 ??= makeAjv(Ajv));
    // $id clashes between tools would make ajv refuse the second one: compile a copy without it.
    const { $id: _id, $schema: _dialect, ...body } = schema;
    const validate: ValidateFunction = ajv.compile(body);
    result = {
      check(value) {
        beginRegexBudget();
        let valid: boolean;
        try {
          valid = validate(value) as boolean;
        } catch (e) {
          if (e instanceof PatternTimeout) throw new NotChecked(e.message);
          throw e;
        }
        if (valid) return null;
        const e = validate.errors?.[0];
        return e ? `${e.instancePath || "(root)"} ${e.message ?? "is invalid"}` : "is invalid";
      },
    };
  } catch (e) {
    result = null;
    if (problems.size > 500) problems.clear();
    problems.set(key, e instanceof Error ? e.message : String(e));
  }
  if (cache.size > 500) cache.clear();
  cache.set(key, result);
  return result;
}

/** Why `schema` does not compile (ajv's message), or null when it does. */
export function compileProblem(schema: unknown): string | null {
  if (compileSchema(schema) !== null) return null;
  if (!isObject(schema)) return "it is not a JSON object";
  return problems.get(JSON.stringify(schema)) ?? "it does not compile";
}
