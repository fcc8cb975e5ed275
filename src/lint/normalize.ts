// Text as a model reads it, for matching: the disguises a reviewer would not see through are undone
// before any pattern looks at it. Letters from other scripts that look Latin are folded to Latin,
// compatibility forms (fullwidth, mathematical letters, ligatures) and accents to their base letters,
// invisible characters dropped, tag characters decoded to the ASCII they mirror, and runs of white
// space (blank characters included) collapsed. Each folded character remembers where it came from,
// so a match is reported as the exact text the server sent.

/** Text folded for matching, and the way back to the original. */
export interface Folded {
  /** The folded text (case kept: a few markers are only markers in capitals). */
  text: string;
  /** The original text. */
  source: string;
  /** For each UTF-16 unit of `text`, its start in `source`; null when `text` is `source`. */
  at: number[] | null;
}

// Letters of other scripts drawn like Latin ones: the look-alikes used to slip words past filters.
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ї: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ӏ: "l",
  һ: "h",
  ɡ: "g",
  А: "A",
  В: "B",
  Е: "E",
  К: "K",
  М: "M",
  Н: "H",
  О: "O",
  Р: "P",
  С: "C",
  Т: "T",
  Х: "X",
  І: "I",
  Ј: "J",
  Ѕ: "S",
  Ү: "Y",
  α: "a",
  ο: "o",
  ν: "v",
  ρ: "p",
  ι: "i",
  κ: "k",
  τ: "t",
  υ: "u",
  χ: "x",
  ε: "e",
  ϲ: "c",
  Α: "A",
  Β: "B",
  Ε: "E",
  Ζ: "Z",
  Η: "H",
  Ι: "I",
  Κ: "K",
  Μ: "M",
  Ν: "N",
  Ο: "O",
  Ρ: "P",
  Τ: "T",
  Υ: "Y",
  Χ: "X",
  օ: "o",
  ս: "u",
  ո: "n",
  ց: "g",
  հ: "h",
};

/** True for a letter of another script that is drawn like a Latin letter. */
export function isLookAlike(ch: string): boolean {
  return Object.prototype.hasOwnProperty.call(LOOK_ALIKES, ch);
}

// Anything but printable ASCII with single spaces: something to fold.
const FOLDABLE = /[^\x20-\x7e]| {2}/;
// Dropped: format characters (zero-width, bidi, soft hyphen), variation selectors, combining marks.
const DROP = /^[\p{Cf}\p{M}\u{fe00}-\u{fe0f}\u{e0100}-\u{e01ef}]$/u;
// Shown as nothing but take a place: read as a space.
const BLANK = /^[\s\u2800\u3164\u115f\u1160\uffa0\u180e]$/u;

/** Folds `text` for matching (see the file comment). Text with nothing to fold is returned as it is. */
export function fold(text: string): Folded {
  if (!FOLDABLE.test(text)) return { text, source: text, at: null };
  let out = "";
  const at: number[] = [];
  let space = false;
  const push = (s: string, from: number) => {
    for (let k = 0; k < s.length; k++) at.push(from);
    out += s;
  };
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    const from = i;
    i += ch.length;
    if (cp >= 0xe0020 && cp <= 0xe007e) {
      // Tag characters spell ASCII that a model may read and a person cannot see.
      push(String.fromCharCode(cp - 0xe0000), from);
      space = false;
      continue;
    }
    if (cp < 0x80) {
      if (cp === 0x20 || cp === 0x09 || cp === 0x0a || cp === 0x0d) {
        if (!space) push(" ", from);
        space = true;
      } else {
        push(ch, from);
        space = false;
      }
      continue;
    }
    if (BLANK.test(ch)) {
      if (!space) push(" ", from);
      space = true;
      continue;
    }
    if (DROP.test(ch)) continue;
    const look = LOOK_ALIKES[ch];
    const folded = look ?? ch.normalize("NFKD").replace(/\p{M}/gu, "");
    if (folded === "") continue;
    push(folded, from);
    space = /\s$/.test(folded);
  }
  return { text: out, source: text, at };
}

/** The original text behind `folded.text.slice(start, end)`. */
export function originalSpan(folded: Folded, start: number, end: number): string {
  if (folded.at === null) return folded.source.slice(start, end);
  if (start >= folded.at.length) return "";
  const from = folded.at[start]!;
  // The span runs to the start of the next folded unit, or to the end of the source.
  const to = end < folded.at.length ? folded.at[end]! : folded.source.length;
  return folded.source.slice(from, Math.max(from, to));
}

// Encoded text a model decodes on sight and a reviewer does not: base64 runs and escape sequences.
const BASE64 = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{20,}={0,2}(?![A-Za-z0-9+/=_-])/g;
const ESCAPES = /(?:\\x[0-9a-fA-F]{2}){6,}|(?:\\u[0-9a-fA-F]{4}){6,}|(?:%[0-9a-fA-F]{2}){6,}/g;
const READABLE = /^[\t\n\r\x20-\x7e]+$/;

/** A piece of encoded text and what it decodes to. */
export interface Decoded {
  /** The encoded text as it stands in the folded text. */
  encoded: string;
  start: number;
  end: number;
  /** The decoded text: printable ASCII. */
  text: string;
}

function decodeBase64(s: string): string | undefined {
  // Mixed case is what base64 of text looks like; an identifier or a hex digest rarely is.
  if (!/[a-z]/.test(s) || !/[A-Z]/.test(s)) return undefined;
  const text = Buffer.from(s.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("latin1");
  return READABLE.test(text) && /[a-z]{2,}/i.test(text) ? text : undefined;
}

function decodeEscapes(s: string): string | undefined {
  const text = s.replace(/\\x([0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})|%([0-9a-fA-F]{2})/g, (_, x, u, p) =>
    String.fromCharCode(parseInt((x ?? u ?? p) as string, 16)),
  );
  return READABLE.test(text) && /[a-z]{2,}/i.test(text) ? text : undefined;
}

/** Every base64 run or escape sequence in `text` that decodes to readable ASCII. */
export function findEncoded(text: string): Decoded[] {
  const out: Decoded[] = [];
  if (text.length < 20) return out;
  for (const [re, decode] of [
    [BASE64, decodeBase64],
    [ESCAPES, decodeEscapes],
  ] as const) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const decoded = decode(m[0]);
      if (decoded !== undefined)
        out.push({ encoded: m[0], start: m.index, end: m.index + m[0].length, text: decoded });
    }
  }
  return out;
}

/** A visible character that disguises a word: a look-alike from another script, a stray accent. */
export interface DisguisedChar {
  /** Position in code points. */
  index: number;
  codePoint: number;
  kind: "look-alike" | "combining";
}

const MAYBE_DISGUISED = /[\u0300-\u036f\u0370-\u058f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/;
const COMBINING = /^[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]$/;
const WORD = /^[\p{L}\p{M}]$/u;
const MARK = /\p{M}/u;

/**
 * Look-alike letters inside a word that also has Latin letters ("pаypal" with a Cyrillic а), and
 * combining marks on a Latin letter that no precomposed letter explains (decomposed accents, which
 * compose, are ordinary text).
 */
export function findDisguisedChars(text: string): DisguisedChar[] {
  if (!MAYBE_DISGUISED.test(text)) return [];
  const cps = Array.from(text);
  const out: DisguisedChar[] = [];
  for (let i = 0; i < cps.length;) {
    if (!WORD.test(cps[i]!)) {
      i++;
      continue;
    }
    let j = i;
    while (j < cps.length && WORD.test(cps[j]!)) j++;
    const latin = cps.slice(i, j).some((c) => /[A-Za-z]/.test(c));
    for (let k = i; k < j; k++) {
      const c = cps[k]!;
      if (latin && isLookAlike(c)) out.push({ index: k, codePoint: c.codePointAt(0)!, kind: "look-alike" });
      if (COMBINING.test(c)) {
        let b = k - 1;
        while (b >= i && MARK.test(cps[b]!)) b--;
        let e = k + 1;
        while (e < j && MARK.test(cps[e]!)) e++;
        const cluster = cps.slice(Math.max(b, i), e).join("");
        if (b >= i && /[A-Za-z]/.test(cps[b]!) && MARK.test(cluster.normalize("NFC")))
          out.push({ index: k, codePoint: c.codePointAt(0)!, kind: "combining" });
      }
    }
    i = j;
  }
  return out;
}
