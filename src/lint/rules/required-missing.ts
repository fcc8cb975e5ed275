import { defineRule } from "../rule.js";
import { lintedSchemas } from "../schemas.js";
import { isObject } from "../walk.js";

/** required-missing: an inputSchema with properties but no `required` list. */
export const requiredMissing = defineRule({
  id: "required-missing",
  severity: "warning",
  docs: {
    summary: "The inputSchema has properties but no required list.",
    help: 'State which arguments must be given; write "required": [] when all are optional.',
    finds: 'an inputSchema with properties but no `required` list (`"required": []` says "all optional")',
  },
  messages: {
    missing: {
      message: () => "inputSchema has properties but no required list",
      fix: () =>
        'Add "required" with the names of the arguments that must be given ("required": [] if none).',
    },
  },
  check({ tool }, report) {
    for (const { field, schema } of lintedSchemas(tool)) {
      if (field !== "inputSchema") continue;
      if (!isObject(schema.properties) || Object.keys(schema.properties).length === 0) continue;
      if ("required" in schema) continue;
      report("missing", "inputSchema.required", {}, { properties: Object.keys(schema.properties).sort() });
    }
  },
});
