import { defineRule } from "../rule.js";
import { lintedSchemas, schemaNodes } from "../schemas.js";
import { isObject } from "../walk.js";

/** enum-empty: an enum with no values, anywhere in a schema. */
export const enumEmpty = defineRule({
  id: "enum-empty",
  severity: "error",
  docs: {
    summary: "An enum has no values.",
    help: "An empty enum accepts nothing, so no call can succeed. List the allowed values or remove the enum.",
    finds: "an `enum` with no values",
  },
  messages: { empty: () => "" },
  check({ tool }, report) {
    for (const { field, schema } of lintedSchemas(tool)) {
      for (const node of schemaNodes(schema, field)) {
        const s = node.schema;
        if (isObject(s) && Array.isArray(s.enum) && s.enum.length === 0)
          report("empty", `${node.path}.enum`, {});
      }
    }
  },
});
