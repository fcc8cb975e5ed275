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

/**
 * What JSON.stringify writes other than as it is, and RFC 8785's canonical form escapes alike:
 * control characters, the quote, the backslash, and lone surrogates (which cannot be UTF-8).
 */
export const NEEDS_JSON_ESCAPE =
  /["\\\u0000-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The text of `JSON.stringify(text)` between its quotes, a slice at a time: each slice is escaped
 * on its own where it needs it, so that a long text's escaped copy is never made whole. (A slice
 * never ends inside a surrogate pair, so the escapes are those of the whole text.)
 */
export function* jsonEscapedSlices(text: string): Generator<string> {
  for (const slice of slices(text))
    yield NEEDS_JSON_ESCAPE.test(slice) ? JSON.stringify(slice).slice(1, -1) : slice;
}
