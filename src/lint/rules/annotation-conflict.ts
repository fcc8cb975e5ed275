import { deriveEffects } from "../../pin/effects.js";
import { describedChange, isWriteModeValue, sortsOrFilters } from "../../pin/effect-words.js";
import { defineRule } from "../rule.js";
import { isObject } from "../walk.js";

/** The write, delete or exec modes the input schema's top-level enums and consts offer, as `'name' 'value'`. */
function writeModes(inputSchema: unknown): string[] {
  if (!isObject(inputSchema) || !isObject(inputSchema.properties)) return [];
  const out: string[] = [];
  for (const [name, s] of Object.entries(inputSchema.properties)) {
    // A field to sort or filter by (`order_by: "label_priority"`) offers no operation.
    if (!isObject(s) || sortsOrFilters(name, s)) continue;
    const values = [
      ...(Array.isArray(s.enum) ? s.enum : []),
      ...("const" in s ? [s.const] : []),
      ...(isObject(s.items) && Array.isArray(s.items.enum) ? s.items.enum : []),
    ];
    const modes = values.filter(isWriteModeValue);
    if (modes.length) out.push(`'${name}' offers ${modes.map((m) => JSON.stringify(m)).join(", ")}`);
  }
  return out;
}

/**
 * annotation-conflict: readOnlyHint true on a tool whose name or description says it deletes or
 * executes (by the capability rules, so lint and `mcp pin` read a tool the same way), whose
 * description says it sets, changes, writes or runs something, or whose enums offer write modes;
 * and destructiveHint true on a tool that, without its annotations, reads only (a search, a query).
 */
export const annotationConflict = defineRule({
  id: "annotation-conflict",
  severity: "warning",
  docs: {
    summary:
      "readOnlyHint is true on a tool that says it deletes, executes, sets or changes something (or offers such modes); or destructiveHint is true on a search or query.",
    help: "Clients skip confirmation for read-only tools. Set readOnlyHint to false (and destructiveHint as it applies), or rename the tool.",
    finds:
      "`readOnlyHint: true` on a tool whose name or description says it deletes or executes (by the same rules as capabilities), whose description says it sets, changes, writes or runs something, or whose enums offer write modes (`set`, `apply`, …); `destructiveHint: true` on a tool that reads as a search or query",
  },
  // "the tool reads as delete …" sorts before "the tool says it changes something".
  messages: {
    "read-only": (d) =>
      `${d.capabilities.length ? `0${d.capabilities.join(" and ")}` : "1"} (${d.sources.join("; ")})`,
    destructive: (d) => d.sources.join(", "),
  },
  check({ tool }, report) {
    if (!isObject(tool.annotations)) return;
    if (tool.annotations.readOnlyHint === true) {
      const conflicts = deriveEffects(tool).filter(
        (c) => c.capability === "delete" || c.capability === "exec",
      );
      const capabilities = conflicts.map((c) => c.capability);
      const sources = conflicts.flatMap((c) => c.sources);
      const said = describedChange(tool.description);
      if (said && !sources.some((s) => s.startsWith("description"))) sources.push(`description '${said}'`);
      const modes = writeModes(tool.inputSchema);
      sources.push(...modes);
      if (sources.length) {
        const advice = capabilities.includes("delete")
          ? "destroys"
          : modes.length && !said && !capabilities.length
            ? "modes"
            : "changes";
        report(
          "read-only",
          "annotations.readOnlyHint",
          { capabilities, sources, advice },
          { capabilities, sources },
        );
      }
    }
    if (tool.annotations.destructiveHint === true && tool.annotations.readOnlyHint !== true) {
      // What the tool reads as without its annotations: a search or query that changes nothing.
      const plain = deriveEffects({ ...tool, annotations: {} });
      const readOnly = plain.every((c) => c.capability === "read" || c.capability === "network");
      const read = plain.find((c) => c.capability === "read");
      if (read && readOnly && !describedChange(tool.description) && writeModes(tool.inputSchema).length === 0)
        report(
          "destructive",
          "annotations.destructiveHint",
          { sources: read.sources },
          { capabilities: ["read"], sources: read.sources },
        );
    }
  },
});
