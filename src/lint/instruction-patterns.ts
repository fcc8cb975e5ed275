// Phrases that address the model instead of describing a tool: the shapes tool-poisoning takes.
// Each is narrow on purpose, so the plain usage advice of well-made servers ("Use this tool when
// you need...", "You should: ...") never matches. Tested against the official servers.

/** One pattern of `description-instruction`. */
export interface InstructionPattern {
  id: string;
  /** What the phrase does, for the message. */
  label: string;
  pattern: RegExp;
}

const URL_OR_MAIL = String.raw`(?:<?https?:\/\/[^\s'"<>]*[^\s'"<>.,;:!?)]|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b)`;

/** The patterns, in the order they are reported. */
export const INSTRUCTION_PATTERNS: readonly InstructionPattern[] = [
  {
    id: "before-answering",
    label: "tells the model what to do before it answers",
    pattern:
      /\bbefore (?:answering|responding|replying|you (?:answer|respond|reply)|(?:giving|writing) (?:your|an?|the) (?:answer|response|reply))\b/i,
  },
  {
    id: "ignore-previous",
    label: "tells the model to ignore its instructions",
    pattern:
      /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+)?(?:previous|prior|above|earlier|preceding|other|system|original)\s+(?:instructions?|prompts?|messages?|rules|directions|guidelines|context)\b/i,
  },
  {
    id: "hide-from-user",
    label: "tells the model to keep something from the user",
    pattern:
      /\b(?:(?:do not|don't|never|must not)\s+(?:tell|inform|mention\b.{0,40}?\bto|reveal\b.{0,40}?\bto|show\b.{0,40}?\bto|notify|alert|let)\s+the\s+user|without\s+(?:telling|informing|notifying|alerting)\s+the\s+user|(?:hide|conceal)\s+(?:this|it|that)\s+from\s+the\s+user|the\s+user\s+(?:must|should)\s+not\s+(?:know|be told|see|find out))\b/i,
  },
  {
    id: "important-tag",
    label: "carries a tag aimed at the model",
    pattern: /<\s*\/?\s*(?:important|system|instructions?|secret|hidden|admin)\s*>/i,
  },
  {
    id: "send-elsewhere",
    label: "tells the model to send data to an outside address",
    pattern: new RegExp(
      String.raw`\b(?:send|forward|upload|post|transmit|e-?mail|exfiltrate|leak|copy)\b[^.!?\n]{0,160}?\bto\s+` +
        URL_OR_MAIL,
      "i",
    ),
  },
  {
    id: "you-must",
    label: "gives the model standing orders",
    pattern: /\byou (?:must|have to|are required to) (?:always|never|immediately|secretly)\b/i,
  },
  {
    id: "sensitive-file",
    label: "points the model at secrets on the host",
    pattern:
      /(?:~\/\.ssh\b|\bid_(?:rsa|ed25519)\b|\/etc\/(?:passwd|shadow)\b|\.aws\/credentials\b|~\/\.[\w-]+\/mcp\.json\b)/i,
  },
];

/** One phrase found: the pattern and the words that matched. */
export interface InstructionMatch {
  id: string;
  label: string;
  text: string;
}

/** Every pattern that matches `text`, with the first matching phrase of each. */
export function findInstructions(text: string): InstructionMatch[] {
  const found: InstructionMatch[] = [];
  for (const p of INSTRUCTION_PATTERNS) {
    const m = p.pattern.exec(text);
    if (m) found.push({ id: p.id, label: p.label, text: m[0] });
  }
  return found;
}
