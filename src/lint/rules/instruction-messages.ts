import type { InstructionMatch } from "../instruction-match.js";
import { quote, type MessageTemplate, type Report } from "../rule.js";
import { PARTLY_SCANNED, partlyScanned, type PartlyScannedData } from "../scan-bound.js";

/** The data of a description-instruction or schema-instruction sentence. */
export interface InstructionData {
  /** The rule's id, for the sub-id in the sentence (`description-instruction/send-elsewhere`). */
  rule: string;
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

/** The sentence of a finding of the instruction rules; the fix depends on what the text belongs to. */
export const instructionMessage = (d: InstructionData): string =>
  `${d.what} ${d.label} (${d.rule}/${d.technique}): ${quote(d.span, 120)}` +
  (d.more ? `; the same text is in ${d.more} more place${d.more === 1 ? "" : "s"}` : "");

// The path is in the message already; a schema's may be long, so the fix does not repeat it.
const rewrite = (d: InstructionData): string =>
  d.rule === "schema-instruction"
    ? d.more
      ? "Rewrite the text in each place"
      : "Rewrite the text"
    : `Rewrite ${d.path}`;

/** The instruction rules' messages: about a tool, or about a prompt, resource template or resource. */
export const INSTRUCTION_MESSAGES: {
  tool: MessageTemplate<InstructionData>;
  item: MessageTemplate<InstructionData>;
  partlyScanned: MessageTemplate<PartlyScannedData>;
} = {
  partlyScanned: PARTLY_SCANNED,
  tool: {
    message: instructionMessage,
    fix: (d) =>
      `${rewrite(d)} to describe the tool and its inputs only; remove text that instructs the model.`,
  },
  item: {
    message: instructionMessage,
    fix: (d) =>
      `${rewrite(d)} to describe what the ${d.item ?? "item"} is for; remove text that instructs the model.`,
  },
};

/**
 * One finding per technique found in one text: the sub-id, the exact span, the graded severity.
 * `at` is the text's path, or every path holding the same text (the first is the finding's; all
 * are in `args.places`).
 */
export function reportInstructions(
  rule: "description-instruction" | "schema-instruction",
  at: string | readonly string[],
  what: string,
  matches: readonly InstructionMatch[],
  report: InstructionReport,
): void {
  const places = typeof at === "string" ? [at] : at;
  const path = places[0]!;
  const more = places.length - 1;
  for (const m of matches) {
    report(
      "tool",
      path,
      { rule, what, path, technique: m.id, label: m.label, span: m.text, ...(more ? { more } : {}) },
      { technique: m.id, span: m.text, ...(more ? { places: [...places] } : {}) },
      m.severity,
    );
  }
}

/** How the instruction rules report. */
type InstructionReport = Report<{
  tool: InstructionData;
  item: InstructionData;
  partlyScanned: PartlyScannedData;
}>;

/** Reports that the text at `path` was scanned for instructions only in part, if it was. */
export function reportPartlyScanned(text: string, path: string, report: InstructionReport): void {
  const partly = partlyScanned(text, path, "instructions to the model");
  if (partly) report("partlyScanned", partly.path, partly.data, partly.args, "error");
}
