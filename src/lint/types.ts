import type { SurfaceRef } from "../mcp/surface.js";

/** Severity of a finding. */
export type Severity = "error" | "warning" | "info";

/**
 * One lint finding: typed data with a stable rule id. The sentence a person reads is `message`;
 * `args` holds the facts it was made from.
 */
export interface LintFinding {
  rule: string;
  severity: Severity;
  /** The tool's name, or null for a finding about the whole server or about an item. */
  tool: string | null;
  /** The prompt, resource template or resource the finding is about, when it is about one. */
  item?: SurfaceRef;
  /** JSON path inside the tool definition, e.g. `inputSchema.properties.limit`. */
  path: string;
  message: string;
  fix: string;
  args?: Record<string, unknown>;
}
