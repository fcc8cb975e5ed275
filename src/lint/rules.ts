import type { Severity } from "./types.js";

/** The stable id of every lint rule. */
export type LintRuleId =
  | "description-missing"
  | "description-short"
  | "definition-large"
  | "name-not-snake-case"
  | "name-invalid"
  | "tool-duplicate"
  | "input-schema-missing"
  | "schema-not-object"
  | "property-no-type"
  | "required-unknown"
  | "required-missing"
  | "required-with-default"
  | "schema-invalid"
  | "enum-empty"
  | "hidden-unicode"
  | "description-instruction"
  | "schema-instruction"
  | "annotation-conflict";

/** One rule of the catalogue: what SARIF, the README and reports say about it. */
export interface LintRule {
  id: LintRuleId;
  severity: Severity;
  /** One line: what the rule finds. */
  summary: string;
  /** Why it matters and what to do, in a sentence or two. */
  help: string;
}

/** A definition over this many estimated tokens gets `definition-large`. */
export const DEFINITION_TOKEN_LIMIT = 200;
/** A description shorter than this many characters gets `description-short`. */
export const DESCRIPTION_MIN_LENGTH = 10;

/** Every lint rule, in the order of SPEC section 6. Ids and severities are a stable contract. */
export const LINT_RULES: readonly LintRule[] = [
  {
    id: "description-missing",
    severity: "warning",
    summary: "The tool has no description, or only white space.",
    help: "A model chooses tools by their descriptions. Say what the tool does, what it returns and when to use it.",
  },
  {
    id: "description-short",
    severity: "warning",
    summary: `The description is shorter than ${DESCRIPTION_MIN_LENGTH} characters.`,
    help: "A few words rarely tell a model when to use a tool. Write a full sentence on what it does and returns.",
  },
  {
    id: "definition-large",
    severity: "warning",
    summary: `The tool definition is over about ${DEFINITION_TOKEN_LIMIT} estimated tokens.`,
    help: "Every definition is sent to the model on every turn. Trim long descriptions and schema text; move reference material elsewhere.",
  },
  {
    id: "name-not-snake-case",
    severity: "warning",
    summary: "The tool name is not snake_case.",
    help: "snake_case names (lowercase words joined by underscores) are the convention most clients and models expect.",
  },
  {
    id: "name-invalid",
    severity: "error",
    summary: "The tool name is not 1 to 128 characters of A-Z, a-z, 0-9, _, - and '.'.",
    help: "Clients reject or mangle other names. Rename the tool using only letters, digits, '_', '-' and '.'.",
  },
  {
    id: "tool-duplicate",
    severity: "error",
    summary: "Two tools share a name.",
    help: "A call names a tool, so only one of the two can ever be called. Give each tool a unique name.",
  },
  {
    id: "input-schema-missing",
    severity: "error",
    summary: "The inputSchema is missing, empty or not an object.",
    help: 'Every tool needs an inputSchema; a tool without parameters declares {"type": "object", "properties": {}}.',
  },
  {
    id: "schema-not-object",
    severity: "error",
    summary: 'The inputSchema (or outputSchema) has no type, or a type other than "object".',
    help: 'Tool arguments and structured results are JSON objects: set "type": "object" at the root of the schema.',
  },
  {
    id: "property-no-type",
    severity: "error",
    summary:
      "An inputSchema property has no type, and no enum, const, $ref or combinator that gives one (a warning when it is declared {}: a deliberate any; outputSchema values are not checked).",
    help: "Without a type a model guesses what to send. Give the property a type (or an enum, const or anyOf of typed schemas).",
  },
  {
    id: "required-unknown",
    severity: "error",
    summary: "A name in required is not among the schema's properties.",
    help: "No model can send a required argument it was never told about. Add the property or remove the name from required.",
  },
  {
    id: "required-missing",
    severity: "warning",
    summary: "The inputSchema has properties but no required list.",
    help: 'State which arguments must be given; write "required": [] when all are optional.',
  },
  {
    id: "required-with-default",
    severity: "warning",
    summary: "A required property has a default, which never applies.",
    help: "A caller must send a required argument, so its default is never used and misleads a model. Make the property optional, or drop the default.",
  },
  {
    id: "schema-invalid",
    severity: "error",
    summary: "The schema does not compile as JSON Schema.",
    help: "Clients validate arguments against the schema; one that does not compile breaks them. Fix the keyword the compiler names.",
  },
  {
    id: "enum-empty",
    severity: "error",
    summary: "An enum has no values.",
    help: "An empty enum accepts nothing, so no call can succeed. List the allowed values or remove the enum.",
  },
  {
    id: "hidden-unicode",
    severity: "error",
    summary:
      "Invisible, bidi-control, tag, blank or look-alike characters in a name, title, description or schema text.",
    help: "A model reads characters a reviewer cannot see, and words disguised with letters of another script; they are how instructions are smuggled into tool definitions. Remove them. Look-alike letters and stray combining marks alone are a warning.",
  },
  {
    id: "description-instruction",
    severity: "warning",
    summary: "A description or title that addresses the model instead of describing the tool.",
    help: "Overriding the model's instructions, hiding things from the user, sending data elsewhere, reading secrets or the conversation, changing other tools: these are how tool poisoning works. Describe the tool, nothing else. A plain order against the user is an error, a weaker sign a warning.",
  },
  {
    id: "schema-instruction",
    severity: "warning",
    summary: "The techniques of description-instruction inside inputSchema or outputSchema.",
    help: "A model reads property names, descriptions, titles, defaults, enum values, examples and unknown keywords of a schema as much as the description. Keep them about the argument; a plain order against the user is an error, a weaker sign a warning.",
  },
  {
    id: "annotation-conflict",
    severity: "warning",
    summary:
      "readOnlyHint is true on a tool that says it deletes, executes, sets or changes something (or offers such modes); or destructiveHint is true on a search or query.",
    help: "Clients skip confirmation for read-only tools. Set readOnlyHint to false (and destructiveHint as it applies), or rename the tool.",
  },
];

/** The catalogue by id. */
export const LINT_RULE_BY_ID: Readonly<Record<LintRuleId, LintRule>> = Object.fromEntries(
  LINT_RULES.map((r) => [r.id, r]),
) as Record<LintRuleId, LintRule>;
