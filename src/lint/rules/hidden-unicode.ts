import { defineRule, quote, type ReportedFinding } from "../rule.js";
import { findHiddenText, type HiddenTextData } from "../text.js";
import { walkStrings } from "../walk.js";

/**
 * hidden-unicode over every string of a tool definition (names, titles, descriptions, schemas),
 * and, through {@link hiddenTextFinding}, over a server's instructions.
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
  messages: {
    hidden: {
      message: (d: HiddenTextData) => {
        const more = d.more > 0 ? ` and ${d.more} more` : "";
        const spelled = d.smuggled ? `; its tag characters spell ${quote(d.smuggled, 80)}` : "";
        return `${d.count} hidden or disguised character${d.count === 1 ? "" : "s"} (${d.technique}) in ${d.where}: ${d.listed}${more}${spelled}`;
      },
      fix: (d: HiddenTextData) =>
        `Remove the invisible or look-alike characters from ${d.where}; a model reads them, a reviewer does not see them.`,
    },
  },
  check({ tool }, report) {
    for (const s of walkStrings(tool, "")) {
      const found = findHiddenText(s.text, s.path, s.isKey);
      if (found) report("hidden", s.path, found.data, found.args, found.severity);
    }
  },
});

/** hidden-unicode's report on one string at `path` (a key of an object when `isKey`), if it hides anything. */
export function hiddenTextFinding(text: string, path: string, isKey: boolean): ReportedFinding | undefined {
  const found = findHiddenText(text, path, isKey);
  return found && { messageId: "hidden", path, data: found.data, args: found.args, severity: found.severity };
}
