import { compileSchema as compileAny, schemaCheck } from "../schema/compile.js";

import type { ArgumentsProblem } from "./call-facts.js";

export { NotChecked } from "../schema/compile.js";

/** A compiled schema: `check(value)` gives null when valid, else the first error as text. */
export interface SchemaCheck {
  check(value: unknown): string | null;
}

/**
 * The scorecard's view of the schema seam (src/schema): a check, or null when the schema does not
 * compile (or holds a pattern toolscore will not run), exactly where lint says `schema-invalid`.
 */
export function compileSchema(schema: unknown): SchemaCheck | null {
  const check = schemaCheck(schema);
  return check ? { check } : null;
}

/** Why `schema` gives no check (it is invalid, or holds a pattern toolscore will not run), or null. */
export function compileProblem(schema: unknown): string | null {
  const compiled = compileAny(schema);
  return compiled.kind === "compiled" ? null : compiled.error;
}

/** Whether `schema` is too large for the compiler: not checked, which is not the same as invalid. */
export function tooLargeToCheck(schema: unknown): boolean {
  return compileAny(schema).kind === "too-large";
}

/**
 * Why arguments cannot be checked against an input schema that gives no check: it refers to a
 * network URL (never fetched), or it does not compile.
 */
export function uncheckedInput(schema: unknown): ArgumentsProblem {
  const compiled = compileAny(schema);
  return compiled.kind === "network-ref"
    ? { problem: "network-ref", ref: compiled.ref }
    : { problem: "uncompilable" };
}
