import { estimateTokens } from "../tokens.js";
import { defineRule } from "../rule.js";

/** A definition over this many estimated tokens gets `definition-large`. */
export const DEFINITION_TOKEN_LIMIT = 200;

/** definition-large: a definition over {@link DEFINITION_TOKEN_LIMIT} estimated tokens. */
export const definitionLarge = defineRule({
  id: "definition-large",
  severity: "warning",
  docs: {
    summary: `The tool definition is over about ${DEFINITION_TOKEN_LIMIT} estimated tokens.`,
    help: "Every definition is sent to the model on every turn. Trim long descriptions and schema text; move reference material elsewhere.",
    finds:
      "`large tool definition (~N estimated tokens)`: over 200 tokens, estimated at 4 characters each over the compact JSON of name, title, description, inputSchema, outputSchema and annotations; on several tools the console shows one line (`definition-large  16 tools, 259–2,093 estimated tokens (…)`), the JSON every finding",
  },
  messages: { large: (d) => `${d.tokens} ` },
  check({ tool }, report) {
    const tokens = estimateTokens(tool);
    if (tokens > DEFINITION_TOKEN_LIMIT) {
      report("large", "", { tokens }, { tokens, limit: DEFINITION_TOKEN_LIMIT });
    }
  },
});
