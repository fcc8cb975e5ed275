import { escapeCodePoint, findHiddenChars } from "../util/unicode.js";
import type { Emit, ToolUnderLint } from "./context.js";
import { quote } from "./context.js";
import { findInstructions, type InstructionMatch } from "./instruction-match.js";
import { findDisguisedChars } from "./normalize.js";
import type { LintRuleId } from "./rules.js";
import { isObject, walkStrings } from "./walk.js";
import { emitPartlyScanned, scanHead } from "./scan-bound.js";

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

/**
 * The hidden-unicode finding for one string, if it hides anything: invisible characters (zero-width,
 * bidi, tag, control, format, private use, blank) and visible ones in disguise (look-alike letters
 * from another script inside a Latin word, combining marks no letter explains). Its technique is the
 * most telling kind found; tag characters are decoded to show the smuggled text.
 */
export function checkHiddenText(whole: string, path: string, isKey: boolean, emit: Emit): void {
  emitPartlyScanned("hidden-unicode", whole, where(path, isKey), "hidden characters", emit);
  const text = scanHead(whole);
  const chars: Array<{ index: number; codePoint: number; kind: Kind }> = [
    ...findHiddenChars(text),
    ...findDisguisedChars(text),
  ].sort((a, b) => a.index - b.index);
  if (chars.length === 0) return;
  const technique = KIND_ORDER.find((k) => chars.some((c) => c.kind === k))!;
  const listed = chars
    .slice(0, SHOWN)
    .map((c) => `${escapeCodePoint(c.codePoint)} (${c.kind}) at ${c.index}`)
    .join(", ");
  const more = chars.length > SHOWN ? ` and ${chars.length - SHOWN} more` : "";
  // Tag characters U+E0020..E007E mirror printable ASCII: decoded, they are the smuggled text.
  const smuggled = chars
    .filter((c) => c.kind === "tag" && c.codePoint >= 0xe0020 && c.codePoint <= 0xe007e)
    .map((c) => String.fromCharCode(c.codePoint - 0xe0000))
    .join("");
  const spelled = smuggled ? `; its tag characters spell ${quote(smuggled, 80)}` : "";
  const span = spanAround(text, chars[0]!.index, chars.at(-1)!.index);
  emit(
    "hidden-unicode",
    path,
    `${chars.length} hidden or disguised character${chars.length === 1 ? "" : "s"} (${technique}) in ${where(path, isKey)}: ${listed}${more}${spelled}`,
    `Remove the invisible or look-alike characters from ${where(path, isKey)}; a model reads them, a reviewer does not see them.`,
    {
      technique,
      span,
      count: chars.length,
      chars: chars.map((c) => ({ index: c.index, code_point: c.codePoint, kind: c.kind })),
      ...(isKey ? { key: true } : {}),
      ...(smuggled ? { tag_text: smuggled } : {}),
    },
    chars.every((c) => WEAK_KINDS.has(c.kind)) ? "warning" : "error",
  );
}

/** hidden-unicode over every string in the tool definition: names, titles, descriptions, schemas. */
export function checkHiddenUnicode({ tool }: ToolUnderLint, emit: Emit): void {
  for (const s of walkStrings(tool, "")) checkHiddenText(s.text, s.path, s.isKey, emit);
}

/** One finding per technique found in one text: the sub-id, the exact span, the graded severity. */
export function emitInstructions(
  rule: Extract<LintRuleId, "description-instruction" | "schema-instruction">,
  path: string,
  what: string,
  matches: readonly InstructionMatch[],
  emit: Emit,
): void {
  for (const m of matches) {
    emit(
      rule,
      path,
      `${what} ${m.label} (${rule}/${m.id}): ${quote(m.text, 120)}`,
      `Rewrite ${path} to describe the tool and its inputs only; remove text that instructs the model.`,
      { technique: m.id, span: m.text },
      m.severity,
    );
  }
}

/**
 * description-instruction over one text a model reads as prose about a tool, prompt or resource:
 * each technique of tool poisoning found is one finding at `path`.
 */
export function checkInstructionText(text: string, path: string, emit: Emit): void {
  emitPartlyScanned("description-instruction", text, path, "instructions to the model", emit);
  emitInstructions("description-instruction", path, path, findInstructions(text), emit);
}

/** description-instruction: the tool's description and titles addressing the model. */
export function checkInstructions({ tool }: ToolUnderLint, emit: Emit): void {
  const prose: Array<[unknown, string]> = [
    [tool.description, "description"],
    [tool.title, "title"],
    [isObject(tool.annotations) ? tool.annotations.title : undefined, "annotations.title"],
  ];
  for (const [text, path] of prose) if (typeof text === "string") checkInstructionText(text, path, emit);
}
