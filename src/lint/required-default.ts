import type { Emit, ToolUnderLint } from "./context.js";
import { quote } from "./context.js";
import { childPath, isObject, walkSchema } from "./walk.js";

/**
 * required-with-default: a property that is both required and has a `default`. A caller must send
 * a required argument, so the default never applies; either the argument is optional or the
 * default is dead text that tells a model something untrue. Checked in every object of the input
 * schema, nested ones too.
 */
export function checkRequiredWithDefault({ tool }: ToolUnderLint, emit: Emit): void {
  if (!isObject(tool.inputSchema)) return;
  for (const node of walkSchema(tool.inputSchema, "inputSchema")) {
    const s = node.schema;
    if (!isObject(s) || !isObject(s.properties) || !Array.isArray(s.required)) continue;
    for (const name of s.required) {
      if (typeof name !== "string" || !Object.hasOwn(s.properties, name)) continue;
      const prop = s.properties[name];
      if (!isObject(prop) || !("default" in prop)) continue;
      emit(
        "required-with-default",
        childPath(childPath(node.path, "properties"), name),
        `property ${quote(name)} is required and has a default (${quote(JSON.stringify(prop.default) ?? "null", 40)}), which never applies`,
        `Make ${quote(name)} optional so the default applies, or drop the default.`,
        { property: name, default: prop.default },
      );
    }
  }
}
