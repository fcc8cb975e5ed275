import type { RawTool } from "../mcp/types.js";
import { nameText } from "../util/json.js";
import type { Emit, ToolUnderLint } from "./context.js";
import { quote } from "./context.js";
import { DEFINITION_TOKEN_LIMIT, DESCRIPTION_MIN_LENGTH } from "./rules.js";

// What JSON.stringify writes other than as it is.
const NEEDS_ESCAPE =
  /["\\\u0000-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

// What a model reads of a tool, in this order: the same bytes every time.
const MODEL_FIELDS = ["name", "title", "description", "inputSchema", "outputSchema", "annotations"] as const;

/**
 * Estimated tokens of a tool definition: about 4 characters a token over the compact JSON of what
 * the model reads (name, title, description, inputSchema, outputSchema, annotations).
 */
export function estimateTokens(tool: RawTool): number {
  const shown: Record<string, unknown> = {};
  for (const k of MODEL_FIELDS) if (tool[k] !== undefined) shown[k] = tool[k];
  let length: number;
  try {
    // A long string that needs no escapes is counted, not copied into the JSON (a description may
    // be tens of megabytes): its JSON is itself between quotes.
    let long = 0;
    length =
      JSON.stringify(shown, (_k, v: unknown) => {
        if (typeof v !== "string" || v.length <= 65_536 || NEEDS_ESCAPE.test(v)) return v;
        long += v.length;
        return "";
      }).length + long;
  } catch {
    // Only a caller-built cyclic object gets here; JSON from a server cannot.
    length = nameText(tool.name).length;
  }
  return Math.ceil(length / 4);
}

/** description-missing, description-short and definition-large. */
export function checkDescription({ tool }: ToolUnderLint, emit: Emit): void {
  const d = tool.description;
  if (typeof d !== "string" || d.trim() === "") {
    emit(
      "description-missing",
      "description",
      typeof d === "string" ? "description is only white space" : "tool has no description",
      "Add a description: what the tool does, what it returns and when to use it.",
    );
  } else {
    const trimmed = d.trim();
    // Counted in code points; a long text cannot be short, so it is not walked.
    const length = trimmed.length >= 2 * DESCRIPTION_MIN_LENGTH ? trimmed.length : Array.from(trimmed).length;
    if (length < DESCRIPTION_MIN_LENGTH) {
      emit(
        "description-short",
        "description",
        `description ${quote(trimmed)} is only ${length} characters`,
        "Write at least one full sentence: what the tool does, its inputs and what it returns.",
        { length, min: DESCRIPTION_MIN_LENGTH },
      );
    }
  }
  const tokens = estimateTokens(tool);
  if (tokens > DEFINITION_TOKEN_LIMIT) {
    emit(
      "definition-large",
      "",
      `large tool definition (~${tokens} estimated tokens)`,
      `Shorten the description and schema text to under about ${DEFINITION_TOKEN_LIMIT} tokens (${DEFINITION_TOKEN_LIMIT * 4} characters); it is sent to the model on every turn.`,
      { tokens, limit: DEFINITION_TOKEN_LIMIT },
    );
  }
}
