import { escapeCodePoint, findHiddenChars, type HiddenChar } from "../util/unicode.js";
import type { Emit, ToolUnderLint } from "./context.js";
import { quote } from "./context.js";
import { findInstructions } from "./instruction-patterns.js";
import { isObject, walkSchema, walkStrings } from "./walk.js";

const SHOWN = 5;

// Tag characters U+E0020..E007E mirror printable ASCII: decoded, they are the smuggled text.
function decodeTags(chars: readonly HiddenChar[]): string {
  return chars
    .filter((c) => c.kind === "tag" && c.codePoint >= 0xe0020 && c.codePoint <= 0xe007e)
    .map((c) => String.fromCharCode(c.codePoint - 0xe0000))
    .join("");
}

function where(path: string, isKey: boolean): string {
  if (isKey) return `the key ${path}`;
  return path;
}

/** The hidden-unicode finding for one string, if it hides anything. */
export function checkHiddenText(text: string, path: string, isKey: boolean, emit: Emit): void {
  const chars = findHiddenChars(text);
  if (chars.length === 0) return;
  const listed = chars
    .slice(0, SHOWN)
    .map((c) => `${escapeCodePoint(c.codePoint)} (${c.kind}) at ${c.index}`)
    .join(", ");
  const more = chars.length > SHOWN ? ` and ${chars.length - SHOWN} more` : "";
  const smuggled = decodeTags(chars);
  const spelled = smuggled ? `; its tag characters spell ${quote(smuggled, 80)}` : "";
  emit(
    "hidden-unicode",
    path,
    `${chars.length} hidden character${chars.length === 1 ? "" : "s"} in ${where(path, isKey)}: ${listed}${more}${spelled}`,
    `Remove the invisible characters from ${where(path, isKey)}; a model reads them, a reviewer does not see them.`,
    {
      count: chars.length,
      chars: chars.map((c) => ({ index: c.index, code_point: c.codePoint, kind: c.kind })),
      ...(isKey ? { key: true } : {}),
      ...(smuggled ? { tag_text: smuggled } : {}),
    },
  );
}

/** hidden-unicode over every string in the tool definition: names, titles, descriptions, schemas. */
export function checkHiddenUnicode({ tool }: ToolUnderLint, emit: Emit): void {
  for (const s of walkStrings(tool, "")) checkHiddenText(s.text, s.path, s.isKey, emit);
}

/** The texts a model reads as prose: description and titles, also inside the schemas. */
function proseOf(tool: Record<string, unknown>): Array<{ text: string; path: string }> {
  const out: Array<{ text: string; path: string }> = [];
  const add = (v: unknown, path: string) => {
    if (typeof v === "string") out.push({ text: v, path });
  };
  add(tool.description, "description");
  add(tool.title, "title");
  if (isObject(tool.annotations)) add(tool.annotations.title, "annotations.title");
  for (const field of ["inputSchema", "outputSchema"]) {
    for (const node of walkSchema(tool[field], field)) {
      if (!isObject(node.schema)) continue;
      add(node.schema.description, `${node.path}.description`);
      add(node.schema.title, `${node.path}.title`);
    }
  }
  return out;
}

/** description-instruction: prose that addresses the model rather than describing the tool. */
export function checkInstructions({ tool }: ToolUnderLint, emit: Emit): void {
  for (const { text, path } of proseOf(tool)) {
    const matches = findInstructions(text);
    if (matches.length === 0) continue;
    emit(
      "description-instruction",
      path,
      `${path} addresses the model: ${matches.map((m) => `${quote(m.text, 80)} (${m.label})`).join("; ")}`,
      `Rewrite ${path} to describe what the tool does; remove text that instructs the model.`,
      { patterns: matches.map((m) => m.id), phrases: matches.map((m) => m.text) },
    );
  }
}
