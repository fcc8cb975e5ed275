import { sameText, TextDigest } from "../pin/field-diff.js";

type Obj = Record<string, unknown>;

/**
 * True when two JSON values are equal whatever their key order: the same test as comparing their
 * sorted-key JSON text, without building any text (a 10,000-tool diff makes this call for every
 * tool). Keys whose value is undefined are ignored, as JSON leaves them out.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null)
    // A lock's text kept as its digest is the same as the text it was made of (two digests are
    // compared as objects, field by field).
    return (a instanceof TextDigest || b instanceof TextDigest) && sameText(a, b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  let defined = 0;
  for (const k in a as Obj) {
    const v = (a as Obj)[k];
    if (v === undefined) continue;
    defined++;
    if (!Object.hasOwn(b, k) || !sameJson(v, (b as Obj)[k])) return false;
  }
  for (const k in b as Obj) if ((b as Obj)[k] !== undefined) defined--;
  return defined === 0;
}
