// The words of every lint finding: its sentence and its fix, made from the rule id, the message id
// and the facts the rule reported (src/lint/rules/facts.ts). The rules report facts; their
// sentences are made here and nowhere else (publint's `formatMessage`).
import type { LintFacts, LintFinding, LintFindingJson } from "../lint/index.js";
import { DEFINITION_TOKEN_LIMIT } from "../lint/rules/definition-large.js";
import type { InstructionData } from "../lint/rules/facts.js";
import { quote } from "../lint/rule.js";
import type { PartlyScannedData } from "../lint/scan-bound.js";
import { isObject } from "../lint/walk.js";
import { limitPhrase } from "../util/limits.js";
import { headerProblemFix, headerProblemWhy } from "./lint-header-words.js";

/** A message's sentence and fix, each made from the finding's facts. */
interface Words<D> {
  message(data: D): string;
  fix(data: D): string;
}

const PARTLY_SCANNED: Words<PartlyScannedData> = {
  message: (d) => `${d.where} (${d.kb} KB) was scanned for ${d.what} only up to ${limitPhrase("scan-kb")}`,
  fix: (d) => `Shorten ${d.where}; to check all of it, raise the scan-kb limit past its size.`,
};

const instructionMessage = (d: InstructionData): string =>
  `${d.what} ${d.label} (${d.rule}/${d.technique}): ${quote(d.span, 120)}` +
  (d.more ? `; the same text is in ${d.more} more place${d.more === 1 ? "" : "s"}` : "");

// The path is in the message already; a schema's may be long, so the fix does not repeat it.
const rewrite = (d: InstructionData): string =>
  d.rule === "schema-instruction"
    ? d.more
      ? "Rewrite the text in each place"
      : "Rewrite the text"
    : `Rewrite ${d.path}`;

/** The instruction rules' words: about a tool, or about a prompt, resource template or resource. */
const INSTRUCTION_WORDS = {
  partlyScanned: PARTLY_SCANNED,
  tool: {
    message: instructionMessage,
    fix: (d: InstructionData) =>
      `${rewrite(d)} to describe the tool and its inputs only; remove text that instructs the model.`,
  },
  item: {
    message: instructionMessage,
    fix: (d: InstructionData) =>
      `${rewrite(d)} to describe what the ${d.item ?? "item"} is for; remove text that instructs the model.`,
  },
};

function invalidName(name: unknown): string {
  if (typeof name !== "string") {
    return name === undefined
      ? "the tool has no name"
      : `the name is a ${Array.isArray(name) ? "list" : name === null ? "null" : typeof name}, not a string`;
  }
  if (name.length === 0) return "the name is empty";
  if (name.length > 128) return `the name is ${name.length} characters long (at most 128)`;
  return `the name ${quote(name)} has characters other than A-Z, a-z, 0-9, _, - and .`;
}

function missingInput(input: unknown): string {
  if (input === undefined) return "tool has no inputSchema";
  if (isObject(input)) {
    return Object.keys(input).length === 0
      ? "inputSchema is empty"
      : `inputSchema is empty (it has only ${Object.keys(input).sort().join(", ")})`;
  }
  return `inputSchema is ${Array.isArray(input) ? "a list" : input === null ? "null" : `a ${typeof input}`}, not an object`;
}

const READ_ONLY_FIX = {
  destroys:
    "Set readOnlyHint to false and destructiveHint to true; or, if the tool only reads, fix its name and description.",
  modes: "Set readOnlyHint to false, or split the write modes into a tool of their own.",
  changes: "Set readOnlyHint to false; or, if the tool only reads, fix its name and description.",
};

const DESCRIBE = "Add a description: what the tool does, what it returns and when to use it.";

type F<R extends keyof LintFacts> = LintFacts[R];

/** Every lint rule's words, by rule id and message id. */
export const LINT_MESSAGES: { readonly [R in keyof LintFacts]: { [M in keyof F<R>]: Words<F<R>[M]> } } = {
  "description-missing": {
    blank: { message: () => "description is only white space", fix: () => DESCRIBE },
    missing: { message: () => "tool has no description", fix: () => DESCRIBE },
  },
  "description-short": {
    short: {
      message: (d) => `description ${quote(d.text)} is only ${d.length} characters`,
      fix: () => "Write at least one full sentence: what the tool does, its inputs and what it returns.",
    },
  },
  "definition-large": {
    large: {
      message: (d) => `large tool definition (~${d.tokens} estimated tokens)`,
      fix: () =>
        `Shorten the description and schema text to under about ${DEFINITION_TOKEN_LIMIT} tokens (${DEFINITION_TOKEN_LIMIT * 4} characters); it is sent to the model on every turn.`,
    },
  },
  "name-invalid": {
    invalid: {
      message: (d) => `invalid tool name: ${invalidName(d.name)}`,
      fix: () => "Rename the tool with 1 to 128 characters of A-Z, a-z, 0-9, '_', '-' and '.'.",
    },
  },
  "name-style-mixed": {
    mixed: {
      message: (d) =>
        `tool names mix naming styles: ${d.styles
          .map(
            (s) =>
              `${s.style} (${s.count}: ${s.examples.map((e) => JSON.stringify(e)).join(", ")}${s.count > s.examples.length ? ", …" : ""})`,
          )
          .join(", ")}`,
      fix: (d) =>
        `Name every tool in one style; ${d.styles[0]!.style}, the one most of them use, changes the fewest names.`,
    },
  },
  "tool-duplicate": {
    duplicate: {
      message: (d) => `${d.count} tools are named ${quote(d.name)}`,
      fix: () => "Give each tool a unique name; a call can only ever reach one of them.",
    },
  },
  "input-schema-missing": {
    missing: {
      message: (d) => missingInput(d.input),
      fix: () =>
        'Declare the arguments as a JSON Schema object; with none, use {"type": "object", "properties": {}}.',
    },
  },
  "schema-not-object": {
    "not-json-object": {
      message: (d) => `${d.field} is not a JSON object`,
      fix: (d) => `Make ${d.field} a JSON Schema with "type": "object".`,
    },
    "no-type": {
      message: (d) => `${d.field} has no type`,
      fix: (d) => `Set "type": "object" at the root of ${d.field}.`,
    },
    "other-type": {
      message: (d) => `${d.field} has type ${JSON.stringify(d.type)}, not "object"`,
      fix: (d) => `Set "type": "object" at the root of ${d.field}; wrap other values in a property.`,
    },
  },
  "property-no-type": {
    property: {
      message: (d) => `${d.what} has no type`,
      fix: (d) => `Add a "type" to ${d.what} (or an enum, const, or anyOf of typed schemas).`,
    },
    items: {
      message: (d) => `${d.what} has no type`,
      fix: (d) => `Add a "type" to the items schema at ${d.path}.`,
    },
  },
  "required-unknown": {
    unknown: {
      message: (d) => `required names ${quote(d.name)}, which is not among the properties`,
      fix: (d) =>
        `Add ${quote(d.name)} to properties with a type and description, or remove it from required.`,
    },
  },
  "required-missing": {
    missing: {
      message: (d) =>
        `property ${quote(d.name)} is described as required (${quote(d.said, 30)}) but ${d.list ? "is not in the required list" : "the schema has no required list"}`,
      fix: (d) =>
        `Add ${quote(d.name)} to "required"; or, if it may be left out, drop "required" from its description.`,
    },
  },
  "required-with-default": {
    "has-default": {
      message: (d) =>
        `property ${quote(d.name)} is required and has a default (${quote(JSON.stringify(d.value) ?? "null", 40)}), which never applies`,
      fix: (d) => `Make ${quote(d.name)} optional so the default applies, or drop the default.`,
    },
  },
  "schema-invalid": {
    invalid: {
      message: (d) => `${d.field} does not compile as JSON Schema: ${d.error}`,
      fix: () => "Fix the schema so a JSON Schema validator (draft 2020-12 or draft-07) accepts it.",
    },
  },
  "schema-unchecked": {
    unchecked: {
      message: (d) => `${d.field} was not checked as JSON Schema: ${d.reason}`,
      fix: () =>
        "Split the tool or trim the schema so it can be checked; it was neither found valid nor invalid.",
    },
    networkRef: {
      message: (d) =>
        `values cannot be checked against ${d.field}: it refers to ${quote(d.ref, 200)}, a network $ref toolscore never fetches`,
      fix: () =>
        "Put the referenced schema in $defs and refer to it as #/$defs/…: clients must not fetch a network $ref either.",
    },
    patternRefused: {
      message: (d) => `values cannot be checked against ${d.field}: ${d.reason}`,
      fix: () =>
        "Shorten the pattern (or check the value in the tool); to run it anyway, raise the pattern-chars limit past its length.",
    },
  },
  "enum-empty": {
    empty: {
      message: () => "enum has no values, so no value is valid",
      fix: () => "List the allowed values in the enum, or remove it.",
    },
  },
  "x-mcp-header-invalid": {
    invalid: {
      message: (d) => `${headerProblemWhy(d.problem)}; clients over Streamable HTTP will not show the tool`,
      fix: (d) => headerProblemFix(d.problem),
    },
  },
  "hidden-unicode": {
    partlyScanned: PARTLY_SCANNED,
    hidden: {
      message: (d) => {
        const more = d.more > 0 ? ` and ${d.more} more` : "";
        const spelled = d.smuggled ? `; its tag characters spell ${quote(d.smuggled, 80)}` : "";
        return `${d.count} hidden or disguised character${d.count === 1 ? "" : "s"} (${d.technique}) in ${d.where}: ${d.listed}${more}${spelled}`;
      },
      fix: (d) =>
        `Remove the invisible or look-alike characters from ${d.where}; a model reads them, a reviewer does not see them.`,
    },
  },
  "description-instruction": INSTRUCTION_WORDS,
  "schema-instruction": { partlyScanned: PARTLY_SCANNED, tool: INSTRUCTION_WORDS.tool },
  "annotation-conflict": {
    "read-only": {
      message: (d) =>
        `readOnlyHint is true, but the tool ${d.capabilities.length ? `reads as ${d.capabilities.join(" and ")}` : "says it changes something"} (${d.sources.join("; ")})`,
      fix: (d) => READ_ONLY_FIX[d.advice],
    },
    destructive: {
      message: (d) =>
        `destructiveHint is true, but the tool reads as a search or query (${d.sources.join(", ")})`,
      fix: () =>
        "Set destructiveHint to false (clients ask before every destructive call); or, if it does destroy data, say so in its name and description.",
    },
  },
};

/** A finding's sentence and fix, made from its rule, message id and facts (not escaped). */
export function formatLintFinding(f: LintFinding): { message: string; fix: string } {
  const words = (LINT_MESSAGES[f.rule] as Record<string, Words<unknown>>)[f.messageId as string]!;
  return { message: words.message(f.data), fix: words.fix(f.data) };
}

/** A finding's sentence (not escaped). */
export const lintMessage = (f: LintFinding): string => formatLintFinding(f).message;

/**
 * The document form of a finding, as the diff and the scorecard hold it: where it is, its sentence
 * and fix, its `args` when it has any, and the item it is about last.
 */
export function lintFindingJson(f: LintFinding): LintFindingJson {
  return {
    rule: f.rule,
    severity: f.severity,
    tool: f.tool,
    path: f.path,
    ...formatLintFinding(f),
    ...(f.args ? { args: f.args } : {}),
    ...(f.item ? { item: f.item } : {}),
  };
}
