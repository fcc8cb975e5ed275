import { structuredPatch } from "diff";
import { stableJson } from "../util/json.js";
import { escapeLine } from "../util/unicode.js";

/**
 * A unified diff of one field of a tool, as data: header names and hunks of raw lines, each
 * prefixed by ` `, `-` or `+`. The lines are exactly what the server sent; renderers for people
 * escape them (see {@link renderFieldDiff}), JSON keeps them as they are.
 */
export interface FieldDiff {
  field: string;
  /** `--- ` header name, e.g. `description (lock)`. */
  from: string;
  /** `+++ ` header name, e.g. `description`. */
  to: string;
  hunks: Array<{ header: string; lines: string[] }>;
}

/**
 * How a field is shown for diffing: descriptions and other strings as text, everything else
 * (schemas, annotations) as indented JSON with sorted keys. An absent field is empty.
 */
export function fieldText(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  return stableJson(value);
}

function range(start: number, count: number): string {
  // GNU diff convention: a count of 1 is left out; an empty range starts one line before.
  if (count === 1) return String(start);
  return `${count === 0 ? Math.max(0, start - 1) : start},${count}`;
}

/**
 * The unified diff between two values of a field (three lines of context), lines kept raw.
 * Returns undefined when the two show the same.
 */
export function diffField(
  field: string,
  before: unknown,
  after: unknown,
  labels = { from: " (lock)", to: "" },
): FieldDiff | undefined {
  const a = fieldText(before);
  const b = fieldText(after);
  if (a === b) return undefined;
  const patch = structuredPatch("a", "b", a === "" ? "" : a + "\n", b === "" ? "" : b + "\n", "", "", {
    context: 3,
  });
  return {
    field,
    from: `${field}${labels.from}`,
    to: `${field}${labels.to}`,
    hunks: patch.hunks.map((h) => ({
      header: `@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@`,
      lines: h.lines.filter((l) => !l.startsWith("\\")),
    })),
  };
}

/**
 * The diff as text lines for a person (`--- …`, `+++ …`, `@@ … @@`, then the lines), each prefixed
 * by `indent`. Every line is escaped, so invisible characters and terminal controls from a server
 * show as `\u200b`-style escapes.
 */
export function renderFieldDiff(d: FieldDiff, indent = ""): string[] {
  return [
    `${indent}--- ${d.from}`,
    `${indent}+++ ${d.to}`,
    ...d.hunks.flatMap((h) => [
      `${indent}${h.header}`,
      ...h.lines.map((l) => `${indent}${l[0] ?? " "}${escapeLine(l.slice(1))}`),
    ]),
  ];
}
