import type { RawTool } from "../mcp/types.js";
import { nameText } from "../util/json.js";

// What a model reads of a tool, in this order: the same bytes every time.
const MODEL_FIELDS = ["name", "title", "description", "inputSchema", "outputSchema", "annotations"] as const;

// What JSON.stringify writes other than as it is.
const NEEDS_ESCAPE =
  /["\\\u0000-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

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
