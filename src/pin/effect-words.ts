// What a tool's description, its parameters and its enum values say about side effects. The verb
// lists are the effect rules' (effect-rules.ts), so a word that makes a tool name `write`
// makes an enum value a write mode too; only the few mode words that no tool name needs are added
// here. The scorecard uses these to stay safe by default, lint to find annotations that disagree.
import { DELETE_VERBS, EXEC_WORDS, RUN_VERBS, WRITE_VERBS } from "./effect-rules.js";
import { nameWords } from "./effects.js";

/** Mode words beyond the capability verbs: an enum value `apply` or `restart` changes something. */
export const EXTRA_MODE_WORDS: readonly string[] = [
  "apply",
  "kill",
  "stop",
  "start",
  "restart",
  "scale",
  "deploy",
  "install",
  "rollback",
  "reset",
  "drain",
  "cordon",
  "terminate",
  "shutdown",
  "reboot",
  "overwrite",
  "approve",
  "archive",
  "restore",
  "grant",
  "rotate",
  "annotate",
  "label",
  "taint",
];

const MODE_WORDS = new Set([
  ...WRITE_VERBS,
  ...DELETE_VERBS,
  ...EXEC_WORDS,
  ...RUN_VERBS,
  ...EXTRA_MODE_WORDS,
]);

/**
 * True when an enum or const value names a write, delete or exec mode (`set`, `create`, `delete`,
 * `apply`, `run`, `exec`, `set_context`, …). Only strings can; `created` or `settings` do not.
 */
export function isWriteModeValue(value: unknown): boolean {
  return typeof value === "string" && nameWords(value).some((w) => MODE_WORDS.has(w));
}

// Parameter name words that choose a destination or make a call write.
const DESTINATION_WORDS = new Set([
  "filename",
  "filepath",
  "output",
  "outfile",
  "outdir",
  "outpath",
  "destination",
  "dest",
  "save",
  "overwrite",
  "force",
  "persist",
  "upload",
]);
const PARAM_WORDS = new Set([...DESTINATION_WORDS, ...WRITE_VERBS, ...DELETE_VERBS, ...EXEC_WORDS]);

/** A parameter description that says the value is where something is written. */
export const DESTINATION_DESCRIPTION =
  /\b(?:save[sd]?|saving|writes?|written|writing|overwrit\w*|destination|persist\w*|upload\w*|output (?:file|path|dir\w*|folder|location)|store[sd]? (?:to|in|at|under))\b/i;

/**
 * Why a parameter may write or choose a destination (`filename`, `output_path`, `save_to`, a
 * description "File name to save the screenshot to"), or null when its name and description say
 * nothing of the kind. The scorecard never fills such a parameter when it is optional.
 */
export function writeLikeParameter(name: string, schema: unknown): string | null {
  const words = nameWords(name);
  const joined = words.join("");
  const word = words.find((w) => PARAM_WORDS.has(w));
  if (word) return `its name says '${word}'`;
  if (joined === "filename" || joined === "filepath" || /^out(put)?(file|path|dir)/.test(joined))
    return `its name says '${name}'`;
  const description =
    typeof schema === "object" && schema !== null && !Array.isArray(schema)
      ? (schema as Record<string, unknown>).description
      : undefined;
  const m = typeof description === "string" ? DESTINATION_DESCRIPTION.exec(description) : null;
  return m ? `its description says '${m[0]}'` : null;
}

// Verbs that, as what the tool does, change something. Written as stems with their third-person forms.
const CHANGE_VERBS = [
  "set",
  "sets",
  "change",
  "changes",
  "write",
  "writes",
  "delete",
  "deletes",
  "remove",
  "removes",
  "create",
  "creates",
  "update",
  "updates",
  "modify",
  "modifies",
  "overwrite",
  "overwrites",
  "save",
  "saves",
  "run",
  "runs",
  "execute",
  "executes",
  "switch",
  "switches",
  "apply",
  "applies",
  "install",
  "installs",
  "kill",
  "kills",
];
// A clause start (the description's start, after punctuation or a dash) or a joining word, then the
// verb, then an object that starts with a determiner: "…, or set the current context", "Writes a
// file". "List all changes the user made" or "a running process" do not match.
const CHANGE_PATTERN = new RegExp(
  `(?:^|[.;:,!?()\\u2013\\u2014-]\\s*|\\b(?:or|and|then|also|can|will|to|may)\\s+)(${CHANGE_VERBS.join("|")})\\s+(?:the|a|an|any|new|its|their|your|current|given|specified|existing|one|all|each|every|this|that|these|those|files?|data|values?|contents?)\\b`,
  "gi",
);
const NEGATION = /\b(?:not|never|no|without|cannot|can't|won't|doesn't|don't|nor)\s+(?:\w+\s+){0,2}$/i;

/**
 * The words of a description that say the tool sets, changes, writes, deletes or runs something
 * (`set the current context`, `Writes a file`), or null. A negated verb ("never writes the file",
 * "does not change the data") does not count.
 */
export function describedChange(description: unknown): string | null {
  if (typeof description !== "string") return null;
  CHANGE_PATTERN.lastIndex = 0;
  for (let m = CHANGE_PATTERN.exec(description); m; m = CHANGE_PATTERN.exec(description)) {
    const verbAt = m.index + m[0].toLowerCase().lastIndexOf(m[1]!.toLowerCase());
    const before = description.slice(Math.max(0, verbAt - 40), verbAt);
    if (NEGATION.test(before)) continue;
    // Quote the clause: the verb and its object, up to punctuation or a few words.
    return description
      .slice(verbAt)
      .split(/[.;:,!?()\n]/)[0]!
      .split(/\s+/)
      .slice(0, 6)
      .join(" ");
  }
  return null;
}
