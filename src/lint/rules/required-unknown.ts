import { defineRule, quote } from "../rule.js";
import { lintedSchemas, schemaNodes } from "../schemas.js";
import { isObject } from "../walk.js";

/** required-unknown: a name in `required` that is not among the properties. */
export const requiredUnknown = defineRule({
  id: "required-unknown",
  severity: "error",
  docs: {
    summary: "A name in required is not among the schema's properties.",
    help: "No model can send a required argument it was never told about. Add the property or remove the name from required.",
    finds: "a name in `required` that is not among the properties",
  },
  messages: { unknown: (d) => quote(d.name) },
  check({ tool }, report) {
    for (const { field, schema } of lintedSchemas(tool)) {
      for (const node of schemaNodes(schema, field)) {
        const s = node.schema;
        if (!isObject(s) || !Array.isArray(s.required)) continue;
        const props = isObject(s.properties) ? s.properties : undefined;
        // A part of an allOf may list required names whose properties a sibling part declares.
        if (props === undefined && (node.role === "combinator" || s.type !== "object")) continue;
        s.required.forEach((name: unknown, i: number) => {
          if (typeof name !== "string" || (props && Object.hasOwn(props, name))) return;
          report("unknown", `${node.path}.required[${i}]`, { name }, { name });
        });
      }
    }
  },
});
