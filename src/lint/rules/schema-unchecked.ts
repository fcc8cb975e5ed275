import { defineRule, quote } from "../rule.js";
import { uncheckedReason } from "../schema-compile.js";
import { lintedSchemas } from "../schemas.js";

/**
 * schema-unchecked: a schema too large for the compiler (not known to be valid, nor invalid), or
 * one holding a pattern toolscore does not run or a `$ref` to a network URL, which is never
 * fetched (values cannot be checked against it).
 */
export const schemaUnchecked = defineRule({
  id: "schema-unchecked",
  severity: "warning",
  docs: {
    summary:
      "The schema could not be checked: it is too large for the compiler, holds a pattern too long to run, or refers to a network $ref.",
    help: "toolscore could not tell whether the schema is valid JSON Schema, or cannot check values against it because a pattern is longer than pattern-chars or a $ref points at a network URL (never fetched, as MCP requires). Clients that validate arguments may fail on it too; a smaller, self-contained schema can be checked.",
    finds:
      "a schema too large or too deep for the JSON Schema compiler (thousands of properties), holding a pattern longer than `pattern-chars`, or with a `$ref` to a network URL (never fetched): values are not checked against it, and it is not passed as checked",
  },
  // "inputSchema was not checked …" sorts before "values cannot be checked against …".
  messages: {
    unchecked: (d) => `0${d.field} ${d.reason}`,
    networkRef: (d) => `1${d.field}: it refers to ${quote(d.ref, 200)},`,
    patternRefused: (d) => `1${d.field}: ${d.reason}`,
  },
  check({ tool }, report) {
    for (const { field, schema } of lintedSchemas(tool)) {
      const found = uncheckedReason(schema);
      if (found === undefined) continue;
      if (found.kind === "network-ref") {
        report("networkRef", field, { field, ref: found.ref }, { field, ref: found.ref });
        continue;
      }
      const data = { field, reason: found.reason };
      report(found.kind === "refused" ? "patternRefused" : "unchecked", field, data, data);
    }
  },
});
