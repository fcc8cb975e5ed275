import * as crypto from "node:crypto";
import { isToolscoreError, ToolscoreError } from "../util/errors.js";
import { nonFiniteAt } from "../util/json.js";
import { numberOutOfRange, pathIn } from "../util/json-range.js";
import { jsonEscapedSlices, NEEDS_JSON_ESCAPE, SLICE, slices } from "../util/slices.js";

// RFC 8785 (JSON Canonicalization Scheme): object keys sorted by UTF-16 code units, no white space,
// numbers as ECMAScript writes them, strings with only the escapes JSON requires.

const SHORT_ESCAPES: Record<number, string> = {
  0x08: "\\b",
  0x09: "\\t",
  0x0a: "\\n",
  0x0c: "\\f",
  0x0d: "\\r",
  0x22: '\\"',
  0x5c: "\\\\",
};

const hex4 = (c: number) => `\\u${c.toString(16).padStart(4, "0")}`;

// What must be escaped (control characters, the quote, the backslash, and lone surrogates); everything
// else is written as it is.
const NEEDS_ESCAPE = new RegExp(NEEDS_JSON_ESCAPE.source, "g");

function canonicalString(s: string): string {
  if (!NEEDS_JSON_ESCAPE.test(s)) return `"${s}"`;
  return `"${s.replace(NEEDS_ESCAPE, (ch) => SHORT_ESCAPES[ch.charCodeAt(0)] ?? hex4(ch.charCodeAt(0)))}"`;
}

function canonicalNumber(n: number): string {
  if (!Number.isFinite(n)) {
    throw new ToolscoreError("FILE_INVALID", `cannot canonicalize the number ${n}: JSON has no such value`, {
      problem: "number-out-of-range",
    });
  }
  // ECMAScript's Number::toString is the serialisation RFC 8785 prescribes; -0 is written as 0.
  return Object.is(n, -0) ? "0" : String(n);
}

// Strings longer than this are kept as pieces of their own, not copied into a joined text.
const LONG = 64 * 1024;

// Canonical JSON of object keys, which repeat across tools ("type", "properties", …): made once.
const keyCache = new Map<string, string>();

function keyPart(k: string): string {
  let part = keyCache.get(k);
  if (part === undefined) {
    part = `${canonicalString(k)}:`;
    if (keyCache.size < 10_000) keyCache.set(k, part);
  }
  return part;
}

// Pushes the pieces of the canonical JSON of `root` onto `out`, joined once at the end: fewer
// short-lived strings than concatenating as it goes. A server's data may nest deeper than the
// stack, so the walk keeps its own: `values[i]` is the next value to write, unless `texts[i]` is a
// piece of punctuation or a key to write as it is.
function write(root: unknown, out: string[]): void {
  const values: unknown[] = [root];
  const texts: Array<string | undefined> = [undefined];
  while (values.length > 0) {
    const value = values.pop();
    const text = texts.pop();
    if (text !== undefined) {
      out.push(text);
      continue;
    }
    if (value === null) {
      out.push("null");
      continue;
    }
    switch (typeof value) {
      case "boolean":
        out.push(value ? "true" : "false");
        continue;
      case "number":
        out.push(canonicalNumber(value));
        continue;
      case "string":
        // A long string is pushed a slice at a time between quotes, escaped as JSON.stringify
        // escapes it (the escapes RFC 8785 asks for): never copied whole.
        if (value.length > LONG) out.push('"', ...jsonEscapedSlices(value), '"');
        else out.push(canonicalString(value));
        continue;
      case "object": {
        // Children go on the stack last first, so that they come off it in order.
        if (Array.isArray(value)) {
          out.push("[");
          values.push(undefined);
          texts.push("]");
          for (let i = value.length - 1; i >= 0; i--) {
            values.push(value[i] === undefined ? null : value[i]);
            texts.push(undefined);
            if (i > 0) {
              values.push(undefined);
              texts.push(",");
            }
          }
          continue;
        }
        const obj = value as Record<string, unknown>;
        // Default sort compares UTF-16 code units, which is the order RFC 8785 asks for.
        const keys = Object.keys(obj)
          .filter((k) => obj[k] !== undefined)
          .sort();
        out.push("{");
        values.push(undefined);
        texts.push("}");
        for (let i = keys.length - 1; i >= 0; i--) {
          const k = keys[i]!;
          values.push(obj[k]);
          texts.push(undefined);
          values.push(undefined);
          texts.push(i > 0 ? `,${keyPart(k)}` : keyPart(k));
        }
        continue;
      }
      default:
        throw new ToolscoreError("FILE_INVALID", `cannot canonicalize a value of type ${typeof value}`);
    }
  }
}

/**
 * The RFC 8785 canonical JSON of a JSON value: the same value always gives the same text, whatever
 * the key order or formatting it came with. `undefined` members of objects are left out, as in JSON.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  write(value, out);
  return out.join("");
}

/**
 * The canonical JSON of a value as one string, or, when it is long (a server may send a
 * description of tens of megabytes), as its pieces in order: joining them would copy the long
 * strings. Hash it with {@link sha256OfCanon}; `[].concat(…)` of pieces is the JSON of a whole.
 */
export type Canon = string | string[];

/** {@link canonicalJson}, as one string or, past 1 MB, as pieces (see {@link Canon}). */
export function canonicalPieces(value: unknown): Canon {
  const out: string[] = [];
  write(value, out);
  let length = 0;
  for (const p of out) length += p.length;
  return length > 1024 * 1024 ? out : out.join("");
}

/**
 * {@link canonicalPieces} of `value`, the field `field` (null: the whole) of what `holder()` names
 * (`tool "x"`, `prompt "greet"`): a number JSON cannot hold is refused as a snapshot refuses it,
 * naming the holder and the path to the number.
 */
export function canonicalPiecesOf(value: unknown, holder: () => string, field: string | null): Canon {
  try {
    return canonicalPieces(value);
  } catch (e) {
    if (!isToolscoreError(e) || e.data.problem !== "number-out-of-range") throw e;
    const at = nonFiniteAt(value);
    throw numberOutOfRange(holder(), field === null ? (at ?? "") : pathIn(field, at));
  }
}

/** SHA-256 of a {@link Canon}'s UTF-8 bytes, as lowercase hex. */
export function sha256OfCanon(canon: Canon): string {
  return typeof canon === "string" && canon.length <= 1024 * 1024 ? sha256Hex(canon) : sha256OfParts(canon);
}

/** The canonical JSON of an object key (a JSON string). */
export function canonicalKey(key: string): string {
  return canonicalString(key);
}

/** SHA-256 of a string's UTF-8 bytes, as lowercase hex. */
export function sha256Hex(text: string): string {
  // A long text is hashed a slice at a time: its UTF-8 copy would be as large as itself.
  if (text.length > SLICE) return sha256OfParts(text);
  return oneShot
    ? oneShot("sha256", text, "hex")
    : crypto.createHash("sha256").update(text, "utf8").digest("hex");
}

// crypto.hash (Node 20.12 and later) hashes without a Hash object: several times faster for the
// many small field hashes of a large lock.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: "hex") => string }).hash;

/** SHA-256 of the UTF-8 bytes of several strings one after the other, as lowercase hex. */
export function sha256OfParts(parts: Iterable<string> | string): string {
  const hash = crypto.createHash("sha256");
  for (const p of typeof parts === "string" ? [parts] : parts) {
    // A long string is encoded a slice at a time: its UTF-8 copy would be as large as itself.
    if (p.length <= SLICE) hash.update(p, "utf8");
    else for (const slice of slices(p)) hash.update(slice, "utf8");
  }
  return hash.digest("hex");
}

/** SHA-256 of the canonical JSON of a value, as lowercase hex. */
export function hashJson(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
