// The one place toolscore compiles JSON Schema, for lint (is this schema valid?) and for the
// scorecard (does this value match?): one answer per schema, so the two never disagree. The
// dialect comes from `$schema` (see dialect.ts). A schema is first checked against its dialect's
// meta-schema by a validator generated at build time (scripts/meta-validators.mjs): compiling
// the 2020-12 meta-schema at run time would cost every process about a tenth of a second.
import { Ajv, MissingRefError, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import * as draft04Module from "ajv-draft-04";
import * as formatsModule from "ajv-formats";
import { createHash } from "node:crypto";
import { isObject } from "../util/json.js";
import { dialectOf, type Dialect } from "./dialect.js";
import { namesProto, renameInSchema, renameInValue, restoreName } from "./proto-names.js";
import meta04 from "./meta/draft-04.js";
import meta07 from "./meta/draft-07.js";
import meta2019 from "./meta/draft-2019-09.js";
import meta2020 from "./meta/draft-2020-12.js";
import { enableLinearRegExpFallback, safeRegExp } from "./regex-safety.js";
import { PatternTimeout, beginRegexBudget } from "./regex-worker.js";

/** A value that could not be checked against its schema (a pattern ran out of time): neither valid nor invalid. */
export class NotChecked extends Error {}

// Patterns from a server run on values toolscore makes and on what servers answer: let V8 finish
// them in linear time.
enableLinearRegExpFallback();

type AjvClass = new (opts: object) => Ajv;
type AddFormats = (ajv: Ajv) => Ajv;
// ajv-formats and ajv-draft-04 are CommonJS: what they export sits on `default` or is the module.
const cjs = <T>(m: unknown): T => ((m as { default?: T }).default ?? m) as T;
const addFormats = cjs<AddFormats>(formatsModule);
const Ajv04 = cjs<AjvClass>(draft04Module);

const DIALECTS: Record<Dialect, { Class: AjvClass; meta: ValidateFunction }> = {
  "2020-12": { Class: Ajv2020, meta: meta2020 },
  "2019-09": { Class: Ajv2019, meta: meta2019 },
  "draft-07": { Class: Ajv, meta: meta07 },
  "draft-04": { Class: Ajv04, meta: meta04 },
};

/** What compiling a schema gives: a check, or why there is none. */
export type CompiledSchema =
  | {
      kind: "compiled";
      dialect: Dialect;
      /**
       * null when `value` is valid, else the first error as text (`/limit must be integer`).
       * Throws {@link NotChecked} when a pattern ran past `regex-ms` on it.
       */
      check(value: unknown): string | null;
    }
  /** Not valid JSON Schema of its dialect: lint's `schema-invalid`. */
  | { kind: "invalid"; dialect: Dialect; error: string }
  /**
   * Valid, but holding a pattern toolscore will not run (longer than `pattern-chars`): values
   * cannot be checked against it, and the schema is not wrong.
   */
  | { kind: "refused"; dialect: Dialect; error: string }
  /**
   * Not checked at all: the schema is too large or too deep for the compiler (thousands of
   * properties overflow the code ajv generates). Neither valid nor invalid.
   */
  | { kind: "too-large"; dialect: Dialect; error: string }
  /**
   * Valid, but a `$ref` resolves to a network URL (`ref`), which is never fetched (MCP 2026-07-28
   * forbids dereferencing one automatically): values cannot be checked against it.
   */
  | { kind: "network-ref"; dialect: Dialect; error: string; ref: string };

// One ajv per dialect and regular-expression engine, made on first use.
const instances = new Map<string, Ajv>();
function ajvFor(dialect: Dialect, safe: boolean): Ajv {
  const key = `${dialect}:${safe}`;
  let ajv = instances.get(key);
  if (!ajv) {
    ajv = new DIALECTS[dialect].Class({
      strict: false,
      logger: false,
      allErrors: false,
      ownProperties: true,
      // The meta-schema check is done by the generated validators.
      validateSchema: false,
      // Two tools may reuse one $id: each schema compiles on its own.
      addUsedSchema: false,
      ...(safe ? { code: { regExp: checkedRegExp } } : {}),
    });
    addFormats(ajv);
    instances.set(key, ajv);
  }
  return ajv;
}

/** A pattern toolscore will not run; the schema it is in is valid. */
class RefusedPattern extends Error {}

// A pattern must be a valid regular expression as JSON Schema reads it (ajv's `u` flag) before
// safeRegExp decides whether and how to run it.
const checkedRegExp = Object.assign(
  (pattern: string, flags: string) => {
    new RegExp(pattern, flags);
    try {
      return safeRegExp(pattern, flags);
    } catch (e) {
      throw new RefusedPattern(e instanceof Error ? e.message : String(e));
    }
  },
  { code: safeRegExp.code },
);

/** `/properties/a/type` as `properties.a.type`, the path style of lint findings. */
function describeMetaError(e: ErrorObject): string {
  const at = e.instancePath
    .split("/")
    .slice(1)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .join(".");
  const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
  const detail = allowed ? ` (${allowed.map((v) => JSON.stringify(v)).join(", ")})` : "";
  return `${at || "the root"} ${e.message ?? "is invalid"}${detail}`;
}

function describeThrown(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  return message
    .replace(/^schema is invalid: /, "")
    .split("\n")[0]!
    .slice(0, 200);
}

function compileIn(ajv: Ajv, body: Record<string, unknown>): ValidateFunction {
  return ajv.compile(body);
}

// A stack overflow while checking or compiling a schema says the schema is too big for the
// compiler, not that it is wrong.
const isStackOverflow = (e: unknown) => e instanceof RangeError && /call stack/i.test(e.message);

function tooLarge(dialect: Dialect, body: Record<string, unknown>): CompiledSchema {
  const count = isObject(body.properties) ? Object.keys(body.properties).length : 0;
  const what = count > 0 ? `${count} properties` : "its size or depth";
  return {
    kind: "too-large",
    dialect,
    error: `too large to check: the JSON Schema compiler ran out of stack on it (${what})`,
  };
}

function compileUncached(schema: Record<string, unknown>): CompiledSchema {
  const dialect = dialectOf(schema);
  // The dialect is chosen: `$schema` has done its work, and ajv would try to fetch an unknown one.
  const { $schema: _named, ...body } = schema;
  try {
    return compileBody(dialect, body);
  } catch (e) {
    if (isStackOverflow(e)) return tooLarge(dialect, body);
    throw e;
  }
}

function compileBody(dialect: Dialect, body: Record<string, unknown>): CompiledSchema {
  const meta = DIALECTS[dialect].meta;
  if (!meta(body)) {
    const first = meta.errors?.[0];
    return { kind: "invalid", dialect, error: first ? describeMetaError(first) : "is invalid" };
  }
  let validate: ValidateFunction;
  try {
    validate = compileIn(ajvFor(dialect, true), body);
  } catch (e) {
    if (isStackOverflow(e)) throw e;
    const ref = networkRefOf(e);
    if (ref !== undefined)
      return { kind: "network-ref", dialect, error: `it refers to ${ref}, which is never fetched`, ref };
    if (!(e instanceof RefusedPattern)) return { kind: "invalid", dialect, error: describeThrown(e) };
    // Whether the rest of the schema compiles, with the patterns as plain regular expressions
    // (compiled, never run).
    try {
      compileIn(ajvFor(dialect, false), body);
    } catch (plain) {
      if (isStackOverflow(plain)) throw plain;
      const ref = networkRefOf(plain);
      if (ref !== undefined)
        return { kind: "network-ref", dialect, error: `it refers to ${ref}, which is never fetched`, ref };
      return { kind: "invalid", dialect, error: describeThrown(plain) };
    }
    return { kind: "refused", dialect, error: e.message };
  }
  return {
    kind: "compiled",
    dialect,
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
}

/**
 * The network URL a missing reference resolves to (`http:` or `https:`), when the compiler stopped
 * at one; ajv never fetches anything (it is given no loader), so the reference stays missing.
 */
function networkRefOf(e: unknown): string | undefined {
  if (!(e instanceof MissingRefError)) return undefined;
  try {
    const url = new URL(e.missingSchema || e.missingRef);
    return url.protocol === "http:" || url.protocol === "https:" ? e.missingRef : undefined;
  } catch {
    return undefined;
  }
}

// A schema naming `__proto__` is compiled with a stand-in name, and each value checked likewise.
function withProtoNames(schema: Record<string, unknown>): CompiledSchema {
  const compiled = compileUncached(renameInSchema(schema) as Record<string, unknown>);
  if (compiled.kind !== "compiled") return { ...compiled, error: restoreName(compiled.error) };
  return {
    ...compiled,
    check(value) {
      const error = compiled.check(renameInValue(value));
      return error === null ? null : restoreName(error);
    },
  };
}

const cache = new Map<string, CompiledSchema>();
const CACHE_LIMIT = 1000;

// A cache key is the schema's JSON text, short however large the schema: each long string in it
// stands as its hash (a schema may hold a description of 50 MB), and a long text as a whole is
// hashed too, so the cache never holds a copy of what a server sent. A string that starts with the
// mark is marked once more, so that no string of one schema reads as the hash of another's.
const LONG_STRING = 4096;
const LONG_KEY = 64 * 1024;
const MARK = "\u0000";

function hashOf(text: string): string {
  const hash = createHash("sha256");
  // UTF-16 units exactly (a lone surrogate included), a slice at a time: no whole copy.
  for (let i = 0; i < text.length; i += 1024 * 1024) hash.update(text.slice(i, i + 1024 * 1024), "utf16le");
  return hash.digest("hex");
}

function cacheKey(schema: object): string {
  const key = JSON.stringify(schema, (_k, v: unknown) => {
    if (typeof v !== "string") return v;
    if (v.length > LONG_STRING) return `${MARK}${hashOf(v)}:${v.length}`;
    return v.startsWith(MARK) ? MARK + v : v;
  });
  return key.length > LONG_KEY ? `#${hashOf(key)}` : key;
}
const ALWAYS = (value: boolean): CompiledSchema => ({
  kind: "compiled",
  dialect: "2020-12",
  check: (v) => (value || v === undefined ? null : "false schema"),
});

/**
 * Compiles a JSON Schema from a server, in the dialect its `$schema` names (2020-12 when none),
 * with formats. Never throws. Results are cached by the schema's JSON text (long strings hashed).
 */
export function compileSchema(schema: unknown): CompiledSchema {
  if (typeof schema === "boolean") return ALWAYS(schema);
  if (!isObject(schema)) return { kind: "invalid", dialect: "2020-12", error: "the schema is not an object" };
  let key: string;
  try {
    key = cacheKey(schema);
  } catch {
    return { kind: "invalid", dialect: "2020-12", error: "the schema is not JSON (it refers to itself)" };
  }
  const hit = cache.get(key);
  if (hit) return hit;
  const result = namesProto(schema) ? withProtoNames(schema) : compileUncached(schema);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, result);
  return result;
}

/**
 * The check of a schema that compiled (null when `value` matches, else the first error), or null
 * when the schema is invalid or holds a pattern toolscore will not run.
 */
export function schemaCheck(schema: unknown): ((value: unknown) => string | null) | null {
  const compiled = compileSchema(schema);
  return compiled.kind === "compiled" ? compiled.check : null;
}
