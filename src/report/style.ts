/** ANSI styling that switches off entirely when colours are not wanted. */
export interface Style {
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  cyan(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;

/** Styles for a terminal that shows colours. */
export const COLOR: Style = {
  red: wrap(31, 39),
  yellow: wrap(33, 39),
  green: wrap(32, 39),
  cyan: wrap(36, 39),
  dim: wrap(2, 22),
  bold: wrap(1, 22),
};

/** No styling at all: files, pipes, NO_COLOR. */
export const PLAIN: Style = {
  red: (s) => s,
  yellow: (s) => s,
  green: (s) => s,
  cyan: (s) => s,
  dim: (s) => s,
  bold: (s) => s,
};

// What a person sees as one character: a grapheme cluster (a letter with its accents, an emoji
// sequence, a flag), or one escape written by escapeLine (`\u200b`, `\u{e0041}`, `\n`), which a
// cut must never split. Width is measured and text cut in these cells only.
const ESCAPED = /\\u\{[0-9a-f]+\}|\\u[0-9a-f]{4}|\\[nr]/g;
const PLAIN_ASCII = /^[\x20-\x5b\x5d-\x7e]*$/;
// Characters that are a grapheme cluster of their own whatever stands beside them (Unicode's
// Grapheme_Cluster_Break "Other": no mark, joiner, prefix or Hangul jamo among them): printable
// ASCII, Latin, Greek and Cyrillic letters, dashes, quotes and other punctuation, currency,
// arrows, mathematical and technical signs, box drawing, shapes and dingbats. Text of these alone
// is cut one character at a time, without the segmenter, whose first use costs milliseconds.
const ONE_CELL_EACH =
  /^[\x20-\x7e\u00a0-\u00ac\u00ae-\u02ff\u0370-\u0482\u048a-\u052f\u2010-\u2027\u2030-\u205e\u20a0-\u20cf\u2100-\u2bff]*$/;
let graphemes: Intl.Segmenter | undefined;

/** The grapheme clusters of `text`, one at a time. */
function* graphemesOf(text: string): Generator<string> {
  if (text === "") return;
  if (ONE_CELL_EACH.test(text)) {
    yield* text;
    return;
  }
  graphemes ??= new Intl.Segmenter("en", { granularity: "grapheme" });
  for (const { segment } of graphemes.segment(text)) yield segment;
}

/** The cells of `s` one at a time, so that a reader who needs only the first few stops there. */
function* eachCell(s: string): Generator<string> {
  if (PLAIN_ASCII.test(s)) {
    yield* s;
    return;
  }
  let last = 0;
  for (const m of s.matchAll(ESCAPED)) {
    yield* graphemesOf(s.slice(last, m.index));
    yield m[0];
    last = m.index + m[0].length;
  }
  yield* graphemesOf(s.slice(last));
}

/** The cells of `s`: grapheme clusters, each escape made by escapeLine kept whole. */
export function cellsOf(s: string): string[] {
  return [...eachCell(s)];
}

/** Columns one cell takes: 2 for East Asian wide characters and emoji, 0 for a lone mark. */
export function cellWidth(cell: string): number {
  if (cell.length > 1 && cell.startsWith("\\")) return cell.length;
  let w = 0;
  for (const ch of cell) {
    const cp = ch.codePointAt(0)!;
    if (isWide(cp)) return 2;
    if (!isZeroWidth(cp)) w = 1;
  }
  return w;
}

/** Display width of a string, counting East Asian wide characters and emoji as two columns. */
export function displayWidth(s: string): number {
  if (PLAIN_ASCII.test(s)) return s.length;
  let w = 0;
  for (const c of eachCell(s)) w += cellWidth(c);
  return w;
}

/** The display width of `s`, or `max` when it is wider: the count stops there. */
export function widthUpTo(s: string, max: number): number {
  if (PLAIN_ASCII.test(s)) return Math.min(s.length, max);
  let w = 0;
  for (const c of eachCell(s)) {
    w += cellWidth(c);
    if (w >= max) return max;
  }
  return w;
}

function isZeroWidth(cp: number): boolean {
  return (
    cp === 0x200d ||
    (cp >= 0x300 && cp <= 0x36f) ||
    (cp >= 0x1ab0 && cp <= 0x1aff) ||
    (cp >= 0x1dc0 && cp <= 0x1dff) ||
    (cp >= 0x20d0 && cp <= 0x20ff) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0xfe20 && cp <= 0xfe2f) ||
    (cp >= 0x1f3fb && cp <= 0x1f3ff) ||
    (cp >= 0xe0000 && cp <= 0xe01ef)
  );
}

function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f1e6 && cp <= 0x1f1ff) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/**
 * Cuts `s` to at most `width` columns, ending with an ellipsis when cut. The cut falls between
 * cells: never inside a grapheme cluster or an escape.
 */
export function truncate(s: string, width: number): string {
  if (width <= 0) return "";
  if (PLAIN_ASCII.test(s)) return s.length <= width ? s : `${s.slice(0, width - 1)}…`;
  // One pass that stops one cell past `width`: the cells that fit beside the ellipsis are kept up
  // to the first that does not.
  let out = "";
  let kept = 0;
  let full = false;
  let w = 0;
  for (const cell of eachCell(s)) {
    const cw = cellWidth(cell);
    w += cw;
    if (w > width) return `${out}…`;
    if (!full && kept + cw <= width - 1) {
      out += cell;
      kept += cw;
    } else {
      full = true;
    }
  }
  return s;
}

/**
 * Cuts `s` to at most `width` columns by leaving out its middle (`firecrawl…search_github`): the
 * start and the end of a name tell names apart better than the start alone.
 */
export function truncateMiddle(s: string, width: number): string {
  if (widthUpTo(s, width + 1) <= width) return s;
  if (width < 8) return truncate(s, width);
  const cells = cellsOf(s);
  let headW = Math.ceil((width - 1) * 0.4);
  let tailW = width - 1 - headW;
  let head = "";
  for (const c of cells) {
    const cw = cellWidth(c);
    if (cw > headW) break;
    head += c;
    headW -= cw;
  }
  tailW += headW; // what the head could not use
  let tail = "";
  for (let i = cells.length - 1; i >= 0; i--) {
    const cw = cellWidth(cells[i]!);
    if (cw > tailW) break;
    tail = cells[i]! + tail;
    tailW -= cw;
  }
  return `${head}…${tail}`;
}

/** Pads `s` with spaces to `width` columns. */
export function pad(s: string, width: number): string {
  return s + " ".repeat(Math.max(0, width - displayWidth(s)));
}
