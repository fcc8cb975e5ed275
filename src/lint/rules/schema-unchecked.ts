import { defineRule } from "../rule.js";
import { uncheckedReason } from "../schema-compile.js";
import { lintedSchemas } from "../schemas.js";

type Data = { field: string; reason: string };

/** schema-unchecked: a schema too large for the compiler: not known to be valid, nor invalid. */
export const schemaUnchecked = defineRule({
  id: "schema-unchecked",
  severity: "warning",
  docs: {
    summary: "The schema could not be checked: it is too large for the compiler.",
    help: "toolscore could not tell whether the schema is valid JSON Schema, nor check values against it. Clients that validate arguments may fail on it too; a smaller schema can be checked.",
    finds:
      "a schema too large or too deep for the JSON Schema compiler (thousands of properties): it was not checked, so it is neither reported valid nor invalid",
  },
  messages: {
    unchecked: {
      message: (d: Data) => `${d.field} was not checked as JSON Schema: ${d.reason}`,
      fix: () =>
        "Split the tool or trim the schema so it can be checked; it was neither found valid nor invalid.",
    },
  },
  check({ tool }, report) {
    for (const { field, schema } of lintedSchemas(tool)) {
      const reason = uncheckedReason(schema);
      if (reason !== undefined) report("unchecked", field, { field, reason }, { field, reason });
    }
  },
});
