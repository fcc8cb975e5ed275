import type { Emit, ToolUnderLint } from "./context.js";
import { quote } from "./context.js";
import { isObject } from "./walk.js";

// A small list of its own: the capability rules answer a wider question (what a tool may do);
// this rule only needs the words that make a read-only claim implausible.
const DELETE_WORDS = new Set([
  "delete",
  "remove",
  "drop",
  "purge",
  "destroy",
  "erase",
  "wipe",
  "truncate",
  "unlink",
  "rm",
  "del",
]);
const EXEC_WORDS = new Set([
  "exec",
  "execute",
  "shell",
  "eval",
  "bash",
  "subprocess",
  "sh",
  "powershell",
  "cmd",
]);
const RUN_OBJECTS = new Set(["command", "commands", "code", "script", "scripts", "shell", "program", "cmd"]);

const DESCRIPTION_DELETES = /^\s*(?:delete|remove|drop|purge|destroy|erase|wipe|truncate|unlink)s?\b/i;
const DESCRIPTION_EXECUTES =
  /\b(?:execut(?:e|es|ing)|runs?|running|evaluat(?:e|es|ing))\s+(?:an?\s+|the\s+|arbitrary\s+|any\s+|given\s+)*(?:shell\s+|system\s+|terminal\s+|bash\s+|python\s+|javascript\s+)?(?:commands?|scripts?|code|programs?)\b/i;

/** The words of a tool name: snake, kebab, dot and camelCase split, lowercased. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** Why a tool reads as deleting or executing, or undefined. */
export function deletesOrExecutes(name: unknown, description: unknown): string | undefined {
  if (typeof name === "string") {
    const words = nameWords(name);
    const del = words.find((w) => DELETE_WORDS.has(w));
    if (del) return `its name has the delete verb '${del}'`;
    const exec = words.find((w) => EXEC_WORDS.has(w));
    if (exec) return `its name has the execution word '${exec}'`;
    if (words.includes("run")) {
      const obj = words.find((w) => RUN_OBJECTS.has(w));
      if (obj) return `its name has 'run' and '${obj}'`;
    }
  }
  if (typeof description === "string") {
    const d = DESCRIPTION_DELETES.exec(description);
    if (d) return `its description starts with ${quote(d[0].trim())}`;
    const x = DESCRIPTION_EXECUTES.exec(description);
    if (x) return `its description says ${quote(x[0])}`;
  }
  return undefined;
}

/** annotation-conflict: readOnlyHint true on a tool that says it deletes or executes. */
export function checkAnnotations({ tool }: ToolUnderLint, emit: Emit): void {
  if (!isObject(tool.annotations) || tool.annotations.readOnlyHint !== true) return;
  const why = deletesOrExecutes(tool.name, tool.description);
  if (!why) return;
  emit(
    "annotation-conflict",
    "annotations.readOnlyHint",
    `readOnlyHint is true, but ${why}`,
    "Set readOnlyHint to false (and destructiveHint to true if it deletes), or fix the name and description if the tool only reads.",
    { reason: why },
  );
}
