import { compileSchema } from "../schema/compile.js";
import { setOwn } from "../util/json.js";
import { isObject } from "./walk.js";

// An empty enum is enum-empty's finding; ajv refuses it too, so hide it here to report it once.
function withoutEmptyEnums(v: unknown, depth = 0): unknown {
  if (Array.isArray(v)) return v.map((x) => withoutEmptyEnums(x, depth + 1));
  if (!isObject(v) || depth > 64) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === "enum" && Array.isArray(x) && x.length === 0) continue;
    // Not `out[k] =`: a property named `__proto__` would set the copy's prototype instead.
    setOwn(out, k, withoutEmptyEnums(x, depth + 1));
  }
  return out;
}

/**
 * Why `schema` is not valid JSON Schema of its dialect (2020-12 unless `$schema` names 2019-09,
 * draft-07 or draft-04), or undefined when it is: the schema seam's answer, which the scorecard
 * shares. An empty enum is left to `enum-empty`.
 */
export function compileError(schema: Record<string, unknown>): string | undefined {
  const compiled = compileSchema(withoutEmptyEnums(schema));
  return compiled.kind === "invalid" ? compiled.error : undefined;
}

/**
 * Why values cannot be checked against `schema`, or undefined when they can (or the schema is
 * invalid, `schema-invalid`'s finding): `too-large`, the compiler could not take it (too large or
 * too deep), so it is neither valid nor invalid; `refused`, it is valid but holds a pattern
 * toolscore does not run (longer than `pattern-chars`); `network-ref`, a `$ref` resolves to a
 * network URL, which is never fetched. Either way lint says it was not checked.
 */
export function uncheckedReason(
  schema: Record<string, unknown>,
):
  | { kind: "too-large" | "refused"; reason: string }
  | { kind: "network-ref"; reason: string; ref: string }
  | undefined {
  const compiled = compileSchema(withoutEmptyEnums(schema));
  if (compiled.kind === "network-ref")
    return { kind: compiled.kind, reason: compiled.error, ref: compiled.ref };
  return compiled.kind === "too-large" || compiled.kind === "refused"
    ? { kind: compiled.kind, reason: compiled.error }
    : undefined;
}
