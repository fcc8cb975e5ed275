// JSON Schema as every part of toolscore reads it: one compiler (dialect from `$schema`), one
// `$ref` resolver.
export { compileSchema, schemaCheck, type CompiledSchema } from "./compile.js";
export { dialectOf, type Dialect } from "./dialect.js";
export { resolveRef } from "./ref.js";
export { enableLinearRegExpFallback, hasNestedRepetition, safeRegExp } from "./regex-safety.js";
