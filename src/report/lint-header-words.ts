// The words of an invalid x-mcp-header declaration: why it is invalid and what to do, made from
// the problem's facts (src/schema/x-mcp-header.ts).
import { pathOf } from "../lint/rules/x-mcp-header-invalid.js";
import { quote } from "../lint/rule.js";
import type { HeaderProblem } from "../schema/x-mcp-header.js";

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

/** Why a declaration is invalid, per kind of problem. */
export function headerProblemWhy(p: HeaderProblem): string {
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

/** What to do about an invalid declaration, per kind of problem. */
export function headerProblemFix(p: HeaderProblem): string {
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
