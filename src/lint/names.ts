import { nameWords } from "../util/tool-name.js";
import type { Emit, ToolUnderLint } from "./context.js";
import { quote } from "./context.js";

// SPEC 6: 1-128 characters of A-Za-z0-9_-. (the MCP tool-name rule).
const VALID_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/** A snake_case spelling of a valid name, for the fix. */
export function toSnakeCase(name: string): string {
  return nameWords(name).join("_");
}

/** name-invalid and name-not-snake-case. */
export function checkName({ tool }: ToolUnderLint, emit: Emit): void {
  const name = tool.name;
  if (typeof name !== "string" || !VALID_NAME.test(name)) {
    const why =
      typeof name !== "string"
        ? name === undefined
          ? "the tool has no name"
          : `the name is a ${Array.isArray(name) ? "list" : name === null ? "null" : typeof name}, not a string`
        : name.length === 0
          ? "the name is empty"
          : name.length > 128
            ? `the name is ${name.length} characters long (at most 128)`
            : `the name ${quote(name)} has characters other than A-Z, a-z, 0-9, _, - and .`;
    emit(
      "name-invalid",
      "name",
      `invalid tool name: ${why}`,
      "Rename the tool with 1 to 128 characters of A-Z, a-z, 0-9, '_', '-' and '.'.",
      { name: typeof name === "string" ? name : null },
    );
    return;
  }
  if (!SNAKE_CASE.test(name)) {
    const suggestion = toSnakeCase(name);
    emit(
      "name-not-snake-case",
      "name",
      `tool name ${quote(name)} is not snake_case`,
      SNAKE_CASE.test(suggestion)
        ? `Rename it to "${suggestion}".`
        : "Rename it with lowercase words joined by underscores.",
      { name, suggestion },
    );
  }
}

/** tool-duplicate: one finding on every tool after the first that reuses a name. */
export function checkDuplicates(tools: readonly ToolUnderLint[], emitFor: (i: number) => Emit): void {
  const firstAt = new Map<string, number>();
  tools.forEach(({ tool }, i) => {
    if (typeof tool.name !== "string") return;
    const first = firstAt.get(tool.name);
    if (first === undefined) {
      firstAt.set(tool.name, i);
      return;
    }
    const count = tools.filter((t) => t.tool.name === tool.name).length;
    emitFor(i)(
      "tool-duplicate",
      "name",
      `${count} tools are named ${quote(tool.name)}`,
      "Give each tool a unique name; a call can only ever reach one of them.",
      { name: tool.name, count, index: i, first_index: first },
    );
  });
}
