import { nameWords } from "../../util/tool-name.js";
import { defineRule, quote } from "../rule.js";
import { isValidToolName } from "./name-invalid.js";

const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/** A snake_case spelling of a valid name, for the fix. */
export function toSnakeCase(name: string): string {
  return nameWords(name).join("_");
}

type Data = { name: string; suggestion: string };

/** name-not-snake-case: a valid name that is not snake_case. */
export const nameNotSnakeCase = defineRule({
  id: "name-not-snake-case",
  severity: "warning",
  docs: {
    summary: "The tool name is not snake_case.",
    help: "snake_case names (lowercase words joined by underscores) are the convention most clients and models expect.",
    finds: "a valid name that is not snake_case (the fix suggests one)",
  },
  messages: {
    "not-snake-case": {
      message: (d: Data) => `tool name ${quote(d.name)} is not snake_case`,
      fix: (d: Data) =>
        SNAKE_CASE.test(d.suggestion)
          ? `Rename it to "${d.suggestion}".`
          : "Rename it with lowercase words joined by underscores.",
    },
  },
  check({ tool }, report) {
    const name = tool.name;
    if (!isValidToolName(name) || SNAKE_CASE.test(name)) return;
    const suggestion = toSnakeCase(name);
    report("not-snake-case", "name", { name, suggestion }, { name, suggestion });
  },
});
