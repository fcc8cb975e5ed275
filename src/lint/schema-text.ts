// schema-instruction: the techniques of description-instruction where a reviewer rarely looks, but a
// model reads every word: inside inputSchema and outputSchema, in property names, descriptions,
// titles, defaults, enum values, examples, const values and keywords JSON Schema does not define.

import type { RawTool } from "../mcp/types.js";
import { findInstructions, type InstructionMatch } from "./instruction-match.js";
import { scanHead } from "./scan-bound.js";
import { childPath, isObject, shortPath, walkSchema, walkStrings } from "./walk.js";

// Keywords of JSON Schema (2020-12, draft-07 and the OpenAPI `nullable`) whose values are not text
// for the model; anything else a schema carries is read as text.
const KNOWN = new Set([
  "type",
  "properties",
  "required",
  "items",
  "additionalProperties",
  "format",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "uniqueItems",
  "multipleOf",
  "$ref",
  "$defs",
  "definitions",
  "$schema",
  "$id",
  "$anchor",
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "if",
  "then",
  "else",
  "patternProperties",
  "propertyNames",
  "dependentRequired",
  "dependentSchemas",
  "dependencies",
  "contains",
  "minContains",
  "maxContains",
  "prefixItems",
  "unevaluatedProperties",
  "unevaluatedItems",
  "additionalItems",
  "minProperties",
  "maxProperties",
  "readOnly",
  "writeOnly",
  "deprecated",
  "contentEncoding",
  "contentMediaType",
  "contentSchema",
  "nullable",
  "$dynamicRef",
  "$dynamicAnchor",
  "$vocabulary",
  "$recursiveRef",
  "$recursiveAnchor",
]);
const PROSE = ["description", "title", "$comment"] as const;
const VALUES = ["default", "const", "enum", "examples"] as const;

// A tool that itself calls a language model may honestly take a system prompt or a chat history.
const CALLS_A_MODEL =
  /\b(?:llm|language model|model|completion|prompt|openai|anthropic|gemini|claude|gpt|chat)\b/i;

/**
 * The techniques of tool poisoning in one tool's inputSchema and outputSchema: `found` is told, for
 * each text with matches, its path, what it is (for the sentence, its path shortened), the matches
 * and the text; `partly` is told each text longer than scan-kb, which is scanned only in part.
 */
export function findSchemaInstructions(
  tool: RawTool,
  found: (path: string, what: string, matches: readonly InstructionMatch[], text: string) => void,
  partly: (text: string, where: string) => void = () => {},
): void {
  // Read within scan-kb, as every text lint scans (a description may be megabytes long).
  const callsAModel = typeof tool.description === "string" && CALLS_A_MODEL.test(scanHead(tool.description));
  // Most texts are short and match nothing: the sentence's words are made only when needed.
  const prose = (text: string, path: string) => {
    if (scanHead(text) !== text) partly(text, path);
    const matches = findInstructions(text);
    if (matches.length > 0) found(path, shortPath(path), matches, text);
  };
  const name = (key: string, path: string, kind: string) => {
    if (scanHead(key) !== key) partly(key, `${kind} ${shortPath(path)}`);
    const matches = findInstructions(key, "name").filter(
      (m) => !(callsAModel && m.id === "harvest-context" && m.severity === "warning"),
    );
    if (matches.length > 0) found(path, `${kind} ${shortPath(path)}`, matches, key);
  };
  const values = (value: unknown, path: string) => {
    for (const s of walkStrings(value, path)) {
      if (s.isKey) name(s.text, s.path, "the key");
      else prose(s.text, s.path);
    }
  };
  for (const field of ["inputSchema", "outputSchema"]) {
    for (const node of walkSchema(tool[field], field)) {
      const s = node.schema;
      if (!isObject(s)) continue;
      if (node.role === "property" && node.key !== undefined) {
        name(node.key, node.path, "the property name");
      }
      for (const k of PROSE) if (typeof s[k] === "string") prose(s[k], childPath(node.path, k));
      for (const k of VALUES) if (k in s) values(s[k], childPath(node.path, k));
      for (const k of Object.keys(s)) {
        if (
          KNOWN.has(k) ||
          (PROSE as readonly string[]).includes(k) ||
          (VALUES as readonly string[]).includes(k)
        )
          continue;
        const at = childPath(node.path, k);
        name(k, at, "the keyword");
        values(s[k], at);
      }
    }
  }
}
