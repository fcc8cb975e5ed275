import { schemaCheck } from "../schema/compile.js";

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
