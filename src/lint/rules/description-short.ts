import { defineRule, quote } from "../rule.js";

/** A description shorter than this many characters gets `description-short`. */
export const DESCRIPTION_MIN_LENGTH = 10;

/** description-short: a description under {@link DESCRIPTION_MIN_LENGTH} characters. */
export const descriptionShort = defineRule({
  id: "description-short",
  severity: "warning",
  docs: {
    summary: `The description is shorter than ${DESCRIPTION_MIN_LENGTH} characters.`,
    help: "A few words rarely tell a model when to use a tool. Write a full sentence on what it does and returns.",
    finds: "a description under 10 characters",
  },
  messages: { short: (d) => quote(d.text) },
  check({ tool }, report) {
    const d = tool.description;
    if (typeof d !== "string" || d.trim() === "") return;
    const trimmed = d.trim();
    // Counted in code points; a long text cannot be short, so it is not walked.
    const length = trimmed.length >= DESCRIPTION_MIN_LENGTH * 2 ? trimmed.length : Array.from(trimmed).length;
    if (length < DESCRIPTION_MIN_LENGTH) {
      report("short", "description", { text: trimmed, length }, { length, min: DESCRIPTION_MIN_LENGTH });
    }
  },
});
