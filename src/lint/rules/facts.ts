// The facts of every lint finding, keyed by rule id and then by message id: what a rule reports
// and what its sentence and fix are made from (src/report/lint-messages.ts), the way publint's
// messages are a union keyed by code with `formatMessage` apart.
import type { HeaderProblem } from "../../schema/x-mcp-header.js";
import type { PartlyScannedData } from "../scan-bound.js";
import type { HiddenTextData } from "../text.js";

/** A naming style a tool name can show. */
export type NameStyle = "snake_case" | "kebab-case" | "camelCase" | "PascalCase" | "mixed _ and -";

/** The schema field a finding is about. */
type SchemaField = "inputSchema" | "outputSchema";

/** The facts of a description-instruction or schema-instruction finding. */
export interface InstructionData {
  /** The rule's id, for the sub-id in the sentence (`description-instruction/send-elsewhere`). */
  rule: "description-instruction" | "schema-instruction";
  /** What the text is, as the sentence starts: a path, or `the property name …`. */
  what: string;
  /** Where to rewrite. */
  path: string;
  /** The technique's id and the words it is named by. */
  technique: string;
  label: string;
  /** The matched words, exactly as sent. */
  span: string;
  /** For a prompt, resource template or resource: what the item is ("prompt argument"). */
  item?: string;
  /** How many more places hold the same text (schema branches), when there are any. */
  more?: number;
}

/** The messages of the instruction rules: about a tool, about an item, or a text scanned in part. */
export interface InstructionFacts {
  tool: InstructionData;
  item: InstructionData;
  partlyScanned: PartlyScannedData;
}

/** What the read-only message of annotation-conflict advises. */
export type ReadOnlyAdvice = "destroys" | "modes" | "changes";

/** Every lint rule's facts: rule id → message id → the data its sentence is made from. */
export interface LintFacts {
  "description-missing": { blank: Record<string, never>; missing: Record<string, never> };
  "description-short": { short: { text: string; length: number } };
  "definition-large": { large: { tokens: number } };
  "name-invalid": { invalid: { name: unknown } };
  "name-style-mixed": {
    mixed: { styles: Array<{ style: NameStyle; count: number; examples: string[] }> };
  };
  "tool-duplicate": { duplicate: { name: string; count: number } };
  "input-schema-missing": { missing: { input: unknown } };
  "schema-not-object": {
    "not-json-object": { field: SchemaField };
    "no-type": { field: SchemaField };
    "other-type": { field: SchemaField; type: unknown };
  };
  "property-no-type": {
    property: { what: string; path: string };
    items: { what: string; path: string };
  };
  "required-unknown": { unknown: { name: string } };
  "required-missing": { missing: { name: string; said: string; list: boolean } };
  "required-with-default": { "has-default": { name: string; value: unknown } };
  "schema-invalid": { invalid: { field: string; error: string } };
  "schema-unchecked": {
    unchecked: { field: string; reason: string };
    networkRef: { field: string; ref: string };
    patternRefused: { field: string; reason: string };
  };
  "enum-empty": { empty: Record<string, never> };
  "x-mcp-header-invalid": { invalid: { problem: HeaderProblem } };
  "hidden-unicode": { partlyScanned: PartlyScannedData; hidden: HiddenTextData };
  "description-instruction": InstructionFacts;
  /** Run on tools alone, so never about an item. */
  "schema-instruction": Omit<InstructionFacts, "item">;
  "annotation-conflict": {
    "read-only": { capabilities: string[]; sources: string[]; advice: ReadOnlyAdvice };
    destructive: { sources: string[] };
  };
}
