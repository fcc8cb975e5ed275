import { defineRule, type ReportedFinding } from "../rule.js";
import { partlyScanned } from "../scan-bound.js";
import { findHiddenText } from "../text.js";
import { walkStrings } from "../walk.js";

/**
 * hidden-unicode over every string of a tool definition (names, titles, descriptions, schemas),
 * and, through {@link hiddenTextFindings}, over a server's instructions.
 */
export const hiddenUnicode = defineRule({
  id: "hidden-unicode",
  severity: "error",
  docs: {
    summary:
      "Invisible, bidi-control, tag, blank or look-alike characters in a name, title, description or schema text.",
    help: "A model reads characters a reviewer cannot see, and words disguised with letters of another script; they are how instructions are smuggled into tool definitions. Remove them. Look-alike letters and stray combining marks alone are a warning.",
    finds:
      "invisible, bidi-control, tag, control or blank characters (Braille blank, Hangul fillers) in any string of a definition (names, titles, descriptions, property names, enum values, defaults) and in the server's instructions; tag characters are decoded to show the smuggled text. Look-alike letters of another script inside a Latin word (a Cyrillic `а` in `pаssword`) and combining marks no letter explains are a warning. Right-to-left writing, joiners inside Arabic, Persian or Indic words, emoji (ZWJ sequences, skin tones, flags, keycaps), Braille text and decomposed accents are not hidden",
    severities: "error, warning",
  },
  // At one place: what a string hides ("3 hidden …", a digit first), then that it was scanned in part.
  messages: {
    hidden: (d) => `0${d.count} ${d.technique} ${d.where}:`,
    partlyScanned: (d) => `1${d.where} (`,
  },
  check({ tool }, report) {
    for (const s of walkStrings(tool, "")) {
      const partly = partlyScanned(s.text, s.isKey ? `the key ${s.path}` : s.path, "hidden characters");
      if (partly) report("partlyScanned", partly.path, partly.data, partly.args, "error");
      const found = findHiddenText(s.text, s.path, s.isKey);
      if (found) report("hidden", s.path, found.data, found.args, found.severity);
    }
  },
});

/**
 * hidden-unicode's reports on one string at `path` (a key of an object when `isKey`): what it hides,
 * and whether it was scanned only in part.
 */
export function hiddenTextFindings(text: string, path: string, isKey: boolean): ReportedFinding[] {
  const out: ReportedFinding[] = [];
  const partly = partlyScanned(text, isKey ? `the key ${path}` : path, "hidden characters");
  if (partly) out.push(partly);
  const found = findHiddenText(text, path, isKey);
  if (found)
    out.push({ messageId: "hidden", path, data: found.data, args: found.args, severity: found.severity });
  return out;
}
