import { defineRule, quote } from "../rule.js";

// SPEC 6: 1-128 characters of A-Za-z0-9_-. (the MCP tool-name rule).
const VALID_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** True when `name` is a valid MCP tool name. */
export function isValidToolName(name: unknown): name is string {
  return typeof name === "string" && VALID_NAME.test(name);
}

type Data = { name: unknown };

function why(name: unknown): string {
  if (typeof name !== "string") {
    return name === undefined
      ? "the tool has no name"
      : `the name is a ${Array.isArray(name) ? "list" : name === null ? "null" : typeof name}, not a string`;
  }
  if (name.length === 0) return "the name is empty";
  if (name.length > 128) return `the name is ${name.length} characters long (at most 128)`;
  return `the name ${quote(name)} has characters other than A-Z, a-z, 0-9, _, - and .`;
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
  messages: {
    invalid: {
      message: (d: Data) => `invalid tool name: ${why(d.name)}`,
      fix: () => "Rename the tool with 1 to 128 characters of A-Z, a-z, 0-9, '_', '-' and '.'.",
    },
  },
  check({ tool }, report) {
    const name = tool.name;
    if (isValidToolName(name)) return;
    report("invalid", "name", { name }, { name: typeof name === "string" ? name : null });
  },
});
