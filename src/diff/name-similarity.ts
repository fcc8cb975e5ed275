// How alike two tool names (or parameter names) are, with the case style left out: words in
// common, and few edits for their length. Made for millions of pairs (a diff compares each removed
// tool with each added one): a name is read into its words once, the edit table is reused, and a
// name longer than MCP allows is compared by its words only.
import { nameWords as words } from "../util/tool-name.js";

// Two rows of the edit distance table, reused: a diff may compare millions of name pairs.
let rowA = new Int32Array(0);
let rowB = new Int32Array(0);

/** Edit distance between two short strings, for name similarity. */
function editDistance(a: string, b: string): number {
  if (rowA.length < b.length + 1) {
    rowA = new Int32Array(b.length + 1);
    rowB = new Int32Array(b.length + 1);
  }
  let prev = rowA;
  let cur = rowB;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1));
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

// How many of a's words b has.
function sharedCount(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return n;
}

/**
 * How alike two names are, from 0 to 1, with the case style left out: the same words in another
 * style (`tavily-search`, `tavily_search`; `getTinyImage`, `get-tiny-image`) are 1; one name's
 * words all kept in the other (`read_output`, `read_process_output`) are at least 0.75; else the
 * better of shared words and few edits for their length.
 */
export function nameSimilarity(a: string, b: string): number {
  return similarity(nameProfile(a), nameProfile(b));
}

/** A name as name similarity reads it: made once per name, since each is compared with many. */
export interface NameProfile {
  words: string[];
  spaced: string;
  joined: string;
  set: Set<string>;
}

const nameProfiles = new Map<string, NameProfile>();

export function nameProfile(name: string): NameProfile {
  let p = nameProfiles.get(name);
  if (p === undefined) {
    const ws = words(name.length > EDIT_NAME_MAX * 4 ? name.slice(0, EDIT_NAME_MAX * 4) : name);
    p = { words: ws, spaced: ws.join(" "), joined: ws.join(""), set: new Set(ws) };
    // A bounded memo: a diff of 100,000 tools must not keep every name it ever compared.
    if (nameProfiles.size >= 50_000) nameProfiles.clear();
    nameProfiles.set(name, p);
  }
  return p;
}

// Names longer than this (MCP asks for at most 128 characters) are compared by their words only:
// an edit distance costs the product of the two lengths. Only the start of a longer name counts.
const EDIT_NAME_MAX = 128;

/** {@link nameSimilarity} of two names already read. */
export function similarity(a: NameProfile, b: NameProfile): number {
  if (a.spaced === b.spaced) return 1;
  const shared = sharedCount(a.set, b.set);
  const contained = shared === a.set.size || shared === b.set.size;
  const x = a.joined;
  const y = b.joined;
  const edits =
    x.length <= EDIT_NAME_MAX && y.length <= EDIT_NAME_MAX
      ? 1 - editDistance(x, y) / Math.max(1, x.length, y.length)
      : 0;
  const all = a.set.size + b.set.size - shared;
  const jaccardScore = all === 0 ? 0 : shared / all;
  return Math.max(jaccardScore, edits, contained && a.set.size > 0 && b.set.size > 0 ? 0.75 : 0);
}
