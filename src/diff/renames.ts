import type { RawTool } from "../mcp/types.js";
import { sameText, TextDigest } from "../pin/field-diff.js";
import { nameText, stableJson } from "../util/json.js";
import type { LikelyRename } from "./types.js";
import { compareCodeUnits } from "../util/order.js";
import { nameWords as words } from "../util/tool-name.js";

/** Edit distance between two short strings, for name similarity. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

const jaccard = (a: ReadonlySet<string>, b: ReadonlySet<string>): number => {
  const shared = [...a].filter((w) => b.has(w)).length;
  const all = new Set([...a, ...b]).size;
  return all === 0 ? 0 : shared / all;
};

/** How much each description word tells, from how few of the server's tools use it. */
type WordWeights = (word: string) => number;

function wordWeights(tools: readonly RawTool[]): WordWeights {
  const df = new Map<string, number>();
  for (const t of tools) for (const w of descriptionWords(t.description)) df.set(w, (df.get(w) ?? 0) + 1);
  const n = Math.max(1, tools.length);
  // Boilerplate shared by most tools of a server ("always use absolute paths") weighs little.
  return (w) => Math.log(1 + n / (df.get(w) ?? 1));
}

/** A weighted Dice score of two descriptions' words. */
function wordOverlap(a: ReadonlySet<string>, b: ReadonlySet<string>, weight: WordWeights): number {
  const sum = (ws: Iterable<string>) => [...ws].reduce((s, w) => s + weight(w), 0);
  const total = sum(a) + sum(b);
  return total === 0 ? 0 : (2 * sum([...a].filter((w) => b.has(w)))) / total;
}

/** Parameters alike by name (`libraryId` in `context7CompatibleLibraryID`), as a Dice score. */
function sharedParameters(pa: readonly string[], pb: readonly string[]): { score: number; shared: string[] } {
  const shared: string[] = [];
  const left = new Set(pb);
  for (const p of pa) {
    const match = [...left].find((q) => q === p || nameSimilarity(p, q) >= 0.75);
    if (match !== undefined) {
      shared.push(p === match ? p : `${p}~${match}`);
      left.delete(match);
    }
  }
  return { score: (2 * shared.length) / (pa.length + pb.length), shared: shared.sort(compareCodeUnits) };
}

/**
 * How alike two names are, from 0 to 1, with the case style left out: the same words in another
 * style (`tavily-search`, `tavily_search`; `getTinyImage`, `get-tiny-image`) are 1; one name's
 * words all kept in the other (`read_output`, `read_process_output`) are at least 0.75; else the
 * better of shared words and few edits for their length.
 */
export function nameSimilarity(a: string, b: string): number {
  const wa = words(a);
  const wb = words(b);
  if (wa.join(" ") === wb.join(" ")) return 1;
  const sa = new Set(wa);
  const sb = new Set(wb);
  const contained = [...sa].every((w) => sb.has(w)) || [...sb].every((w) => sa.has(w));
  const x = wa.join("");
  const y = wb.join("");
  const edits = 1 - editDistance(x, y) / Math.max(1, x.length, y.length);
  return Math.max(jaccard(sa, sb), edits, contained && sa.size > 0 && sb.size > 0 ? 0.75 : 0);
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

interface Candidate {
  from: string;
  to: string;
  score: number;
  same: LikelyRename["same"];
  reasons: string[];
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The evidence that `b` is `a` renamed, with its score and the reasons a reviewer reads. */
function compare(a: RawTool, b: RawTool, weight: WordWeights): Candidate {
  const from = nameText(a.name);
  const to = nameText(b.name);
  const reasons: string[] = [];
  const same: LikelyRename["same"] = [];

  const name = nameSimilarity(from, to);
  if (name === 1) reasons.push("same words in another case style");
  else if (name >= 0.5) reasons.push(`names ${pct(name)} alike`);

  let description = 0;
  if (describes(a.description) && sameText(a.description, b.description)) {
    description = 1;
    same.push("description");
    reasons.push("same description");
  } else {
    description = wordOverlap(descriptionWords(a.description), descriptionWords(b.description), weight);
    if (description >= 0.3) reasons.push(`descriptions ${pct(description)} alike`);
  }

  const pa = parameterNames(a.inputSchema);
  const pb = parameterNames(b.inputSchema);
  let parameters = 0;
  if (stableJson(a.inputSchema ?? null) === stableJson(b.inputSchema ?? null)) {
    // An identical schema with parameters is strong evidence; two empty ones are weak.
    parameters = pa.length > 0 ? 1 : 0.3;
    if (pa.length > 0) same.push("inputSchema");
    reasons.push(pa.length > 0 ? "same inputSchema" : "both take no parameters");
  } else if (pa.length + pb.length > 0) {
    const shared = sharedParameters(pa, pb);
    parameters = shared.score;
    if (shared.shared.length) reasons.push(`shared parameters: ${shared.shared.join(", ")}`);
  }

  const score = WEIGHT.name * name + WEIGHT.description * description + WEIGHT.parameters * parameters;
  return { from, to, score, same, reasons };
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
  const weight = wordWeights(context);
  const all: Candidate[] = [];
  for (const r of removed) for (const a of added) all.push(compare(r, a, weight));
  // Each tool's best score, for pairs that are each other's best match.
  const best = new Map<string, number>();
  for (const c of all) {
    best.set(`-${c.from}`, Math.max(best.get(`-${c.from}`) ?? 0, c.score));
    best.set(`+${c.to}`, Math.max(best.get(`+${c.to}`) ?? 0, c.score));
  }
  const mutual = (c: Candidate) => best.get(`-${c.from}`) === c.score && best.get(`+${c.to}`) === c.score;
  const lone = removed.length === 1 && added.length === 1;
  const candidates = all.filter(
    (c) =>
      c.score >= RENAME_THRESHOLD ||
      (c.score >= MUTUAL_RENAME_THRESHOLD && mutual(c)) ||
      (lone && c.score >= LONE_RENAME_THRESHOLD),
  );
  candidates.sort(
    (x, y) => y.score - x.score || compareCodeUnits(x.from, y.from) || compareCodeUnits(x.to, y.to),
  );
  const usedFrom = new Set<string>();
  const usedTo = new Set<string>();
  const out: RenamePair[] = [];
  for (const c of candidates) {
    if (usedFrom.has(c.from) || usedTo.has(c.to)) continue;
    usedFrom.add(c.from);
    usedTo.add(c.to);
    out.push({
      from: c.from,
      to: c.to,
      same: c.same,
      score: Math.round(c.score * 100) / 100,
      reasons: c.reasons,
    });
  }
  return out.sort((x, y) => compareCodeUnits(x.from, y.from));
}
