import type { RawTool } from "../mcp/types.js";
import type { LintFinding } from "./types.js";

/** Lints tool definitions. (Placeholder: the rules of SPEC section 6 replace it.) */
export function lintTools(tools: readonly RawTool[]): LintFinding[] {
  void tools;
  return [];
}
