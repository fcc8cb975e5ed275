import { defineRule } from "../rule.js";
import type { InstructionMatch } from "../instruction-match.js";
import { findSchemaInstructions } from "../schema-text.js";
import { INSTRUCTION_MESSAGES, reportInstructions, reportPartlyScanned } from "./instruction-messages.js";

const REPEATED_MAX = 16 * 1024;

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
    // A schema repeats a text in each branch of a union: one finding per technique and text, at
    // its first place, with every place in `args.places`.
    const groups = new Map<string, { what: string; match: InstructionMatch; places: string[] }>();
    findSchemaInstructions(
      tool,
      (path, what, matches, text) => {
        const kind = what.startsWith("the ") ? what.slice(0, what.indexOf(" ", 4)) : "text";
        for (const match of matches) {
          // A long text is kept apart by its path: it is rarely repeated, and not copied into a key.
          const same = text.length <= REPEATED_MAX ? text : `\u0001${path}`;
          const key = `${match.id}\u0000${kind}\u0000${same}`;
          const group = groups.get(key);
          if (group) group.places.push(path);
          else groups.set(key, { what, match, places: [path] });
        }
      },
      (text, where) => reportPartlyScanned(text, where, report),
    );
    for (const { what, match, places } of groups.values())
      reportInstructions("schema-instruction", places, what, [match], report);
  },
});
