import { findInstructions } from "../instruction-match.js";
import { defineRule } from "../rule.js";
import { isObject } from "../walk.js";
import { INSTRUCTION_MESSAGES, reportInstructions, reportPartlyScanned } from "./instruction-messages.js";

/** description-instruction: a tool's description and titles addressing the model. */
export const descriptionInstruction = defineRule({
  id: "description-instruction",
  severity: "warning",
  docs: {
    summary: "A description or title that addresses the model instead of describing the tool.",
    help: "Overriding the model's instructions, hiding things from the user, sending data elsewhere, reading secrets or the conversation, changing other tools: these are how tool poisoning works. Describe the tool, nothing else. A plain order against the user is an error, a weaker sign a warning.",
    finds:
      "a tool's description or title that addresses the model: one finding per technique below, `error` where it plainly turns the model against the user, `warning` for a weaker sign",
    severities: "error, warning",
  },
  messages: INSTRUCTION_MESSAGES,
  check({ tool }, report) {
    const prose: Array<[unknown, string]> = [
      [tool.description, "description"],
      [tool.title, "title"],
      [isObject(tool.annotations) ? tool.annotations.title : undefined, "annotations.title"],
    ];
    for (const [text, path] of prose) {
      if (typeof text !== "string") continue;
      reportPartlyScanned(text, path, report);
      reportInstructions("description-instruction", path, path, findInstructions(text), report);
    }
  },
});
