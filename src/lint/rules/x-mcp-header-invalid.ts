import { scanHeaderDeclarations, type HeaderProblem, type Key } from "../../schema/x-mcp-header.js";
import { defineRule, quote } from "../rule.js";
import { childPath, isObject } from "../walk.js";

/** The JSON path of a place in the input schema, in the style of lint findings. */
export function pathOf(at: readonly Key[]): string {
  return at.reduce<string>((p, k) => childPath(p, k), "inputSchema");
}

// The lines at one place: those naming the header (quoted, so first) by name, then the others.
function problemOrder(p: HeaderProblem): string {
  switch (p.kind) {
    case "not-token":
      return `${quote(p.name)} 0${p.char}`;
    case "not-primitive":
      return `${quote(p.name)} 1${JSON.stringify(p.type)}`;
    case "duplicate":
      return `${quote(p.name)} 2${quote(p.other)}`;
    case "not-string":
      return `i0${p.value}`;
    case "empty":
      return "i1";
    case "not-reachable":
      return p.keyword === null ? "i2" : `i3${p.keyword}`;
  }
}

/**
 * x-mcp-header-invalid: an `x-mcp-header` declaration MCP 2026-07-28 does not allow. Clients over
 * Streamable HTTP leave such a tool out of the list they show.
 */
export const xMcpHeaderInvalid = defineRule({
  id: "x-mcp-header-invalid",
  severity: "error",
  docs: {
    summary: "An x-mcp-header declaration is invalid: clients over Streamable HTTP will not show the tool.",
    help: "MCP 2026-07-28 lets a string, integer or boolean property be sent as the header Mcp-Param-{name}; a client over Streamable HTTP must leave out a tool whose declaration breaks the rules. Fix the declaration the finding names.",
    finds:
      "an `x-mcp-header` that is empty, not a header name, on a property that is not `string`, `integer` or `boolean`, the same as another ignoring case, or not reached from the root through `properties` alone: clients over Streamable HTTP leave the tool out",
  },
  messages: { invalid: (d) => problemOrder(d.problem) },
  check({ tool }, report) {
    const schema = tool.inputSchema;
    if (!isObject(schema)) return;
    for (const problem of scanHeaderDeclarations(schema).problems) {
      const { at, ...facts } = problem;
      const args = "otherAt" in facts ? { ...facts, otherAt: pathOf(facts.otherAt) } : facts;
      report("invalid", pathOf(at), { problem }, args);
    }
  },
});
