import type { RawTool } from "../mcp/types.js";
import { sha256Hex } from "../pin/canonical.js";
import { sameText, TextDigest } from "../pin/field-diff.js";
import { nameText, stableJson } from "../util/json.js";
import type { LikelyRename, RenameReason } from "./types.js";
import { compareCodeUnits } from "../util/order.js";
import { nameProfile, nameSimilarity, similarity, type NameProfile } from "./name-similarity.js";

/** How much each description word tells, from how few of the server's tools use it. */
type WordWeights = (word: string) => number;

// Only the words of the tools compared (`vocabulary`) are ever weighed: those alone are counted.
function wordWeights(
  tools: readonly RawTool[],
  wordsOf: (t: RawTool) => Set<string>,
  vocabulary: ReadonlySet<string>,
): WordWeights {
  const df = new Map<string, number>();
  for (const t of tools) for (const w of wordsOf(t)) if (vocabulary.has(w)) df.set(w, (df.get(w) ?? 0) + 1);
  const n = Math.max(1, tools.length);
  // Boilerplate shared by most tools of a server ("always use absolute paths") weighs little.
  return (w) => Math.log(1 + n / (df.get(w) ?? 1));
}

const weightSum = (ws: Iterable<string>, weight: WordWeights) => [...ws].reduce((s, w) => s + weight(w), 0);

/** A weighted Dice score of two descriptions' words (each side's weight summed once, in its profile). */
function wordOverlap(a: ToolProfile, b: ToolProfile, weight: WordWeights): number {
  const total = a.weight + b.weight;
  if (total === 0) return 0;
  let shared = 0;
  for (const w of a.words) if (b.words.has(w)) shared += weight(w);
  return (2 * shared) / total;
}

// Past this many pairs of parameter names, only the same names count as shared: comparing every
// name of one schema with every name of another would cost their product.
const FUZZY_PARAMETER_PAIRS = 10_000;

/** Parameters alike by name (`libraryId` in `context7CompatibleLibraryID`), as a Dice score. */
function sharedParameters(pa: readonly string[], pb: readonly string[]): { score: number; shared: string[] } {
  const shared: string[] = [];
  const left = new Set(pb);
  const fuzzy = pa.length * pb.length <= FUZZY_PARAMETER_PAIRS;
  for (const p of pa) {
    const match = left.has(p) ? p : fuzzy ? [...left].find((q) => nameSimilarity(p, q) >= 0.75) : undefined;
    if (match !== undefined) {
      shared.push(p === match ? p : `${p}~${match}`);
      left.delete(match);
    }
  }
  return { score: (2 * shared.length) / (pa.length + pb.length), shared: shared.sort(compareCodeUnits) };
}

// Words that say nothing about what a tool does.
const STOP = new Set(
  "a an the and or of to in on for from with by as at is are be this that it its into any all can use used using you your tool returns return".split(
    " ",
  ),
);

// The words of a description's start are evidence enough of what the tool does; a description of
// tens of megabytes would otherwise be copied whole (lower-cased), and kept by its words.
const WORDS_FROM = 64 * 1024;

// Whether a description says something: text that is not blank (a digest is of a text past
// diff-kb, whose start is kept).
const describes = (d: unknown): boolean =>
  d instanceof TextDigest
    ? d.head.trim() !== "" || d.length > TextDigest.HEAD
    : typeof d === "string" && d.trim() !== "";

/** The content words of a description, crudely stemmed (`prints` and `print` are one word). */
function descriptionWords(description: unknown): Set<string> {
  // A lock's text kept as its digest keeps its start, which is all that is read of it here.
  const text = description instanceof TextDigest ? description.head : description;
  if (typeof text !== "string") return new Set();
  return new Set(
    (
      text
        .slice(0, WORDS_FROM)
        .toLowerCase()
        .match(/[a-z0-9]+/g) ?? []
    )
      .filter((w) => !STOP.has(w))
      .map((w) => (w.length > 4 ? w.replace(/(?:ies|es|s|ing|ed)$/, "") : w)),
  );
}

function parameterNames(schema: unknown): string[] {
  const props = (schema as { properties?: unknown } | null)?.properties;
  return typeof props === "object" && props !== null && !Array.isArray(props) ? Object.keys(props) : [];
}

// Weights of the three kinds of evidence, and the score a pair needs.
const WEIGHT = { name: 0.4, description: 0.3, parameters: 0.3 };
/** The score from which a removed and an added tool are paired as a likely rename. */
export const RENAME_THRESHOLD = 0.5;
/** The lower score enough for two tools that are each other's best match. */
export const MUTUAL_RENAME_THRESHOLD = 0.45;
/** The score enough when one tool was removed and one added: then a rename is the likely story. */
export const LONE_RENAME_THRESHOLD = 0.35;

/** A likely rename as found, before the two tools are compared field by field. */
export type RenamePair = Omit<LikelyRename, "change">;

const percent = (x: number) => Math.round(x * 100);

// A tool as the rename search reads it, made once: each removed tool meets every added one.
interface ToolProfile {
  tool: RawTool;
  name: string;
  nameProfile: NameProfile;
  words: Set<string>;
  weight: number;
  parameters: string[];
  /** The schema's sorted-key JSON (hashed when long): equal keys, equal schemas. */
  schema: string;
}

function schemaKey(schema: unknown): string {
  const text = stableJson(schema ?? null);
  // No JSON text starts with `#`.
  return text.length > 4096 ? `#${sha256Hex(text)}:${text.length}` : text;
}

/** What speaks for `b` being `a` renamed: a score from 0 to 1 for each kind of evidence. */
interface Evidence {
  name: number;
  description: number;
  sameDescription: boolean;
  parameters: number;
  sameSchema: boolean;
  /** Parameters alike by name, when the schemas differ. */
  shared: string[];
}

function evidenceOf(a: ToolProfile, b: ToolProfile, weight: WordWeights): Evidence {
  const name = similarity(a.nameProfile, b.nameProfile);
  const sameDescription = describes(a.tool.description) && sameText(a.tool.description, b.tool.description);
  const description = sameDescription ? 1 : wordOverlap(a, b, weight);
  const pa = a.parameters;
  const pb = b.parameters;
  const sameSchema = a.schema === b.schema;
  let parameters = 0;
  let shared: string[] = [];
  // An identical schema with parameters is strong evidence; two empty ones are weak.
  if (sameSchema) parameters = pa.length > 0 ? 1 : 0.3;
  else if (pa.length + pb.length > 0) ({ score: parameters, shared } = sharedParameters(pa, pb));
  return { name, description, sameDescription, parameters, sameSchema, shared };
}

const scoreOf = (e: Evidence) =>
  WEIGHT.name * e.name + WEIGHT.description * e.description + WEIGHT.parameters * e.parameters;

/** The reasons a reviewer reads, as facts, and what the two share exactly; made only for pairs taken. */
function explain(e: Evidence, parameters: number): Pick<LikelyRename, "same" | "reasons"> {
  const reasons: RenameReason[] = [];
  const same: LikelyRename["same"] = [];
  if (e.name === 1) reasons.push({ kind: "same-words" });
  else if (e.name >= 0.5) reasons.push({ kind: "names-alike", percent: percent(e.name) });
  if (e.sameDescription) {
    same.push("description");
    reasons.push({ kind: "same-description" });
  } else if (e.description >= 0.3)
    reasons.push({ kind: "descriptions-alike", percent: percent(e.description) });
  if (e.sameSchema) {
    if (parameters > 0) same.push("inputSchema");
    reasons.push({ kind: parameters > 0 ? "same-input-schema" : "no-parameters" });
  } else if (e.shared.length) reasons.push({ kind: "shared-parameters", parameters: e.shared });
  return { same, reasons };
}

/**
 * Pairs removed tools with added ones that look like the same tool under a new name, by a score
 * that combines name similarity (case style left out), description word overlap and shared
 * parameters. Pairs at or above {@link RENAME_THRESHOLD} (or {@link MUTUAL_RENAME_THRESHOLD} when
 * each is the other's best match, {@link LONE_RENAME_THRESHOLD} when they are the only tool removed
 * and the only one added) are taken one to one, best score first;
 * ties go by name, so the result is deterministic. Each pair carries its score and its reasons.
 * `context` (all tools of both sides) weighs description words: boilerplate most tools share
 * counts for little.
 */
export function findRenames(
  removed: RawTool[],
  added: RawTool[],
  context: readonly RawTool[] = [...removed, ...added],
): RenamePair[] {
  // No pair, no words to weigh: a diff where nothing was both removed and added costs nothing here.
  if (removed.length === 0 || added.length === 0) return [];
  // The words of the tools compared are kept; the other tools' are counted and let go.
  const compared = new Map<RawTool, Set<string>>();
  for (const t of [...removed, ...added]) compared.set(t, descriptionWords(t.description));
  const wordsOf = (t: RawTool) => compared.get(t) ?? descriptionWords(t.description);
  const vocabulary = new Set<string>();
  for (const ws of compared.values()) for (const w of ws) vocabulary.add(w);
  const weight = wordWeights(context, wordsOf, vocabulary);
  const profile = (t: RawTool): ToolProfile => {
    const name = nameText(t.name);
    const words = wordsOf(t);
    return {
      tool: t,
      name,
      nameProfile: nameProfile(name),
      words,
      weight: weightSum(words, weight),
      parameters: parameterNames(t.inputSchema),
      schema: schemaKey(t.inputSchema),
    };
  };
  const from = removed.map(profile);
  const to = added.map(profile);
  // Every pair is scored, but only those that may be taken are kept, as numbers (a diff may score
  // a million pairs); each tool's best score is kept as it goes, for pairs that are each other's
  // best match.
  const lone = removed.length === 1 && added.length === 1;
  const lowest = lone ? LONE_RENAME_THRESHOLD : MUTUAL_RENAME_THRESHOLD;
  const keptI: number[] = [];
  const keptJ: number[] = [];
  const keptScore: number[] = [];
  const bestFrom = new Float64Array(from.length);
  const bestTo = new Float64Array(to.length);
  for (let i = 0; i < from.length; i++)
    for (let j = 0; j < to.length; j++) {
      const score = scoreOf(evidenceOf(from[i]!, to[j]!, weight));
      if (score > bestFrom[i]!) bestFrom[i] = score;
      if (score > bestTo[j]!) bestTo[j] = score;
      if (score >= lowest) {
        keptI.push(i);
        keptJ.push(j);
        keptScore.push(score);
      }
    }
  const takeable = (k: number) => {
    const score = keptScore[k]!;
    const mutual = bestFrom[keptI[k]!] === score && bestTo[keptJ[k]!] === score;
    return (
      score >= RENAME_THRESHOLD ||
      (score >= MUTUAL_RENAME_THRESHOLD && mutual) ||
      (lone && score >= LONE_RENAME_THRESHOLD)
    );
  };
  const candidates = keptScore.map((_, k) => k).filter(takeable);
  candidates.sort(
    (x, y) =>
      keptScore[y]! - keptScore[x]! ||
      compareCodeUnits(from[keptI[x]!]!.name, from[keptI[y]!]!.name) ||
      compareCodeUnits(to[keptJ[x]!]!.name, to[keptJ[y]!]!.name),
  );
  const usedFrom = new Set<number>();
  const usedTo = new Set<number>();
  const out: RenamePair[] = [];
  for (const k of candidates) {
    const a = from[keptI[k]!]!;
    const b = to[keptJ[k]!]!;
    if (usedFrom.has(keptI[k]!) || usedTo.has(keptJ[k]!)) continue;
    usedFrom.add(keptI[k]!);
    usedTo.add(keptJ[k]!);
    // The evidence is found again for the pairs taken, with the reasons a reviewer reads.
    const { same, reasons } = explain(evidenceOf(a, b, weight), a.parameters.length);
    out.push({ from: a.name, to: b.name, same, score: Math.round(keptScore[k]! * 100) / 100, reasons });
  }
  return out.sort((x, y) => compareCodeUnits(x.from, y.from));
}
