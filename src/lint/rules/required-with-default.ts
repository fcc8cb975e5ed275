import { defineRule, quote } from "../rule.js";
import { schemaNodes } from "../schemas.js";
import { childPath, isObject } from "../walk.js";

/**
 * required-with-default: a property that is both required and has a `default`. A caller must send
 * a required argument, so the default never applies; either the argument is optional or the
 * default is dead text that tells a model something untrue. Checked in every object of the input
 * schema, nested ones too.
 */
export const requiredWithDefault = defineRule({
  id: "required-with-default",
  severity: "warning",
  docs: {
    summary: "A required property has a default, which never applies.",
    help: "A caller must send a required argument, so its default is never used and misleads a model. Make the property optional, or drop the default.",
    finds: "a required property that has a `default`: the default never applies",
  },
  messages: {
    "has-default": (d) => `${quote(d.name)} ${quote(JSON.stringify(d.value) ?? "null", 40)})`,
  },
  check({ tool }, report) {
    if (!isObject(tool.inputSchema)) return;
    for (const node of schemaNodes(tool.inputSchema, "inputSchema")) {
      const s = node.schema;
      if (!isObject(s) || !isObject(s.properties) || !Array.isArray(s.required)) continue;
      for (const name of s.required) {
        if (typeof name !== "string" || !Object.hasOwn(s.properties, name)) continue;
        const prop = s.properties[name];
        if (!isObject(prop) || !("default" in prop)) continue;
        report(
          "has-default",
          childPath(childPath(node.path, "properties"), name),
          { name, value: prop.default },
          { property: name, default: prop.default },
        );
      }
    }
  },
});
