import { scanHeaderDeclarations, type HeaderProblem, type Key } from "../../schema/x-mcp-header.js";
import { defineRule, quote } from "../rule.js";
import { childPath, isObject } from "../walk.js";

/** The JSON path of a place in the input schema, in the style of lint findings. */
function pathOf(at: readonly Key[]): string {
  return at.reduce<string>((p, k) => childPath(p, k), "inputSchema");
}

// The character that keeps a name from being a header name, said so a person can see it.
function describeChar(c: string): string {
  const code = c.codePointAt(0)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  if (c === " ") return "a space";
  if (code < 0x20 || code === 0x7f) return `the control character ${hex}`;
  if (code > 0x7f) return `${quote(c)} (${hex}), which is not ASCII`;
  return `the delimiter ${quote(c)}`;
}

function typeText(type: unknown): string {
  return type === null ? "no type" : `type ${JSON.stringify(type)}`;
}

// The reason, per kind of problem.
function why(p: HeaderProblem): string {
  switch (p.kind) {
    case "not-string":
      return `x-mcp-header is a ${p.value}, not a string`;
    case "empty":
      return "x-mcp-header is empty";
    case "not-token":
      return `x-mcp-header ${quote(p.name)} is not an HTTP header name: it holds ${describeChar(p.char)}`;
    case "not-primitive":
      return `x-mcp-header ${quote(p.name)} is on a property of ${typeText(p.type)}: only string, integer and boolean properties can be sent as headers`;
    case "duplicate":
      return `x-mcp-header ${quote(p.name)} is the same header as ${quote(p.other)} at ${pathOf(p.otherAt)} (header names ignore case)`;
    case "not-reachable":
      return p.keyword === null
        ? "x-mcp-header is on the input schema itself, not on a property"
        : `x-mcp-header is under ${p.keyword}: only properties reached from the root through properties alone can be sent as headers`;
  }
}

function fixOf(p: HeaderProblem): string {
  switch (p.kind) {
    case "not-string":
    case "empty":
    case "not-token":
      return "Name the header with letters, digits and - only (it is sent as Mcp-Param-{name}), or remove x-mcp-header.";
    case "not-primitive":
      return p.type === "number"
        ? 'Make the property "type": "integer" if it holds whole numbers, or remove x-mcp-header.'
        : "Remove x-mcp-header from this property, or declare it on a string, integer or boolean property.";
    case "duplicate":
      return "Give each x-mcp-header a name of its own (ignoring case).";
    case "not-reachable":
      return "Move x-mcp-header onto a property reached through properties alone, or remove it.";
  }
}

type Data = { problem: HeaderProblem };

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
  messages: {
    invalid: {
      message: (d: Data) => `${why(d.problem)}; clients over Streamable HTTP will not show the tool`,
      fix: (d: Data) => fixOf(d.problem),
    },
  },
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
