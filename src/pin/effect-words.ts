// What a tool's description, its parameters and its enum values say about side effects. The verb
// lists are the effect rules' (effect-rules.ts), so a word that makes a tool name `write`
// makes an enum value a write mode too; only the few mode words that no tool name needs are added
// here. The scorecard uses these to stay safe by default, lint to find annotations that disagree.
import { DELETE_VERBS, EXEC_WORDS, RUN_VERBS, WRITE_VERBS } from "./effect-rules.js";
import { nameWords } from "../util/tool-name.js";

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

// Parameter name words for a field to sort, order or filter by: its values are fields or kinds
// (`order_by: "label_priority"`, `target_type: "merge_request"`), not operations.
const SELECTOR_WORDS = new Set([
  "sort",
  "sortby",
  "order",
  "orderby",
  "by",
  "filter",
  "filters",
  "field",
  "fields",
  "column",
  "columns",
  "group",
  "groupby",
  "facet",
  "include",
  "exclude",
  "where",
  "scope",
  "target",
  "state",
  "status",
  "event",
  "events",
]);
const SELECTOR_DESCRIPTION =
  /\b(?:sort(?:s|ed|ing)?|order(?:s|ed|ing)?|group(?:s|ed|ing)?) (?:\w+ ){0,3}by\b|\bfilter(?:s|ed|ing)?\b|\bfield to (?:sort|order|group)\b|\breturns? \w+ with the specified\b/i;

/**
 * True when the parameter picks a field to sort, order or filter by (its name or description says
 * so): then its enum values are fields or kinds (`label_priority`, `merge_request`), and never a
 * write mode, though a word of theirs is a verb. Only a parameter that selects an operation
 * (`action`, `operation`, `mode`, …) offers write modes.
 */
export function sortsOrFilters(name: string, schema: unknown): boolean {
  if (nameWords(name).some((w) => SELECTOR_WORDS.has(w))) return true;
  const description =
    typeof schema === "object" && schema !== null && !Array.isArray(schema)
      ? (schema as Record<string, unknown>).description
      : undefined;
  return typeof description === "string" && SELECTOR_DESCRIPTION.test(description);
}

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

// A place to write: a verb of writing with where (`to`, `in`, `into`, `under`), a name or path "to
// save", a destination or an output file. "A path to read, as written by save_file" is none.
const PLACE_TO_WRITE =
  /\b(?:(?:save[sd]?|saving|store[sd]?|storing|download(?:s|ed)?|export(?:s|ed)?)\s+(?:[\w-]+\s+){0,2}?(?:to|in|into|under)\b|(?:write|writes|written|writing)\s+(?:[\w-]+\s+){0,2}?(?:to|into)\b|(?:file ?name|path|file|directory|dir|folder|location) (?:to|for|in which to) (?:save|write|store|download|export)\b|destination\b|output (?:file|path|dir\w*|folder|location)\b)/i;
// The description's words for a place on disk: "Text to write to the process's stdin" names none.
const PLACE_NOUN = /\b(?:file|files|file ?name|path|directory|dir|folder|location)\b/i;
// Name words that, with a word of place, say where output goes: `save_path`, `output_dir`.
const PLACE_WORDS = new Set([
  "path",
  "dir",
  "directory",
  "folder",
  "file",
  "filename",
  "filepath",
  "location",
]);
const OUT_WORDS = new Set(["save", "output", "out", "download", "export", "dest", "destination"]);
const DESTINATION_NAMES = new Set([
  "destination",
  "dest",
  "outdir",
  "outfile",
  "outpath",
  "savepath",
  "savedir",
]);

/**
 * Why a parameter names a place the tool writes to (`localPath`: "The directory to save images
 * in"; `output_dir`; `destination`), or null. Such a tool may write, whether the parameter is
 * required or optional: downloading to a path is writing.
 */
export function placeToWrite(name: string, schema: unknown): string | null {
  const words = nameWords(name);
  if (words.some((w) => DESTINATION_NAMES.has(w)) || DESTINATION_NAMES.has(words.join("")))
    return `its name says '${name}'`;
  if (words.some((w) => OUT_WORDS.has(w)) && words.some((w) => PLACE_WORDS.has(w)))
    return `its name says '${name}'`;
  const s = typeof schema === "object" && schema !== null && !Array.isArray(schema) ? schema : {};
  const { description, type } = s as Record<string, unknown>;
  if (type !== undefined && type !== "string") return null;
  if (typeof description !== "string") return null;
  // The cheap test first: most parameters name no place at all.
  if (!(words.some((w) => PLACE_WORDS.has(w)) || PLACE_NOUN.test(description))) return null;
  const m = PLACE_TO_WRITE.exec(description);
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
const RUN_FORMS = new Set(["run", "runs", "execute", "executes"]);
const QUERY_OBJECT =
  /\b(?:quer(?:y|ies)|search(?:es)?|aggregations?|lookups?|read-only|readonly|select|explain|count)\b/i;
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
    const clause = description
      .slice(verbAt)
      .split(/[.;:,!?()\n]/)[0]!
      .split(/\s+/)
      .slice(0, 6)
      .join(" ");
    // Running a query ("Run a find query", "Runs a custom read-only SQL") reads.
    if (RUN_FORMS.has(m[1]!.toLowerCase()) && QUERY_OBJECT.test(clause)) continue;
    return clause;
  }
  return null;
}
