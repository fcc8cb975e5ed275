import { defineRule } from "../rule.js";
import { isEmptySchema } from "../schemas.js";
import { isObject } from "../walk.js";

/** input-schema-missing: no inputSchema, one that is not an object, or an empty one. */
export const inputSchemaMissing = defineRule({
  id: "input-schema-missing",
  severity: "error",
  docs: {
    summary: "The inputSchema is missing, empty or not an object.",
    help: 'Every tool needs an inputSchema; a tool without parameters declares {"type": "object", "properties": {}}.',
    finds:
      "no inputSchema, one that is not an object, or one with nothing but `$schema`/`$id`/`title`/`description`",
  },
  messages: {
    missing: {
      message: (d: { input: unknown }) => {
        const input = d.input;
        if (input === undefined) return "tool has no inputSchema";
        if (isObject(input)) {
          return Object.keys(input).length === 0
            ? "inputSchema is empty"
            : `inputSchema is empty (it has only ${Object.keys(input).sort().join(", ")})`;
        }
        return `inputSchema is ${Array.isArray(input) ? "a list" : input === null ? "null" : `a ${typeof input}`}, not an object`;
      },
      fix: () =>
        'Declare the arguments as a JSON Schema object; with none, use {"type": "object", "properties": {}}.',
    },
  },
  check({ tool }, report) {
    const input = tool.inputSchema;
    if (!isObject(input) || isEmptySchema(input)) report("missing", "inputSchema", { input });
  },
});
