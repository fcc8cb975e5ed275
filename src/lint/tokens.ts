import type { RawTool } from "../mcp/types.js";
import { nameText } from "../util/json.js";

// What a model reads of a tool, in this order: the same bytes every time.
const MODEL_FIELDS = ["name", "title", "description", "inputSchema", "outputSchema", "annotations"] as const;

/**
 * Estimated tokens of a tool definition: about 4 characters a token over the compact JSON of what
 * the model reads (name, title, description, inputSchema, outputSchema, annotations).
 */
export function estimateTokens(tool: RawTool): number {
  const shown: Record<string, unknown> = {};
  for (const k of MODEL_FIELDS) if (tool[k] !== undefined) shown[k] = tool[k];
  let json: string;
  try {
    json = JSON.stringify(shown);
  } catch {
    // Only a caller-built cyclic object gets here; JSON from a server cannot.
    json = nameText(tool.name);
  }
  return Math.ceil(json.length / 4);
}
