import type { InstructionMatch } from "../instruction-match.js";
import { quote, type OrderKey, type Report } from "../rule.js";
import { partlyScanned } from "../scan-bound.js";
import type { InstructionData, InstructionFacts } from "./facts.js";

// A text's line: what it is, the technique's words, its id and the words matched; that it was
// scanned only in part starts with the place alone, and so sorts first.
const instructionOrder: OrderKey<InstructionData> = (d) =>
  `${d.what} ${d.label} ${d.technique} ${quote(d.span, 120)} ${d.more ?? ""}`;

/** The instruction rules' messages: about a tool, about a prompt, resource template or resource, or a text scanned in part. */
export const INSTRUCTION_MESSAGES: { [K in keyof InstructionFacts]: OrderKey<InstructionFacts[K]> } = {
  partlyScanned: (d) => `${d.where} (`,
  tool: instructionOrder,
  item: instructionOrder,
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
type InstructionReport = Report<Omit<InstructionFacts, "item">>;

/** Reports that the text at `path` was scanned for instructions only in part, if it was. */
export function reportPartlyScanned(text: string, path: string, report: InstructionReport): void {
  const partly = partlyScanned(text, path, "instructions to the model");
  if (partly) report("partlyScanned", partly.path, partly.data, partly.args, "error");
}
