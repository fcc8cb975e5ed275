import { jsonEscapedSlices } from "./slices.js";

// Files toolscore writes hold what servers sent, and a server may send one string of tens of
// megabytes. Written as one JSON text, such a string is copied twice more (the text, then its
// UTF-8 bytes). Here the text is made by JSON.stringify as always, with each long string replaced
// by a marker; the long strings are written between the pieces, a slice at a time, each slice
// escaped on its own where it needs it.

const LONG = 64 * 1024;

function hasLongString(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (v.length > LONG) return true;
    } else if (typeof v === "object" && v !== null) {
      if (Array.isArray(v)) for (let i = 0; i < v.length; i++) stack.push(v[i]);
      else for (const k of Object.keys(v)) stack.push((v as Record<string, unknown>)[k]);
    }
  }
  return false;
}

/**
 * The pieces of `JSON.stringify(value, null, 2) + "\n"`, in order: the same bytes, without
 * copying a long string whole.
 */
export function prettyJsonPieces(value: unknown): string[] {
  if (!hasLongString(value)) return [JSON.stringify(value, null, 2) + "\n"];
  const long: string[] = [];
  // A marker no server can have sent: a control character (always escaped) and a random tag.
  const tag = `\u0001${Math.random().toString(36).slice(2)}#`;
  const text = JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (typeof v !== "string" || v.length <= LONG) return v;
      long.push(v);
      return `${tag}${long.length - 1}`;
    },
    2,
  );
  const quotedTag = JSON.stringify(tag).slice(1, -1);
  const out: string[] = [];
  let at = 0;
  for (let i = text.indexOf(quotedTag); i >= 0; i = text.indexOf(quotedTag, at)) {
    // The marker stands between quotes: `"<tag>N"`.
    const end = text.indexOf('"', i);
    out.push(text.slice(at, i));
    const s = long[Number(text.slice(i + quotedTag.length, end))]!;
    out.push(...jsonEscapedSlices(s));
    at = end;
  }
  out.push(text.slice(at), "\n");
  return out;
}
