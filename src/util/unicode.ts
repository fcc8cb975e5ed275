// Strings that come from a server are untrusted: a reviewer must see every character that changes
// what a model reads. These helpers find and escape the ones a person cannot see.

const EMOJI = /\p{Extended_Pictographic}/u;

/** Why a character is hidden, or undefined when a person can see it (or it is ordinary white space). */
export function hiddenCharKind(
  cp: number,
  prev?: number,
  next?: number,
): "control" | "zero-width" | "bidi" | "tag" | "format" | "private" | "blank" | undefined {
  if (cp === 0x0a || cp === 0x09) return undefined;
  if (cp === 0x3164 || cp === 0x115f || cp === 0x1160 || cp === 0xffa0) return "blank";
  if (cp === 0x2800) {
    // The blank Braille cell is a space between Braille letters, and an invisible letter elsewhere.
    const braille = (c?: number) => c !== undefined && c > 0x2800 && c <= 0x28ff;
    return braille(prev) || braille(next) ? undefined : "blank";
  }
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return "control";
  if (cp >= 0xe0000 && cp <= 0xe007f) return "tag";
  if (
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    cp === 0x200e ||
    cp === 0x200f ||
    cp === 0x061c
  )
    return "bidi";
  if ((cp === 0x200c || cp === 0x200d) && joinsLetters(prev, next)) {
    // Persian, Arabic and Indic writing use (non-)joiners between letters to pick a letter's form.
    return undefined;
  }
  if (cp === 0x200d) {
    // A zero-width joiner between two emoji builds one emoji (a family, a flag): that is seen.
    const joinsEmoji =
      prev !== undefined && next !== undefined && isEmojiPart(prev) && EMOJI.test(String.fromCodePoint(next));
    return joinsEmoji ? undefined : "zero-width";
  }
  if (cp === 0x200b || cp === 0x200c || cp === 0x2060 || cp === 0xfeff || cp === 0x180e) return "zero-width";
  if (cp === 0xfe0f || cp === 0xfe0e) {
    // A variation selector after an emoji or symbol picks how it looks; anywhere else it hides.
    return prev !== undefined && (isEmojiPart(prev) || prev < 0x3000) && prev > 0x20
      ? undefined
      : "zero-width";
  }
  if (cp >= 0xfe00 && cp <= 0xfe0f) return "zero-width";
  if (cp >= 0xe0100 && cp <= 0xe01ef) return "zero-width";
  if ((cp >= 0xe000 && cp <= 0xf8ff) || (cp >= 0xf0000 && cp <= 0x10ffff)) return "private";
  if (FORMAT.test(String.fromCodePoint(cp))) return "format";
  return undefined;
}

const FORMAT = /^[\p{Cf}\p{Cs}]$/u;

const JOINING_SCRIPT =
  /^[\p{sc=Arabic}\p{sc=Syriac}\p{sc=Nko}\p{sc=Deva}\p{sc=Beng}\p{sc=Guru}\p{sc=Gujr}\p{sc=Orya}\p{sc=Taml}\p{sc=Telu}\p{sc=Knda}\p{sc=Mlym}\p{sc=Sinh}]$/u;

function joinsLetters(prev: number | undefined, next: number | undefined): boolean {
  return (
    prev !== undefined &&
    next !== undefined &&
    JOINING_SCRIPT.test(String.fromCodePoint(prev)) &&
    JOINING_SCRIPT.test(String.fromCodePoint(next))
  );
}

/**
 * Length of a subdivision-flag tag sequence starting at `i` (England, Scotland, Wales: a black flag,
 * then a region and subdivision code in tag letters, then the cancel tag), or 0. Only that short,
 * well-formed shape is visible; any other tag character hides text.
 */
function flagTagsAt(cps: readonly number[], i: number): number {
  if (cps[i - 1] !== 0x1f3f4) return 0;
  let n = 0;
  while (n < 6 && isTagAlnum(cps[i + n])) n++;
  const lettersFirst = isTagLetter(cps[i]) && isTagLetter(cps[i + 1]);
  return lettersFirst && n >= 3 && n <= 5 && cps[i + n] === 0xe007f ? n + 1 : 0;
}
const isTagLetter = (cp: number | undefined) => cp !== undefined && cp >= 0xe0061 && cp <= 0xe007a;
const isTagAlnum = (cp: number | undefined) =>
  isTagLetter(cp) || (cp !== undefined && cp >= 0xe0030 && cp <= 0xe0039);

function isEmojiPart(cp: number): boolean {
  // Skin-tone modifiers and variation selectors are part of an emoji sequence.
  return EMOJI.test(String.fromCodePoint(cp)) || (cp >= 0x1f3fb && cp <= 0x1f3ff) || cp === 0xfe0f;
}

/** One hidden character found in a string: its position (in code points), code point and kind. */
export interface HiddenChar {
  index: number;
  codePoint: number;
  kind: NonNullable<ReturnType<typeof hiddenCharKind>>;
}

// Every character hiddenCharKind may flag is in one of these classes: text without any (nearly all
// text) skips the per-character walk.
const MAYBE_HIDDEN =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u115f\u1160\u2800\u3164\uffa0\p{Cf}\p{Cs}\u{e000}-\u{f8ff}\u{fe00}-\u{fe0f}\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}\u{f0000}-\u{10ffff}]/u;

/** Every hidden character in `text`. */
export function findHiddenChars(text: string): HiddenChar[] {
  if (!MAYBE_HIDDEN.test(text)) return [];
  const cps = Array.from(text, (c) => c.codePointAt(0)!);
  const found: HiddenChar[] = [];
  for (let i = 0; i < cps.length; i++) {
    i += flagTagsAt(cps, i);
    if (i >= cps.length) break;
    const kind = hiddenCharKind(cps[i]!, cps[i - 1], cps[i + 1]);
    if (kind && !markInRightToLeftText(cps, i)) found.push({ index: i, codePoint: cps[i]!, kind });
  }
  return found;
}

const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;

/**
 * True for a left-to-right, right-to-left or Arabic letter mark (U+200E, U+200F, U+061C) within
 * three characters of a Hebrew or Arabic letter: right-to-left writing uses these marks to place
 * punctuation and numbers, and they cannot reorder text the way embeddings and overrides can.
 */
function markInRightToLeftText(cps: readonly number[], i: number): boolean {
  const cp = cps[i];
  if (cp !== 0x200e && cp !== 0x200f && cp !== 0x061c) return false;
  for (let j = Math.max(0, i - 3); j <= Math.min(cps.length - 1, i + 3); j++) {
    if (j !== i && RTL_LETTER.test(String.fromCodePoint(cps[j]!))) return true;
  }
  return false;
}

/** {@link escapeForDisplay} for one line: a newline in the text is shown as `\n` too. */
export function escapeLine(text: string): string {
  return escapeForDisplay(text, { multiline: false });
}

/** `\u200b` for a BMP code point, `\u{e0041}` above it. */
export function escapeCodePoint(cp: number): string {
  return cp > 0xffff ? `\\u{${cp.toString(16)}}` : `\\u${cp.toString(16).padStart(4, "0")}`;
}

/**
 * Makes an untrusted string safe and honest to show: every hidden character (controls, zero-width,
 * bidi controls, tag characters, other format characters) is written as an escape, so no terminal
 * control sequence from a server reaches the terminal raw. Newlines are kept unless `multiline` is
 * false; a tab is kept as it is.
 */
export function escapeForDisplay(text: string, opts: { multiline?: boolean } = {}): string {
  const multiline = opts.multiline ?? true;
  // Nearly all text has nothing to escape: return it without walking it character by character.
  if (!MAYBE_HIDDEN.test(text) && !(multiline ? /\r/ : /[\r\n]/).test(text)) return text;
  const cps = Array.from(text, (c) => c.codePointAt(0)!);
  let out = "";
  for (let i = 0; i < cps.length; i++) {
    const tags = flagTagsAt(cps, i);
    if (tags > 0) {
      out += String.fromCodePoint(...cps.slice(i, i + tags));
      i += tags - 1;
      continue;
    }
    const cp = cps[i]!;
    if (cp === 0x0a) {
      out += multiline ? "\n" : "\\n";
      continue;
    }
    if (cp === 0x0d) {
      out += "\\r";
      continue;
    }
    const hidden = hiddenCharKind(cp, cps[i - 1], cps[i + 1]) && !markInRightToLeftText(cps, i);
    out += hidden ? escapeCodePoint(cp) : String.fromCodePoint(cp);
  }
  return out;
}
