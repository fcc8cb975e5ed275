import { defineRule } from "../rule.js";
import { uncheckedReason } from "../schema-compile.js";
import { lintedSchemas } from "../schemas.js";

type Data = { field: string; reason: string };

/**
 * schema-unchecked: a schema too large for the compiler (not known to be valid, nor invalid), or
 * one holding a pattern toolscore does not run (values cannot be checked against it).
 */
export const schemaUnchecked = defineRule({
  id: "schema-unchecked",
  severity: "warning",
  docs: {
    summary:
      "The schema could not be checked: it is too large for the compiler, or holds a pattern too long to run.",
    help: "toolscore could not tell whether the schema is valid JSON Schema, or cannot check values against it because a pattern is longer than pattern-chars. Clients that validate arguments may fail on it too; a smaller schema can be checked.",
    finds:
      "a schema too large or too deep for the JSON Schema compiler (thousands of properties), or holding a pattern longer than `pattern-chars`: values are not checked against it, and it is not passed as checked",
  },
  messages: {
    unchecked: {
      message: (d: Data) => `${d.field} was not checked as JSON Schema: ${d.reason}`,
      fix: () =>
        "Split the tool or trim the schema so it can be checked; it was neither found valid nor invalid.",
    },
    patternRefused: {
      message: (d: Data) => `values cannot be checked against ${d.field}: ${d.reason}`,
      fix: () =>
        "Shorten the pattern (or check the value in the tool); to run it anyway, raise the pattern-chars limit past its length.",
    },
  },
  check({ tool }, report) {
    for (const { field, schema } of lintedSchemas(tool)) {
      const found = uncheckedReason(schema);
      if (found === undefined) continue;
      const data = { field, reason: found.reason };
      report(found.kind === "refused" ? "patternRefused" : "unchecked", field, data, data);
    }
  },
});
