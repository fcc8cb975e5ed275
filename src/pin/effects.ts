import type { RawTool } from "../mcp/types.js";
import { nameWords } from "../util/tool-name.js";
import { ToolscoreError } from "../util/errors.js";
import { isObject, setOwn } from "../util/json.js";
import {
  DELETE_VERBS,
  DESCRIPTION_DELETE_START,
  DESCRIPTION_PATTERNS,
  EXEC_OBJECTS,
  EXEC_WORDS,
  LEAD_WRITE_VERBS,
  NEGATIONS,
  NETWORK_WORDS,
  READ_VERBS,
  RUN_VERBS,
  WRITE_VERBS,
} from "./effect-rules.js";
import { placeToWrite } from "./effect-words.js";

/** What a tool may do. */
export type Effect = "read" | "write" | "delete" | "network" | "exec" | "unknown";

/** Every capability, in the order they are listed. */
export const EFFECTS: readonly Effect[] = ["read", "write", "delete", "network", "exec", "unknown"];

/** One capability and the human-readable reasons it was found. */
export interface EffectFinding {
  capability: Effect;
  sources: string[];
}

/** Capabilities that widen what a tool can do beyond repair: gaining one is `pin-capability-added`. */
export const DANGEROUS_EFFECTS: readonly Effect[] = ["delete", "exec"];

/** Effect overrides: tool name → the capabilities that replace the derived set. */
export type EffectOverrides = Record<string, Effect[]>;

export { nameWords };

/** The source of `unknown`: why nothing was found. */
export const NOTHING_MATCHED = "no annotation, name or description rule matched";

// Parameter name words for a web address a tool is given to read.
const URL_NAME_WORDS = ["url", "urls", "href", "website"];

const VERBS = new Set([
  ...READ_VERBS,
  ...WRITE_VERBS,
  ...LEAD_WRITE_VERBS,
  ...DELETE_VERBS,
  ...EXEC_WORDS,
  ...RUN_VERBS,
]);
// How many words may stand before the verb that leads a name: a server or vendor name and a
// product word (`brave_web_search`, `API-get-user`, `slack_get_users`).
const PREFIX_WORDS = 2;

/** The verb that leads a name: its first word that is a verb, after at most two that are not. */
export function leadVerb(words: readonly string[]): string | undefined {
  return words.slice(0, PREFIX_WORDS + 1).find((w) => VERBS.has(w));
}

/** The first word of a text and the verb stem it is a form of (`Gets` is `get`), if in `list`. */
function startsWith(text: string, list: readonly string[]): { word: string; verb: string } | undefined {
  const word = /^\s*([A-Za-z]+)/.exec(text)?.[1];
  if (!word) return undefined;
  const w = word.toLowerCase();
  const stem = [w, w.replace(/s$/, ""), w.replace(/es$/, ""), w.replace(/ies$/, "y")];
  const verb = list.find((v) => stem.includes(v));
  return verb ? { word, verb } : undefined;
}

/** Whether a negation comes before `index` in the same sentence of `text`. */
function negated(text: string, index: number): boolean {
  const sentence =
    text
      .slice(0, index)
      .split(/[.!?;:\n]/)
      .at(-1) ?? "";
  const words = sentence.toLowerCase().match(/[a-z']+/g) ?? [];
  return words.some((w) => NEGATIONS.includes(w) || w.endsWith("n't"));
}

class Found {
  private readonly map = new Map<Effect, string[]>();
  add(c: Effect, source: string): void {
    const list = this.map.get(c) ?? [];
    if (!list.includes(source)) list.push(source);
    this.map.set(c, list);
  }
  has(c: Effect): boolean {
    return this.map.has(c);
  }
  result(): EffectFinding[] {
    const out = EFFECTS.filter((c) => this.map.has(c)).map((c) => ({
      capability: c,
      sources: this.map.get(c)!,
    }));
    return out.length ? out : [{ capability: "unknown", sources: [NOTHING_MATCHED] }];
  }
}

function annotationsOf(tool: RawTool): Record<string, unknown> {
  const a = tool.annotations;
  return isObject(a) ? a : {};
}

/**
 * Derives a tool's capabilities (read, write, delete, network, exec, or unknown when nothing is
 * found), each with its sources. Annotations come first, then the name and description rules of
 * `effect-rules.ts` add what the annotations do not rule out, and so does a parameter that names a
 * place to write (`localPath`: "The directory to save images in"): `readOnlyHint: true` rules out
 * write, but never hides delete or exec. An `override` replaces the derived set (source `override`).
 * Pure: the same tool always gives the same list.
 */
export function deriveEffects(tool: RawTool, override?: readonly Effect[]): EffectFinding[] {
  if (override) {
    const set = EFFECTS.filter((c) => override.includes(c));
    return set.map((capability) => ({ capability, sources: ["override"] }));
  }
  const found = new Found();
  const ann = annotationsOf(tool);
  const readOnly = ann.readOnlyHint === true;
  if (readOnly) found.add("read", "annotation readOnlyHint: true");
  if (ann.readOnlyHint === false) found.add("write", "annotation readOnlyHint: false");
  if (ann.destructiveHint === true && !readOnly) {
    // A destructive tool is not read-only: it writes too.
    found.add("write", "annotation destructiveHint: true");
    found.add("delete", "annotation destructiveHint: true");
  }
  if (ann.openWorldHint === true) found.add("network", "annotation openWorldHint: true");

  const words = typeof tool.name === "string" ? nameWords(tool.name) : [];
  for (const w of words) {
    if (DELETE_VERBS.includes(w)) found.add("delete", `name verb '${w}'`);
    if (WRITE_VERBS.includes(w) && !readOnly) found.add("write", `name verb '${w}'`);
    if (EXEC_WORDS.includes(w)) found.add("exec", `name word '${w}'`);
    if (NETWORK_WORDS.includes(w)) found.add("network", `name word '${w}'`);
  }
  const lead = leadVerb(words);
  if (lead !== undefined && READ_VERBS.includes(lead)) found.add("read", `name verb '${lead}'`);
  if (lead !== undefined && LEAD_WRITE_VERBS.includes(lead) && !readOnly)
    found.add("write", `name verb '${lead}'`);
  const run = words.find((w) => RUN_VERBS.includes(w));
  const object = words.find((w) => EXEC_OBJECTS.includes(w));
  if (run && object) found.add("exec", `name '${run}' + '${object}'`);

  // Only when nothing else says write: one reason is enough, and a writer's list stays short.
  if (!readOnly && !found.has("write")) {
    const place = parameterPlace(tool.inputSchema);
    if (place !== null) found.add("write", place);
  }

  const description = typeof tool.description === "string" ? tool.description : "";
  const quoted = new Set<Effect>();
  // Where the first sentence ends, found once and only when an exec pattern needs it: the search
  // runs to the end of a description without a full stop, which may be megabytes long.
  let sentenceEnd: number | undefined;
  const leadEnd = () => (sentenceEnd ??= /^\s*[^]*?(?:[.!?](?=\s)|\n\s*\n|$)/.exec(description)![0].length);
  for (const { capability, pattern } of DESCRIPTION_PATTERNS) {
    // One quote per capability is enough to explain it.
    if (quoted.has(capability)) continue;
    const m = firstMatch(pattern, description, capability === "exec" ? leadEnd : undefined);
    if (m) {
      found.add(capability, `description '${m}'`);
      quoted.add(capability);
    }
  }
  // A tool that only reads and is given a web address to read reaches the network; a writer that
  // stores one (an item's website URL) does not.
  if (!found.has("write") && !found.has("network")) {
    const url = parameterUrl(tool.inputSchema);
    if (url !== null) found.add("network", url);
  }
  const del = startsWith(description, DESCRIPTION_DELETE_START);
  if (del) found.add("delete", `description starts with '${del.word}'`);
  const read = startsWith(description, READ_VERBS);
  if (read) found.add("read", `description starts with '${read.word}'`);
  return found.result();
}

/** The first top-level parameter that is a web address (`url`, `format: "uri"` with an http default), as a source, or null. */
function parameterUrl(inputSchema: unknown): string | null {
  const props = isObject(inputSchema) && isObject(inputSchema.properties) ? inputSchema.properties : {};
  for (const [name, schema] of Object.entries(props)) {
    if (!isObject(schema) || (schema.type !== undefined && schema.type !== "string")) continue;
    const web =
      (/url|href|website/i.test(name) && nameWords(name).some((w) => URL_NAME_WORDS.includes(w))) ||
      ((schema.format === "uri" || schema.format === "url") &&
        typeof schema.default === "string" &&
        /^https?:\/\//i.test(schema.default));
    if (web) return `parameter '${name}' (a web address)`;
  }
  return null;
}

/** The first top-level parameter that names a place to write, as a source, or null. */
function parameterPlace(inputSchema: unknown): string | null {
  const props = isObject(inputSchema) && isObject(inputSchema.properties) ? inputSchema.properties : {};
  for (const [name, schema] of Object.entries(props)) {
    const why = placeToWrite(name, schema);
    if (why !== null) return `parameter '${name}' (${why})`;
  }
  return null;
}

/**
 * The first match of `pattern` in `text`. For an exec pattern (`leadEnd` given), negated matches
 * are skipped, and an imperative counts only in the first sentence, which ends at `leadEnd()`.
 */
function firstMatch(pattern: RegExp, text: string, leadEnd?: () => number): string | undefined {
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`,
  );
  // The first sentence says what the tool does; an imperative later on is advice to the model
  // ("Run the returned curl command"), while a third-person verb still describes the tool.
  for (const m of text.matchAll(global)) {
    if (!leadEnd) return m[0];
    if (negated(text, m.index)) continue;
    if (/^\w+s\b/i.test(m[0]) || m.index < leadEnd()) return m[0];
  }
  return undefined;
}

/**
 * Checks parsed JSON as capability overrides (`{"tool_name": ["read"]}`) and returns them with each
 * list de-duplicated and in list order, tools sorted by name. `source` names the input in errors.
 */
export function parseEffectOverrides(data: unknown, source = "the capability overrides"): EffectOverrides {
  const bad = (why: string) =>
    new ToolscoreError(
      "FILE_INVALID",
      `${source} is not a valid capability override file: ${why} (expected {"tool_name": ["read", "write"]})`,
      { path: source },
    );
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw bad("it is not a JSON object");
  const out: EffectOverrides = {};
  for (const name of Object.keys(data).sort()) {
    const list = (data as Record<string, unknown>)[name];
    if (!Array.isArray(list) || list.length === 0) throw bad(`"${name}" is not a non-empty list`);
    for (const c of list) {
      if (typeof c !== "string" || !EFFECTS.includes(c as Effect))
        throw bad(`"${name}" names ${JSON.stringify(c)}, which is not one of ${EFFECTS.join(", ")}`);
    }
    setOwn(
      out,
      name,
      EFFECTS.filter((c) => list.includes(c)),
    );
  }
  return out;
}
