import { escapeCodePoint, findHiddenChars } from "../util/unicode.js";
import { findDisguisedChars } from "./normalize.js";
import { scanHead } from "./scan-bound.js";
import type { Severity } from "./types.js";

const SHOWN = 5;

// Which kind names the finding when a string has several: the most telling first.
const KIND_ORDER = [
  "tag",
  "bidi",
  "zero-width",
  "control",
  "format",
  "private",
  "blank",
  "look-alike",
  "combining",
] as const;
type Kind = (typeof KIND_ORDER)[number];
// Visible characters in disguise are a weaker sign than invisible ones.
const WEAK_KINDS: ReadonlySet<Kind> = new Set(["look-alike", "combining"]);

function where(path: string, isKey: boolean): string {
  if (isKey) return `the key ${path}`;
  return path;
}

/** The text around the hidden characters, at most about 80 code points. */
function spanAround(text: string, first: number, last: number): string {
  const cps = Array.from(text);
  const from = Math.max(0, first - 20);
  const to = Math.min(cps.length, Math.max(last + 21, from + 1), from + 80);
  return cps.slice(from, to).join("");
}

/** What hidden-unicode reports about one string: the data of its sentence and its facts. */
export interface HiddenText {
  data: HiddenTextData;
  args: Record<string, unknown>;
  severity: Severity;
}

/** The data hidden-unicode's sentence is made from. */
export interface HiddenTextData {
  count: number;
  technique: string;
  /** `description`, or `the key inputSchema.properties.x` for a key. */
  where: string;
  /** The first few characters, escaped, with their kind and index. */
  listed: string;
  /** How many more there are beyond the listed ones (0 for none). */
  more: number;
  /** The text tag characters spell, if any. */
  smuggled: string;
}

/**
 * The hidden-unicode finding for one string, if it hides anything: invisible characters (zero-width,
 * bidi, tag, control, format, private use, blank) and visible ones in disguise (look-alike letters
 * from another script inside a Latin word, combining marks no letter explains). Its technique is the
 * most telling kind found; tag characters are decoded to show the smuggled text.
 */
export function findHiddenText(whole: string, path: string, isKey: boolean): HiddenText | undefined {
  // Past scan-kb a text is scanned only in part; the rule reports that (scan-bound.ts).
  const text = scanHead(whole);
  const chars: Array<{ index: number; codePoint: number; kind: Kind }> = [
    ...findHiddenChars(text),
    ...findDisguisedChars(text),
  ].sort((a, b) => a.index - b.index);
  if (chars.length === 0) return undefined;
  const technique = KIND_ORDER.find((k) => chars.some((c) => c.kind === k))!;
  const listed = chars
    .slice(0, SHOWN)
    .map((c) => `${escapeCodePoint(c.codePoint)} (${c.kind}) at ${c.index}`)
    .join(", ");
  // Tag characters U+E0020..E007E mirror printable ASCII: decoded, they are the smuggled text.
  const smuggled = chars
    .filter((c) => c.kind === "tag" && c.codePoint >= 0xe0020 && c.codePoint <= 0xe007e)
    .map((c) => String.fromCharCode(c.codePoint - 0xe0000))
    .join("");
  const span = spanAround(text, chars[0]!.index, chars.at(-1)!.index);
  return {
    data: {
      count: chars.length,
      technique,
      where: where(path, isKey),
      listed,
      more: Math.max(0, chars.length - SHOWN),
      smuggled,
    },
    args: {
      technique,
      span,
      count: chars.length,
      chars: chars.map((c) => ({ index: c.index, code_point: c.codePoint, kind: c.kind })),
      ...(isKey ? { key: true } : {}),
      ...(smuggled ? { tag_text: smuggled } : {}),
    },
    severity: chars.every((c) => WEAK_KINDS.has(c.kind)) ? "warning" : "error",
  };
}
