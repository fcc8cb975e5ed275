import { defineRule } from "../rule.js";

/** description-missing: no description, or only white space. */
export const descriptionMissing = defineRule({
  id: "description-missing",
  severity: "warning",
  docs: {
    summary: "The tool has no description, or only white space.",
    help: "A model chooses tools by their descriptions. Say what the tool does, what it returns and when to use it.",
    finds: "no description, or only white space",
  },
  // A blank description's line sorts before a missing one's.
  messages: { blank: () => "0", missing: () => "1" },
  check({ tool }, report) {
    const d = tool.description;
    if (typeof d !== "string") report("missing", "description", {});
    else if (d.trim() === "") report("blank", "description", {});
  },
});
