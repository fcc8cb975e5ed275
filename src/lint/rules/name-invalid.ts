import { defineRule } from "../rule.js";

// SPEC 6: 1-128 characters of A-Za-z0-9_-. (the MCP tool-name rule).
const VALID_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** True when `name` is a valid MCP tool name. */
export function isValidToolName(name: unknown): name is string {
  return typeof name === "string" && VALID_NAME.test(name);
}

/** name-invalid: a name that is not 1 to 128 characters of A-Za-z0-9_-. */
export const nameInvalid = defineRule({
  id: "name-invalid",
  severity: "error",
  docs: {
    summary: "The tool name is not 1 to 128 characters of A-Z, a-z, 0-9, _, - and '.'.",
    help: "Clients reject or mangle other names. Rename the tool using only letters, digits, '_', '-' and '.'.",
    finds: "a name that is not 1 to 128 characters of `A-Za-z0-9_-.`",
  },
  // Findings at one place are of one name (the tool's label is its name, or unique).
  messages: { invalid: () => "" },
  check({ tool }, report) {
    const name = tool.name;
    if (isValidToolName(name)) return;
    report("invalid", "name", { name }, { name: typeof name === "string" ? name : null });
  },
});
