import { createHash } from "node:crypto";
import { ToolscoreError } from "../util/errors.js";

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

function canonicalString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const short = SHORT_ESCAPES[c];
    if (short !== undefined) out += short;
    else if (c < 0x20) out += hex4(c);
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += s[i]! + s[i + 1]!;
        i++;
      } else out += hex4(c); // a lone surrogate cannot be UTF-8: keep it as its escape
    } else if (c >= 0xdc00 && c <= 0xdfff) out += hex4(c);
    else out += s[i]!;
  }
  return out + '"';
}

function canonicalNumber(n: number): string {
  if (!Number.isFinite(n)) {
    throw new ToolscoreError("FILE_INVALID", `cannot canonicalize the number ${n}: JSON has no such value`);
  }
  // ECMAScript's Number::toString is the serialisation RFC 8785 prescribes; -0 is written as 0.
  return Object.is(n, -0) ? "0" : String(n);
}

/**
 * The RFC 8785 canonical JSON of a JSON value: the same value always gives the same text, whatever
 * the key order or formatting it came with. `undefined` members of objects are left out, as in JSON.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      return canonicalNumber(value);
    case "string":
      return canonicalString(value);
    case "object": {
      if (Array.isArray(value))
        return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
      const obj = value as Record<string, unknown>;
      // Default sort compares UTF-16 code units, which is the order RFC 8785 asks for.
      const keys = Object.keys(obj)
        .filter((k) => obj[k] !== undefined)
        .sort();
      return `{${keys.map((k) => `${canonicalString(k)}:${canonicalJson(obj[k])}`).join(",")}}`;
    }
    default:
      throw new ToolscoreError("FILE_INVALID", `cannot canonicalize a value of type ${typeof value}`);
  }
}

/** SHA-256 of a string's UTF-8 bytes, as lowercase hex. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** SHA-256 of the canonical JSON of a value, as lowercase hex. */
export function hashJson(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
