import { defineRule } from "../rule.js";
import { isEmptySchema, schemaFields } from "../schemas.js";
import { isObject } from "../walk.js";

type Field = "inputSchema" | "outputSchema";

/** schema-not-object: an inputSchema or outputSchema whose root is not of type "object". */
export const schemaNotObject = defineRule({
  id: "schema-not-object",
  severity: "error",
  docs: {
    summary: 'The inputSchema (or outputSchema) has no type, or a type other than "object".',
    help: 'Tool arguments and structured results are JSON objects: set "type": "object" at the root of the schema.',
    finds: 'an inputSchema or outputSchema whose root `type` is missing or not `"object"`',
  },
  messages: {
    "not-json-object": {
      message: (d: { field: Field }) => `${d.field} is not a JSON object`,
      fix: (d: { field: Field }) => `Make ${d.field} a JSON Schema with "type": "object".`,
    },
    "no-type": {
      message: (d: { field: Field }) => `${d.field} has no type`,
      fix: (d: { field: Field }) => `Set "type": "object" at the root of ${d.field}.`,
    },
    "other-type": {
      message: (d: { field: Field; type: unknown }) =>
        `${d.field} has type ${JSON.stringify(d.type)}, not "object"`,
      fix: (d: { field: Field; type: unknown }) =>
        `Set "type": "object" at the root of ${d.field}; wrap other values in a property.`,
    },
  },
  check({ tool }, report) {
    for (const field of schemaFields(tool)) {
      const schema = tool[field];
      if (field === "inputSchema" && (!isObject(schema) || isEmptySchema(schema))) continue;
      if (!isObject(schema)) report("not-json-object", field, { field }, { field });
      else if (schema.type === undefined)
        report("no-type", `${field}.type`, { field }, { field, type: null });
      else if (schema.type !== "object")
        report("other-type", `${field}.type`, { field, type: schema.type }, { field, type: schema.type });
    }
  },
});
