import type { RawTool } from "../mcp/types.js";
import { scanHead } from "./scan-bound.js";
import { nameText } from "../util/json.js";
import { NEEDS_JSON_ESCAPE } from "../util/slices.js";

// What a model reads of a tool, in this order: the same bytes every time.
const MODEL_FIELDS = ["name", "title", "description", "inputSchema", "outputSchema", "annotations"] as const;

const LONG = 65_536;

// The JSON length of a long string, estimated from its first scan-kb: escapes are counted there
// and scaled to the whole (a description may be tens of megabytes, read no further than lint reads).
function longJsonLength(text: string): number {
  const head = scanHead(text);
  if (!NEEDS_JSON_ESCAPE.test(head)) return text.length;
  return Math.ceil(((JSON.stringify(head).length - 2) / head.length) * text.length);
}

/**
 * Estimated tokens of a tool definition: about 4 characters a token over the compact JSON of what
 * the model reads (name, title, description, inputSchema, outputSchema, annotations).
 */
export function estimateTokens(tool: RawTool): number {
  const shown: Record<string, unknown> = {};
  for (const k of MODEL_FIELDS) if (tool[k] !== undefined) shown[k] = tool[k];
  let length: number;
  try {
    // A long string is counted, not copied into the JSON: its JSON is itself between quotes, with
    // its escapes estimated from its start.
    let long = 0;
    length =
      JSON.stringify(shown, (_k, v: unknown) => {
        if (typeof v !== "string" || v.length <= LONG) return v;
        long += longJsonLength(v);
        return "";
      }).length + long;
  } catch {
    // Only a caller-built cyclic object gets here; JSON from a server cannot.
    length = nameText(tool.name).length;
  }
  return Math.ceil(length / 4);
}
