import { defineRule, quote } from "../rule.js";

/** tool-duplicate: one finding on every tool after the first that reuses a name. */
export const toolDuplicate = defineRule({
  id: "tool-duplicate",
  severity: "error",
  docs: {
    summary: "Two tools share a name.",
    help: "A call names a tool, so only one of the two can ever be called. Give each tool a unique name.",
    finds: "a name used by more than one tool (reported on each later one)",
  },
  messages: { duplicate: (d) => `${d.count} ${quote(d.name)}` },
  checkAll(units, reportFor) {
    const firstAt = new Map<string, number>();
    units.forEach(({ tool }, i) => {
      if (typeof tool.name !== "string") return;
      const first = firstAt.get(tool.name);
      if (first === undefined) {
        firstAt.set(tool.name, i);
        return;
      }
      const count = units.filter((t) => t.tool.name === tool.name).length;
      reportFor(i)(
        "duplicate",
        "name",
        { name: tool.name, count },
        { name: tool.name, count, index: i, first_index: first },
      );
    });
  },
});
