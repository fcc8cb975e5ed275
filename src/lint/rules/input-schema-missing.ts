import { defineRule } from "../rule.js";
import { isEmptySchema } from "../schemas.js";
import { isObject } from "../walk.js";

function inputOrder(input: unknown): string {
  if (input === undefined) return "~";
  if (isObject(input))
    return `empty${Object.keys(input).length ? ` (${Object.keys(input).sort().join(", ")}` : ""}`;
  return Array.isArray(input) ? "a list," : input === null ? "null," : `a ${typeof input},`;
}

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
  // The lines of one tool's findings at one place: "inputSchema is a list", "… empty", "… null", then
  // "tool has no inputSchema".
  messages: { missing: (d) => inputOrder(d.input) },
  check({ tool }, report) {
    const input = tool.inputSchema;
    if (!isObject(input) || isEmptySchema(input)) report("missing", "inputSchema", { input });
  },
});
