import type { RawTool } from "../mcp/types.js";

/** What a tool may do. */
export type Capability = "read" | "write" | "delete" | "network" | "exec" | "unknown";

/** One capability and the human-readable reasons it was found. */
export interface CapabilityFinding {
  capability: Capability;
  sources: string[];
}

/**
 * Derives a tool's capabilities. (Placeholder: the rules of SPEC section 3 replace it.)
 */
export function deriveCapabilities(tool: RawTool, override?: readonly Capability[]): CapabilityFinding[] {
  void tool;
  if (override) return override.map((capability) => ({ capability, sources: ["override"] }));
  return [{ capability: "unknown", sources: [] }];
}
