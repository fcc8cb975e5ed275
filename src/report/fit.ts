// Fitting console text to a width: a line wider than the terminal is wrapped at spaces, its
// continuation lines hanging under the text (after a `fix: ` or `1. ` label, else two columns in),
// so a terminal never wraps it mid-word. Colour codes are zero-width and never split; a word wider
// than a whole line is broken after punctuation (`.`, `/`, `_`, `-`, ...) where it has some.
import { cellWidth, cellsOf, displayWidth } from "./style.js";

// Only toolscore's own colour codes reach here: escapeLine writes a server's ESC as `\u001b`.
const SGR = /\u001b\[[0-9;]*m/g;
const LABEL = /^(?:fix: |\d+\. |- )/;
const BREAK_AFTER = new Set([".", "/", "_", "-", ",", ":", ";", "&", "?", "=", ")", "]", "|"]);

interface Token {
  text: string;
  width: number;
}

/** The display width of `line`, colour codes not counted. */
export function visibleWidth(line: string): number {
  return displayWidth(line.replace(SGR, ""));
}

function tokens(line: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  const cells = (text: string) => {
    for (const c of cellsOf(text)) out.push({ text: c, width: cellWidth(c) });
  };
  for (const m of line.matchAll(SGR)) {
    cells(line.slice(last, m.index));
    out.push({ text: m[0], width: 0 });
    last = m.index + m[0].length;
  }
  cells(line.slice(last));
  return out;
}

const widthOf = (ts: readonly Token[]) => ts.reduce((w, t) => w + t.width, 0);
const textOf = (ts: readonly Token[]) => ts.map((t) => t.text).join("");

/** Splits a word too wide for `room` into pieces that fit, after punctuation where it can. */
function splitWord(word: Token[], room: number, firstRoom: number): Token[][] {
  const pieces: Token[][] = [];
  // An index into the word and the width left, rather than slices: a word of a megabyte (an
  // argument in a config) is split in time proportional to its length.
  let start = 0;
  let left = widthOf(word);
  let fit = firstRoom;
  while (left > fit) {
    let w = 0;
    let end = start;
    while (end < word.length && w + word[end]!.width <= fit) w += word[end++]!.width;
    let cut = end;
    for (let i = end - 1; i > start + (end - start) / 3; i--) {
      if (BREAK_AFTER.has(word[i]!.text)) {
        cut = i + 1;
        break;
      }
    }
    if (cut === start) cut = start + 1;
    const piece = word.slice(start, cut);
    pieces.push(piece);
    left -= widthOf(piece);
    start = cut;
    fit = room;
  }
  pieces.push(word.slice(start));
  return pieces;
}

/**
 * One line fitted to `columns`: itself when it fits, else wrapped with a hanging indent (`hang`
 * columns, or by default under the text after a label, else two columns past the line's indent).
 */
export function fitLine(line: string, columns: number, hangAt?: number): string[] {
  if (visibleWidth(line) <= columns) return [line];
  const all = tokens(line);
  let indent = 0;
  while (indent < all.length && all[indent]!.text === " ") indent++;
  const label = LABEL.exec(line.replace(SGR, "").slice(indent));
  // A hanging indent leaves room for text: at least 16 columns when asked for, half the line else.
  const hang =
    hangAt !== undefined
      ? Math.min(hangAt, Math.max(0, columns - 16))
      : Math.min(indent + (label ? label[0].length : 2), Math.floor(columns / 2));
  // Words: runs of non-space cells, each with the spaces before it.
  const words: Array<{ gap: Token[]; word: Token[] }> = [];
  let gap: Token[] = [];
  let word: Token[] = [];
  for (const t of all.slice(indent)) {
    if (t.text === " ") {
      if (word.length) {
        words.push({ gap, word });
        gap = [];
        word = [];
      }
      gap.push(t);
    } else word.push(t);
  }
  if (word.length) words.push({ gap, word });
  const out: string[] = [];
  let cur: Token[] = all.slice(0, indent);
  let curW = indent;
  let empty = true;
  const newLine = () => {
    out.push(textOf(cur).trimEnd());
    cur = [{ text: " ".repeat(hang), width: hang }];
    curW = hang;
    empty = true;
  };
  for (const { gap: g, word: w } of words) {
    const ww = widthOf(w);
    const gw = empty ? 0 : widthOf(g);
    if (curW + gw + ww <= columns) {
      if (!empty) cur.push(...g);
      cur.push(...w);
      curW += gw + ww;
      empty = false;
      continue;
    }
    if (!empty) newLine();
    if (curW + ww <= columns) {
      cur.push(...w);
      curW += ww;
      empty = false;
      continue;
    }
    const pieces = splitWord(w, Math.max(1, columns - hang), Math.max(1, columns - curW));
    pieces.forEach((p, i) => {
      if (i > 0) newLine();
      cur.push(...p);
      curW += widthOf(p);
      empty = false;
    });
  }
  out.push(textOf(cur).trimEnd());
  return out;
}

/** Every line of `text` fitted to `columns` (see {@link fitLine}). */
export function fitText(text: string, columns: number): string {
  return text
    .split("\n")
    .flatMap((l) => fitLine(l, columns))
    .join("\n");
}
