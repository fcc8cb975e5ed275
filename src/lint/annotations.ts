import { deriveCapabilities } from "../pin/capabilities.js";
import type { Emit, ToolUnderLint } from "./context.js";
import { isObject } from "./walk.js";

/**
 * annotation-conflict: readOnlyHint true on a tool whose name or description says it deletes or
 * executes. The capability rules decide that (a read-only hint never hides delete or exec there),
 * so lint and `mcp pin` read a tool the same way.
 */
export function checkAnnotations({ tool }: ToolUnderLint, emit: Emit): void {
  if (!isObject(tool.annotations) || tool.annotations.readOnlyHint !== true) return;
  const conflicts = deriveCapabilities(tool).filter(
    (c) => c.capability === "delete" || c.capability === "exec",
  );
  if (conflicts.length === 0) return;
  const capabilities = conflicts.map((c) => c.capability);
  const sources = conflicts.flatMap((c) => c.sources);
  emit(
    "annotation-conflict",
    "annotations.readOnlyHint",
    `readOnlyHint is true, but the tool reads as ${capabilities.join(" and ")} (${sources.join("; ")})`,
    capabilities.includes("delete")
      ? "Set readOnlyHint to false and destructiveHint to true; or, if the tool only reads, fix its name and description."
      : "Set readOnlyHint to false; or, if the tool only reads, fix its name and description.",
    { capabilities, sources },
  );
}
