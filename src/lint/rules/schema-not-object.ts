import { defineRule } from "../rule.js";
import { isEmptySchema, schemaFields } from "../schemas.js";
import { isObject } from "../walk.js";

/** schema-not-object: an inputSchema or outputSchema whose root is not of type "object". */
export const schemaNotObject = defineRule({
  id: "schema-not-object",
  severity: "error",
  docs: {
    summary: 'The inputSchema (or outputSchema) has no type, or a type other than "object".',
    help: 'Tool arguments and structured results are JSON objects: set "type": "object" at the root of the schema.',
    finds: 'an inputSchema or outputSchema whose root `type` is missing or not `"object"`',
  },
  // At `type`, no type's line sorts before another type's.
  messages: {
    "not-json-object": () => "",
    "no-type": () => "0",
    "other-type": (d) => `1${JSON.stringify(d.type)},`,
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
