import { defineRule } from "../rule.js";
import { compileError } from "../schema-compile.js";
import { lintedSchemas } from "../schemas.js";

/** schema-invalid: a schema that is not valid JSON Schema of its dialect (see src/schema). */
export const schemaInvalid = defineRule({
  id: "schema-invalid",
  severity: "error",
  docs: {
    summary: "The schema does not compile as JSON Schema.",
    help: "Clients validate arguments against the schema; one that does not compile breaks them. Fix the keyword the compiler names.",
    finds:
      "a schema that is not valid JSON Schema of its dialect, which `$schema` names: 2020-12 (the default), 2019-09, draft-07 (also when a schema needs it: list-form `items`) or draft-04; unknown formats are allowed",
  },
  messages: { invalid: (d) => `${d.field} ${d.error}` },
  check({ tool }, report) {
    for (const { field, schema } of lintedSchemas(tool)) {
      const error = compileError(schema);
      if (error !== undefined) report("invalid", field, { field, error }, { field, error });
    }
  },
});
