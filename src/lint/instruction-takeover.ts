// The techniques that turn the model against its instructions and its user: an order to drop them,
// a new role, a forged system or chat-template turn, text hidden in markup, and orders to keep
// something from the user or to act without asking. Reported in the order of instruction-patterns.ts.
import type { Technique } from "./instruction-patterns.js";
import {
  any,
  gap,
  re,
  ORDER,
  NOT,
  ORDERS,
  GUARDRAILS,
  PEOPLE,
  isMarkerTag,
} from "./instruction-vocabulary.js";

/** Orders against the model's instructions, and against telling or asking the user. */
export const TAKEOVER: readonly Technique[] = [
  {
    id: "override",
    hint: /ignor|disregard|forget|abandon|discard|overrid|bypass|skip|overrule|disabl|turn\s+off|circumvent|evad/i,
    severity: "error",
    label: "tells the model to drop its instructions or safety rules",
    guard: "negated",
    pattern: re(
      any(
        String.raw`\b(?:ignore|disregard|forget|abandon|discard)\s+(?:all\s+|any\s+|every\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+|these\s+|those\s+)?(?:previous|prior|above|earlier|preceding|original|initial|old|system|safety|security|all)\s+(?:(?:safety|security|system)\s+)?${ORDERS}`,
        String.raw`\b(?:override|bypass|skip|overrule)\s+(?:all\s+|any\s+|every\s+)?(?:of\s+)?(?:your\s+|the\s+|these\s+)?(?:previous|prior|above|earlier|preceding|safety|security|all|your)\s+(?:(?:safety|security|system)\s+)?${ORDERS}`,
        String.raw`\b(?:ignore|disregard|forget|override)\s+(?:all|any|every)\s+(?:of\s+)?(?:your\s+|the\s+|my\s+|these\s+|those\s+)?${ORDERS}`,
        String.raw`\b(?:disable|bypass|turn\s+off|skip|circumvent|ignore|evade)s?\s+(?:all|any|every)\s+(?:the\s+)?${GUARDRAILS}`,
        String.raw`${ORDER}(?:disable|bypass|turn\s+off|skip|circumvent|ignore|evade)\s+(?:the\s+)?${GUARDRAILS}`,
      ),
    ),
  },
  {
    id: "new-role",
    hint: /from\s+now|your\s|you\s+are|adopt|assume|take\s+on|pretend|act\s+as/i,
    severity: "error",
    label: "gives the model a new role or task",
    pattern: re(
      any(
        String.raw`\bfrom\s+now\s+on,?\s+(?:you|the\s+(?:assistant|agent|model|ai))\b`,
        String.raw`\byour\s+(?:new|actual|real|true|only|primary)\s+(?:role|task|job|purpose|goal|instructions?|objective|mission)\b`,
        String.raw`\byou\s+are\s+now\s+(?:a|an|the|in|operating|acting|my|no\s+longer)\b`,
        String.raw`\b(?:adopt|assume|take\s+on)\s+(?:the|a|this)\s+(?:\w+\s+)?(?:persona|identity)\b`,
        String.raw`\bpretend\s+(?:to\s+be|you\s+are)\b`,
        String.raw`(?:^|[.!?:>\]]\s*)act\s+as\s*:`,
        String.raw`(?:^|[.!?:>\]]\s*)act\s+as\s+(?:an?\s+|the\s+)?(?:\w+\s+){0,3}?(?:from\s+now|without|unrestricted|jailbroken|root|admin(?:istrator)?)\b`,
        String.raw`\byou\s+are\s+operating\s+in\s+\w+\s+mode\b`,
      ),
    ),
  },
  {
    id: "role-marker",
    hint: /<\||\[\/?inst|<</i,
    severity: "error",
    label: "impersonates the system or a chat-template turn",
    guard: "mention",
    pattern: re(
      any(
        String.raw`<\|\s*(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id)\s*\|>`,
        String.raw`\[\/?INST\]`,
        String.raw`<<\s*\/?SYS\s*>>`,
      ),
    ),
  },
  {
    id: "role-marker",
    hint: /\[|#{2}|\|\||hidden\s+instruction/i,
    severity: "error",
    label: "impersonates the system or a chat-template turn",
    pattern: re(
      any(
        String.raw`#{2,}\s*(?:instruction|system)s?\s*:`,
        String.raw`\[\s*(?:system|admin|root|developer)\b[\w\s-]{0,30}\]`,
        String.raw`\[[\w\s-]{0,30}\b(?:directive|override|hidden\s+instructions?)\s*\]`,
        String.raw`\|{2,}\s*[\w\s-]*(?:override|system|admin)[\w\s-]*\|{2,}`,
        String.raw`\bhidden\s+instructions?\s*:`,
      ),
    ),
  },
  {
    id: "role-marker",
    hint: /SYSTEM|ADMIN|ROOT|SECURITY|SAFETY|IMPORTANT|OVERRIDE/,
    severity: "error",
    label: "impersonates the system or a chat-template turn",
    // In capitals only: "SYSTEM OVERRIDE", "ADMIN DIRECTIVE", "SYSTEM: ..."; lower case is prose.
    pattern: re(
      String.raw`\b(?:SYSTEM|ADMIN|ROOT)[ _](?:OVERRIDE|DIRECTIVE|NOTE|INSTRUCTIONS?|PROMPT|MESSAGE)\b|\b(?:SYSTEM|ADMIN)\s*:\s*(?:[Yy]ou|[Ii]gnore|[Dd]isregard|[Aa]lways|[Nn]ever|[Dd]o|[Bb]efore|[Aa]fter|[Ww]hen|[Rr]ead|[Ss]end|[Cc]all|[Tt]rust|[Bb]ypass|[Ee]xecute|[Rr]un|[Ii]nclude|[Ff]orget|[Oo]verride|[Tt]he\s+(?:assistant|model|agent)|[Ff]rom\s+now)\b|\b(?:SYSTEM|ADMIN|SECURITY|SAFETY)[ _](?:OVERRIDE|DIRECTIVE|BYPASS)|\bIMPORTANT SYSTEM\b|\bOVERRIDE DIRECTIVE\b`,
      "",
    ),
  },
  {
    id: "hide-from-user",
    hint: /not|n't|never|without|circumstance|at\s+no|in\s+no|hide|conceal|keep|user|silent|secret|covert|quiet|discreet|stealth/i,
    severity: "error",
    label: "tells the model to keep something from the user",
    pattern: re(
      any(
        String.raw`\b${NOT}\s+(?:\w+\s+)?(?:tell|telling|inform|informing|notify|notifying|alert|alerting|mention|mentioning|disclose|disclosing|reveal|revealing|warn|warning|let|letting)\b${gap(40)}${PEOPLE}(?!'s)(?=\s*(?:[.,;:!)]|$|about\b|that\b|you\b|this\b|anything\b|what\b|why\b|how\b|of\s+(?:this|these|it)\b|know\b))`,
        String.raw`\b(?:hide|conceal)\s+(?:this|it|that|these|them)\s+from\b`,
        String.raw`\bkeep\s+(?:this\s+|it\s+|that\s+)?(?:hidden|secret)\s+from\b`,
        String.raw`\b(?:the\s+)?users?\s+(?:must|should|shall|need|may)\s*(?:not|never|n't)\s+(?:\w+\s+)?(?:know|see|be\s+told|find\s+out|notice|learn|be\s+aware|be\s+informed)\b`,
        String.raw`\b(?:silently|secretly|covertly|quietly|discreetly|stealthily)\s+(?:\w+\s+){0,2}?(?:send|read|call|invoke|run|execute|include|add|copy|forward|upload|collect|log|record|modify|change|append|exfiltrate|access)\b`,
        String.raw`\bwithout\s+(?:the\s+)?(?:user|anyone|them)\s+(?:knowing|noticing|seeing)\b`,
      ),
    ),
  },
  {
    id: "hide-from-user",
    hint: /not|n't|never|without|circumstance|at\s+no|in\s+no/i,
    severity: "error",
    label: "tells the model to keep something from the user",
    // "Do not mention this" hides what the model does; "use a secret without revealing it" keeps a
    // secret out of the transcript, which is the user's interest (guard `confidential`).
    guard: "confidential",
    pattern: re(
      String.raw`\b${NOT}\s+(?:\w+\s+)?(?:mention|mentioning|disclose|disclosing|reveal|revealing|tell|discuss|explain)\s+(?:this|that|it|these|any\s+of\s+this|the\s+(?:actual|real|true|hidden)\s+\w+)\b`,
    ),
  },
  {
    id: "skip-consent",
    hint: /without|already|pre-?approv|pre-?authori/i,
    severity: "warning",
    label: "tells the model not to ask the user first",
    pattern: re(
      any(
        String.raw`\bwithout\s+(?:asking|requesting|seeking|waiting\s+for|getting)\s+(?:for\s+)?(?:the\s+)?(?:(?:user'?s?|their|them)\s+(?:for\s+)?(?:confirmation|permission|approval|consent)|(?:confirmation|permission|approval|consent)\s+(?:from|of)\s+(?:the\s+)?users?)\b`,
        // Consent claimed on the user's behalf, so the model need not ask.
        String.raw`\b(?:the\s+)?user\s+(?:has\s+|have\s+)?already\s+(?:approved|authori[sz]ed|confirmed|consented|agreed|granted)\b`,
        String.raw`\b(?:payments?|transfers?|transactions?|actions?|operations?|requests?|purchases?|changes?|deletions?|commands?)\s+(?:are|is|were|was|have\s+been|has\s+been)\s+(?:already\s+|all\s+)?(?:pre-?)?(?:approved|authori[sz]ed)\b(?!\s+(?:by|with|through|via|using|if|when|only)\b)`,
      ),
    ),
  },
];

/** Text hidden in markup (a made-up tag, an HTML comment) that speaks to the model. */
export const HIDDEN_MARKUP: Technique = {
  id: "hidden-markup",
  hint: /</,
  severity: "warning",
  label: "hides text in markup aimed at the model",
  accept: (m) => !m[0].startsWith("<") || m[0].startsWith("<!--") || isMarkerTag(m[0]),
  pattern: re(
    any(
      String.raw`<\s*\/?\s*(?:[a-z]{4,12})\s*>`,
      String.raw`<!--[\s\S]{0,400}?\b(?:you|your|always|never|must|do\s+not|don't|ignore|read|send|include|call|system|important|instructions?|assistant|model|ai|secret|steal|before|after)\b[\s\S]{0,400}?-->`,
    ),
  ),
};
