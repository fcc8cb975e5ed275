// JSON Schema as every part of toolscore reads it: one compiler, the dialect from `$schema`.
export { compileSchema } from "./compile.js";
export { dialectOf, type Dialect } from "./dialect.js";
