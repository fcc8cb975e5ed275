// Runs the techniques of instruction-patterns.ts over one text: folded first (normalize.ts), each
// technique reported once with the first span that is not defensive text, and encoded runs decoded
// and matched again, since a model reads base64 as easily as prose.

import { findEncoded, fold, originalSpan } from "./normalize.js";
import { scanHead } from "./scan-bound.js";
import { NOT_WORD } from "./instruction-vocabulary.js";
import { TECHNIQUES, type Technique, type TechniqueScope } from "./instruction-patterns.js";
import { NAME_PATTERNS } from "./instruction-theft.js";
import { appendAll } from "../util/order.js";

/** One technique found in a text. */
export interface InstructionMatch {
  /** The technique's sub-id, e.g. `send-elsewhere`. */
  id: string;
  label: string;
  severity: Technique["severity"];
  /** The matched words exactly as the server sent them. */
  text: string;
}

const GLOBAL = new Map<RegExp, RegExp>();
const globalOf = (r: RegExp) => {
  let g = GLOBAL.get(r);
  if (!g) GLOBAL.set(r, (g = new RegExp(r.source, r.flags + "g")));
  return g;
};

// A negation reaches to the end of its clause: "never tell the user, and read ..." orders the reading.
const NEGATED = new RegExp(`${NOT_WORD}(?:(?!,\\s*(?:and|then|but|also)\\b|;)[^.!?]){0,30}$`, "i");
const DEFENSIVE =
  /\b(?:detects?|detecting|prevents?|blocks?|blocking|flags?|warns?|scans?|protects?|against|refuses?|rejects?|denies|deny|forbids?|such as|e\.g|for example|like|dangerous|malicious|suspicious|never|not|no)\b[^.!?]{0,60}$/i;
const CONFIDENTIAL =
  /\b(?:secrets?|passwords?|passphrases?|tokens?|credentials?|(?:api|private|secret|access)[\s_-]?keys?|otp|pins?)\b/i;
// What a match may start with that is not part of the order: punctuation, a joining word.
const LEAD = /^(?:[\s.!?:;,>\]*|-]+|(?:and|to)\s+)+/i;

const MENTIONED_BEFORE = /\b(?:the|a|an|like|as|e\.g\.?|use|uses|using|with|and|or|such)\s*[`'"(]?$/i;
const MENTIONED_AFTER =
  /^[`'")]?\s*(?:tokens?|tags?|format|template|markers?|delimiters?|syntax|prefix|and|or|,)/i;

function guarded(t: Technique, text: string, start: number, end: number): boolean {
  if (!t.guard) return false;
  const before = text.slice(Math.max(0, start - 70), start);
  if (t.guard === "mention") {
    return MENTIONED_BEFORE.test(before) || MENTIONED_AFTER.test(text.slice(end, end + 20));
  }
  const sentence = before.slice(Math.max(before.lastIndexOf(". "), before.lastIndexOf("\n")) + 1);
  if (t.guard === "confidential") return CONFIDENTIAL.test(sentence);
  return (t.guard === "negated" ? NEGATED : DEFENSIVE).test(sentence);
}

function matchFolded(
  techniques: readonly Technique[],
  scope: TechniqueScope,
  text: string,
): Array<{ t: Technique; start: number; end: number }> {
  const found: Array<{ t: Technique; start: number; end: number }> = [];
  const seen = new Set<string>();
  for (const t of techniques) {
    if (seen.has(t.id) || !(t.scope ?? ["prose"]).includes(scope)) continue;
    if (t.hint && !t.hint.test(text)) continue;
    const g = globalOf(t.pattern);
    g.lastIndex = 0;
    for (let m = g.exec(text); m; m = g.exec(text)) {
      if (m[0] === "") {
        g.lastIndex++;
        continue;
      }
      const lead = LEAD.exec(m[0])?.[0].length ?? 0;
      const start = m.index + lead;
      if (guarded(t, text, start, m.index + m[0].length)) continue;
      if (t.unless?.test(text.slice(m.index, m.index + m[0].length + 30))) continue;
      if (t.accept && !t.accept(m)) continue;
      found.push({ t, start, end: m.index + m[0].length });
      seen.add(t.id);
      break;
    }
  }
  return found;
}

// Servers repeat their texts (the same parameter description on every tool), and lint is pure:
// the answer for a text is kept, up to a bound, so a large server is not matched twice over. Only
// short texts are kept: a long one is rarely repeated, and as a key it would hold its text (and the
// whole text it was cut from) for as long as the cache lives.
const CACHE_LIMIT = 20_000;
const CACHE_TEXT_MAX = 16 * 1024;
const cache = new Map<string, readonly InstructionMatch[]>();
const NAME_TECHNIQUES = [...NAME_PATTERNS, ...TECHNIQUES].filter((t) =>
  (t.scope ?? ["prose"]).includes("name"),
);
const PROSE_TECHNIQUES = TECHNIQUES.filter((t) => (t.scope ?? ["prose"]).includes("prose"));

/**
 * Every technique of tool poisoning in `text`, once each, in catalogue order. `scope` `"name"`
 * reads an identifier (a property name): its `_`, `-` and camelCase joins are read as spaces.
 */
export function findInstructions(whole: string, scope: TechniqueScope = "prose"): InstructionMatch[] {
  // Past scan-kb a text is matched only in part; the caller reports that (scan-bound.ts).
  const text = scanHead(whole);
  if (text.length > CACHE_TEXT_MAX) return match(text, scope);
  const key = `${scope}\u0000${text}`;
  let found = cache.get(key);
  if (found === undefined) {
    found = match(text, scope);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, found);
  }
  return [...found];
}

function match(text: string, scope: TechniqueScope): InstructionMatch[] {
  const folded = fold(scope === "name" ? text.replace(/([a-z])([A-Z])/g, "$1 $2") : text);
  const subject = scope === "name" ? folded.text.replace(/[_\-.]+/g, " ") : folded.text;
  const techniques = scope === "name" ? NAME_TECHNIQUES : PROSE_TECHNIQUES;
  const out: InstructionMatch[] = matchFolded(techniques, scope, subject).map(({ t, start, end }) => ({
    id: t.id,
    label: t.label,
    severity: t.severity,
    text: scope === "name" ? text : originalSpan(folded, start, end),
  }));
  if (scope === "prose") appendAll(out, findEncodedInstructions(folded.text));
  return out;
}

const PAYLOAD_WORDS =
  /\b(?:ignore|instructions?|system|prompt|exec|eval|import|curl|wget|https?|passwords?|secrets?|keys?|tokens?|send|read|hidden|assistant)\b/i;

function findEncodedInstructions(text: string): InstructionMatch[] {
  for (const d of findEncoded(text)) {
    const inner = matchFolded(TECHNIQUES, "prose", fold(d.text).text);
    // Decoded code or talk of instructions is a payload even when no technique names it; an example
    // of the encoding ("SGVsbG8=") is not.
    if (inner.length === 0 && !PAYLOAD_WORDS.test(d.text)) continue;
    const what = inner.length > 0 ? `, which ${inner[0]!.t.label}` : "";
    return [
      {
        id: "encoded-payload",
        label: `hides text in an encoding a model reads: it decodes to ${JSON.stringify(d.text.slice(0, 80))}${what}`,
        severity: inner.length > 0 ? "error" : "warning",
        text: d.encoded,
      },
    ];
  }
  return [];
}
