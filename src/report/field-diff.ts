import type { FieldDiff, TextSummary } from "../pin/field-diff.js";
import { limitPhrase } from "../util/limits.js";
import { escapeLine } from "../util/unicode.js";

/** The line a diff too large to show is shown as: sizes, hashes and the limit to raise. */
export function tooLargeLine(t: NonNullable<FieldDiff["tooLarge"]>): string {
  const side = (s: TextSummary) =>
    `${s.lines} line${s.lines === 1 ? "" : "s"}, sha256 ${s.sha256.slice(0, 12)}`;
  return `diff too large to show: ${side(t.from)} -> ${side(t.to)}; past ${limitPhrase(t.limit)}`;
}

/**
 * The diff as text lines for a person (`--- …`, `+++ …`, `@@ … @@`, then the lines), each prefixed
 * by `indent`. Every line is escaped, so invisible characters and terminal controls from a server
 * show as `\u200b`-style escapes. Loops, not spreads: a diff may have more lines than a call has
 * arguments.
 */
export function renderFieldDiff(d: FieldDiff, indent = ""): string[] {
  const out = [`${indent}--- ${d.from}`, `${indent}+++ ${d.to}`];
  if (d.tooLarge) out.push(`${indent}${tooLargeLine(d.tooLarge)}`);
  for (const h of d.hunks) {
    out.push(`${indent}${h.header}`);
    for (const l of h.lines) out.push(`${indent}${l[0] ?? " "}${escapeLine(l.slice(1))}`);
  }
  return out;
}
