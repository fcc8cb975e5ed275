import { defineRule } from "../rule.js";
import { findSchemaInstructions } from "../schema-text.js";
import { INSTRUCTION_MESSAGES, reportInstructions, reportPartlyScanned } from "./instruction-messages.js";

/** schema-instruction: the techniques of description-instruction inside a tool's schemas. */
export const schemaInstruction = defineRule({
  id: "schema-instruction",
  severity: "warning",
  docs: {
    summary: "The techniques of description-instruction inside inputSchema or outputSchema.",
    help: "A model reads property names, descriptions, titles, defaults, enum values, examples and unknown keywords of a schema as much as the description. Keep them about the argument; a plain order against the user is an error, a weaker sign a warning.",
    finds:
      "the same techniques inside `inputSchema` and `outputSchema`: property names, `description`, `title`, `$comment`, `default`, `enum`, `examples`, `const` and keywords JSON Schema does not define",
    severities: "error, warning",
  },
  messages: INSTRUCTION_MESSAGES,
  check({ tool }, report) {
    findSchemaInstructions(
      tool,
      (path, what, matches) => reportInstructions("schema-instruction", path, what, matches, report),
      (text, where) => reportPartlyScanned(text, where, report),
    );
  },
});
