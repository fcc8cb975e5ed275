import type { RawTool } from "../mcp/types.js";

const READ_FIELDS = ["name", "title", "description", "inputSchema", "outputSchema", "annotations"];

/** Estimated tokens of what a model reads of a tool: about 4 characters each of its compact JSON. */
export function definitionTokens(tool: RawTool): number {
  const seen: Record<string, unknown> = {};
  for (const f of READ_FIELDS) if (tool[f] !== undefined) seen[f] = tool[f];
  return Math.ceil(JSON.stringify(seen).length / 4);
}
