// The lint rules, in the order of SPEC section 6. Each is one module: id, severity, docs, message
// templates and check. The catalogue below is what SARIF, the README's rule table and
// `mcp lint --help` read. Ids and severities are a stable contract.
import type { Severity } from "../types.js";
import { annotationConflict } from "./annotation-conflict.js";
import { definitionLarge } from "./definition-large.js";
import { descriptionInstruction } from "./description-instruction.js";
import { descriptionMissing } from "./description-missing.js";
import { descriptionShort } from "./description-short.js";
import { enumEmpty } from "./enum-empty.js";
import { hiddenUnicode } from "./hidden-unicode.js";
import { inputSchemaMissing } from "./input-schema-missing.js";
import { nameInvalid } from "./name-invalid.js";
import { nameStyleMixed } from "./name-style-mixed.js";
import { propertyNoType } from "./property-no-type.js";
import { requiredMissing } from "./required-missing.js";
import { requiredUnknown } from "./required-unknown.js";
import { requiredWithDefault } from "./required-with-default.js";
import { schemaInstruction } from "./schema-instruction.js";
import { schemaInvalid } from "./schema-invalid.js";
import { schemaNotObject } from "./schema-not-object.js";
import { schemaUnchecked } from "./schema-unchecked.js";
import { toolDuplicate } from "./tool-duplicate.js";
import { xMcpHeaderInvalid } from "./x-mcp-header-invalid.js";

/** Every lint rule module, in catalogue order. */
export const LINT_RULE_MODULES = [
  descriptionMissing,
  descriptionShort,
  definitionLarge,
  nameInvalid,
  nameStyleMixed,
  toolDuplicate,
  inputSchemaMissing,
  schemaNotObject,
  propertyNoType,
  requiredUnknown,
  requiredMissing,
  requiredWithDefault,
  schemaInvalid,
  schemaUnchecked,
  enumEmpty,
  xMcpHeaderInvalid,
  hiddenUnicode,
  descriptionInstruction,
  schemaInstruction,
  annotationConflict,
] as const;

/** The stable id of every lint rule. */
export type LintRuleId = (typeof LINT_RULE_MODULES)[number]["id"];

/** One rule of the catalogue: what SARIF, the README and reports say about it. */
export interface LintRule {
  id: LintRuleId;
  severity: Severity;
  /** One line: what the rule finds. */
  summary: string;
  /** Why it matters and what to do, in a sentence or two. */
  help: string;
  /** The README rule table's "finds" cell (Markdown). */
  finds: string;
  /** The severities the rule's findings take when its check grades them (`error, warning`). */
  severities?: string;
}

/** Every lint rule, in the order of SPEC section 6. */
export const LINT_RULES: readonly LintRule[] = LINT_RULE_MODULES.map((m) => ({
  id: m.id,
  severity: m.severity,
  ...m.docs,
}));

/** The catalogue by id. */
export const LINT_RULE_BY_ID: Readonly<Record<LintRuleId, LintRule>> = Object.fromEntries(
  LINT_RULES.map((r) => [r.id, r]),
) as Record<LintRuleId, LintRule>;

/** The README's rule table, made from the catalogue (a test keeps the README's copy equal). */
export function lintRuleTable(): string {
  const rows = LINT_RULES.map((r) => `| \`${r.id}\` | ${r.severities ?? r.severity} | ${r.finds} |`);
  return ["| rule | severity | finds |", "| --- | --- | --- |", ...rows].join("\n");
}
