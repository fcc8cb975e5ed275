// The field diff of a lock against a server, and of two servers: data only (hunks of raw lines).
// Escaping for people is the report layer's business; JSON carries these lines exactly.
import { structuredPatch } from "diff";
import { sha256Hex, sha256OfParts } from "./canonical.js";
import { someInJson, sortKeysDeep, stableJson } from "../util/json.js";
import { prettyJsonPieces } from "../util/json-out.js";
import { limitBytes, limits } from "../util/limits.js";

/**
 * A unified diff of one field of a tool, as data: header names and hunks of raw lines, each
 * prefixed by ` `, `-` or `+`. The lines are exactly what the server sent; renderers for people
 * escape them (`renderFieldDiff` in the report layer), JSON keeps them as they are.
 */
export interface FieldDiff {
  field: string;
  /** `--- ` header name, e.g. `description (lock)`. */
  from: string;
  /** `+++ ` header name, e.g. `description`. */
  to: string;
  hunks: Array<{ header: string; lines: string[] }>;
  /**
   * Set, with no hunks, when the two sides are past a text-diff limit (`diff-kb`, `diff-lines`,
   * `diff-edits`): a line-by-line diff would cost time quadratic in the text, so only the sizes
   * and hashes of the two sides are given.
   */
  tooLarge?: { limit: "diff-kb" | "diff-lines" | "diff-edits"; from: TextSummary; to: TextSummary };
}

/** Line count and SHA-256 (of the UTF-8 text) of one side of a diff too large to show. */
export interface TextSummary {
  lines: number;
  sha256: string;
}

function newlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

const lineCount = (text: string): number => (text === "" ? 0 : newlines(text) + 1);

const summary = (text: string): TextSummary => ({ lines: lineCount(text), sha256: sha256Hex(text) });

/**
 * A text too long to diff line by line (past `diff-kb`), kept as its length, line count, hash and
 * start in place of the text: a lock checked against a server, or compared with one, needs no more
 * of it, since its diff can only be "too large to show". See `digestLongTexts` (lock-digest.ts).
 */
export class TextDigest {
  /** How much of the text's start {@link head} keeps. */
  static readonly HEAD = 64 * 1024;
  private constructor(
    readonly length: number,
    readonly lines: number,
    readonly sha256: string,
    /** The text's first {@link TextDigest.HEAD} UTF-16 units, for what reads only a text's start. */
    readonly head: string,
  ) {}

  /**
   * The digest of a field's text as {@link fieldText} shows it, made from its pieces: a schema
   * holding a description of megabytes is not turned into one text to be hashed.
   */
  static of(value: unknown): TextDigest {
    const pieces = fieldPieces(value);
    let length = 0;
    let lines = 0;
    let head = "";
    for (const p of pieces) {
      length += p.length;
      lines += newlines(p);
      if (head.length < TextDigest.HEAD) head += p.slice(0, TextDigest.HEAD - head.length);
    }
    // A copy, not a slice: V8 keeps a slice's whole parent text alive.
    const copy = Buffer.from(head, "utf16le").toString("utf16le");
    return new TextDigest(length, length === 0 ? 0 : lines + 1, sha256OfParts(pieces), copy);
  }

  /** Whether `text` is the text this digest was made of (hashed only when its length and start match). */
  matches(text: string): boolean {
    return text.length === this.length && text.startsWith(this.head) && sha256Hex(text) === this.sha256;
  }

  /** Whether two digests were made of the same text. */
  same(other: TextDigest): boolean {
    return other.length === this.length && other.sha256 === this.sha256;
  }
}

/** Whether two field values are the same text: strings, or texts kept as {@link TextDigest}s. */
export function sameText(a: unknown, b: unknown): boolean {
  if (a instanceof TextDigest)
    return b instanceof TextDigest ? a.same(b) : typeof b === "string" && a.matches(b);
  if (b instanceof TextDigest) return typeof a === "string" && b.matches(a);
  return typeof a === "string" && a === b;
}

/** Whether a field's text, as {@link fieldText} shows it, is too long to diff (`diff-kb`). */
export function pastDiffSize(text: string): boolean {
  return text.length > limitBytes("diff-kb");
}

/**
 * Whether the strings (keys and values) inside a JSON value add up past `diff-kb`: then its text as
 * {@link fieldText} shows it, which holds them all, is past it too. Walked only until the sum
 * passes the limit.
 */
export function stringsPastDiffSize(value: unknown): boolean {
  const limit = limitBytes("diff-kb");
  let sum = 0;
  return someInJson(value, (v, key) => {
    sum += (key?.length ?? 0) + (typeof v === "string" ? v.length : 0);
    return sum > limit;
  });
}

/**
 * How a field is shown for diffing: descriptions and other strings as text, everything else
 * (schemas, annotations) as indented JSON with sorted keys. An absent field is empty.
 */
export function fieldText(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  return stableJson(value);
}

// {@link fieldText} in pieces, in order: a long string inside a schema is not copied.
function fieldPieces(value: unknown): string[] {
  if (value === undefined || typeof value === "string") return [fieldText(value)];
  const pieces = prettyJsonPieces(sortKeysDeep(value));
  // The pieces of a file end in a new line; a field's text does not.
  pieces[pieces.length - 1] = pieces[pieces.length - 1]!.slice(0, -1);
  return pieces;
}

// A side kept as its digest is past diff-kb: the diff is the two sides' summaries, as it would be
// with the whole text. The other side is digested too, so a schema is never made one text.
function digestDiff(head: Pick<FieldDiff, "field" | "from" | "to">, before: unknown, after: unknown) {
  const side = (v: unknown): TextDigest => (v instanceof TextDigest ? v : TextDigest.of(v));
  const a = side(before);
  const b = side(after);
  if (a.same(b)) return undefined;
  const sum = (x: TextDigest): TextSummary => ({ lines: x.lines, sha256: x.sha256 });
  return { ...head, hunks: [], tooLarge: { limit: "diff-kb" as const, from: sum(a), to: sum(b) } };
}

function range(start: number, count: number): string {
  // GNU diff convention: a count of 1 is left out; an empty range starts one line before.
  if (count === 1) return String(start);
  return `${count === 0 ? Math.max(0, start - 1) : start},${count}`;
}

/**
 * The unified diff between two values of a field (three lines of context), lines kept raw.
 * Returns undefined when the two show the same.
 */
export function diffField(
  field: string,
  before: unknown,
  after: unknown,
  labels = { from: " (lock)", to: "" },
): FieldDiff | undefined {
  const head = { field, from: `${field}${labels.from}`, to: `${field}${labels.to}` };
  // A side past diff-kb for its strings alone (a schema holding a description of megabytes) is
  // compared as a digest: its text is never made whole only to be found too large.
  const past = (v: unknown) => v instanceof TextDigest || (typeof v === "object" && stringsPastDiffSize(v));
  if (past(before) || past(after)) return digestDiff(head, before, after);
  const a = fieldText(before);
  const b = fieldText(after);
  if (a === b) return undefined;
  const tooLarge = (limit: "diff-kb" | "diff-lines" | "diff-edits"): FieldDiff => ({
    ...head,
    hunks: [],
    tooLarge: { limit, from: summary(a), to: summary(b) },
  });
  if (pastDiffSize(a) || pastDiffSize(b)) return tooLarge("diff-kb");
  const maxLines = limits()["diff-lines"];
  if (lineCount(a) > maxLines || lineCount(b) > maxLines) return tooLarge("diff-lines");
  // Myers' diff takes time in the product of the text's length and the edit distance: bounded
  // by the edit distance, it gives up (undefined) instead of running for minutes.
  const patch = structuredPatch("a", "b", a === "" ? "" : a + "\n", b === "" ? "" : b + "\n", "", "", {
    context: 3,
    maxEditLength: limits()["diff-edits"],
  });
  if (!patch) return tooLarge("diff-edits");
  return {
    ...head,
    hunks: patch.hunks.map((h) => ({
      header: `@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@`,
      lines: h.lines.filter((l) => !l.startsWith("\\")),
    })),
  };
}
