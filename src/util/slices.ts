/** The length of a slice: about a megabyte of text. */
export const SLICE = 1024 * 1024;

/**
 * `text` as views of about 1 MB, never cutting a surrogate pair in two: each is encoded, hashed or
 * escaped on its own, so that a long text (a server may send tens of megabytes) is never copied
 * whole, and its slices' UTF-8 bytes and JSON escapes are those of the whole text.
 */
export function* slices(text: string): Generator<string> {
  for (let i = 0; i < text.length;) {
    let end = Math.min(text.length, i + SLICE);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield text.slice(i, end);
    i = end;
  }
}
