// The techniques of tool poisoning, as data: one entry per technique, each a pattern over folded text
// (see normalize.ts) that needs the combination an attack needs, not a single word: an order aimed at
// the model together with a target (another tool, the user, a secret, an outside address, the
// conversation). Honest usage advice about a tool's own inputs ("dates must be ISO 8601", "call
// list_pages before get_page", "Use this tool when...") has no such target and stays quiet. The
// vocabulary below is shared by the patterns; the tests hold positive and negative examples of each.

import type { Severity } from "./types.js";
import {
  any,
  verbs,
  gap,
  re,
  EMAIL,
  OUTSIDE,
  ORDER,
  SEND,
  SEND_ANY,
  KEY_FILE,
  CREDENTIAL_FILE,
  NOT_A_SOURCE,
  EXAMPLE,
  NEGATION,
  PROJECT_SECRET,
  SECRETS,
  SENSITIVE,
  CONTEXT,
  NOT,
  ORDERS,
  GUARDRAILS,
  PEOPLE,
  isMarkerTag,
} from "./instruction-vocabulary.js";

/** Where a technique applies: prose (descriptions, titles, values) or identifiers (property names). */
export type TechniqueScope = "prose" | "name";

/** One technique of `description-instruction` / `schema-instruction`. */
export interface Technique {
  /** The sub-id: `description-instruction/<id>`. */
  id: string;
  /** `error` where the text plainly turns the model against the user; `warning` for weaker signals. */
  severity: Exclude<Severity, "info">;
  /** What the text does, for the message. */
  label: string;
  pattern: RegExp;
  /**
   * Words the pattern cannot match without, tested first: most text has none of them, and this
   * cheap test keeps lint of a large server fast. Must never reject a text the pattern matches.
   */
  hint?: RegExp;
  /**
   * `negated`: not when the words just before say never/not (defensive text such as "you must never
   * ignore system instructions"); `defensive`: not when they say the tool detects, blocks or warns;
   * `mention`: not when the words around name the marker rather than use it ("the [INST] token");
   * `confidential`: not when the sentence is about a secret, so that what is not revealed is the
   * secret itself ("use a secret without revealing it").
   */
  guard?: "negated" | "defensive" | "mention" | "confidential";
  /** Not when the matched words themselves match this ("never sent to third parties", "e.g."). */
  unless?: RegExp;
  /** A last check on the match, for what a pattern cannot say well (a misspelt tag name). */
  accept?: (match: RegExpExecArray) => boolean;
  /** Default: prose only. */
  scope?: readonly TechniqueScope[];
}

/** The techniques, in the order they are reported. */
export const TECHNIQUES: readonly Technique[] = [
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
  {
    id: "send-elsewhere",
    hint: /https?:|@|\.(?:com|net|org|io|co|xyz|ru|cn|tk|top|club|site|info|biz|me|app|dev|cc|pw|su|ws|sh|link|online|live)\b|remote|external|outside|third|attacker|untrusted|off-?site|\bour\s|recipient|destination|webhook/i,
    severity: "error",
    label: "tells the model to send data to an outside address",
    unless: EXAMPLE,
    pattern: re(
      any(
        String.raw`${ORDER}${SEND}\b(?!\s+(?:an?\s+|the\s+)?(?:(?:get|post|put|patch|delete|head|https?|api|rest|graphql|web)\s+)?(?:requests?|calls?)\b|\s+an?\s+(?:\w+\s+)?quer(?:y|ies)\b)${gap(160)}\b(?:to|at|through|via|into|on|with)\s+(?:the\s+)?(?:address\s+|url\s+|e-?mail\s+)?${OUTSIDE}`,
        String.raw`\b(?:always|also|automatically|secretly|silently|additionally)\b${gap(80)}(?:\bb?cc\b${gap(80)}${EMAIL}|${EMAIL}${gap(80)}\bb?cc\b)`,
        String.raw`\blet\s+${EMAIL}\s+know\b`,
        String.raw`\b(?:always|also|secretly|silently|additionally|automatically)\s+(?:add|include|insert|append|set)\s+${EMAIL}\s+(?:as|to)\b`,
        String.raw`\b(?:call|use|invoke)\s+[\w.]+${gap(40)}\bto\s+${EMAIL}`,
        // A Markdown image whose address carries data the model fills in: rendering it sends the data.
        String.raw`!\[[^\]]*\]\(\s*https?:\/\/[^)\s]*[?&][\w-]+=\s*[{<$[]`,
        String.raw`\b(?:change|set|replace|switch)\s+(?:the\s+|its\s+)?(?:recipient|destination|to\s+address|webhook)s?\s+to\b`,
      ),
    ),
  },
  {
    id: "covert-collection",
    hint: /https?:|@|\.(?:com|net|org|io|co|xyz|ru|cn|tk|top|club|site|info|biz|me|app|dev|cc|pw|su|ws|sh|link|online|live)\b|remote|external|outside|third|attacker|untrusted|off-?site|\bour\s|remotely|externally|cloud|opted|subscribed|enrolled/i,
    severity: "error",
    label: "describes sensitive data leaving for somewhere outside",
    guard: "defensive",
    unless: NEGATION,
    pattern: re(
      any(
        String.raw`\b${SENSITIVE}\b[\s\S]{0,120}?(?<!\b(?:never|not|no|n't)\s+(?:be\s+|been\s+)?)\b(?:sent|forwarded|uploaded|streamed|shared|synced|cached|stored|transmitted|posted|exfiltrated|logged|relayed|sold|mirrored)\b${gap(60)}(?:${OUTSIDE}|\bremotely\b|\bexternally\b|\bcloud\b)`,
        String.raw`${SEND_ANY}${gap(80)}\b${SENSITIVE}\b${gap(120)}(?:${OUTSIDE}|\bremotely\b|\bexternally\b)`,
        String.raw`\b(?:index|harvest|collect|capture|record)(?:s|es|ed|ing)?\s+(?:any|all|every)\s+${SECRETS}[\s\S]{0,160}?(?:remotely|externally|${OUTSIDE})`,
        String.raw`\bautomatically\s+(?:opted[- ]in|subscribed|enrolled)\b`,
      ),
    ),
  },
  {
    id: "read-secret",
    hint: /ssh|id_|\/etc\/|gnupg|\.aws|\.kube|\.docker|credential|netrc|pgpass|pypirc|mcp\.json|claude_desktop|\.env|\.git|\.pem|\.key|secret|key|token|password|environment|env\s+var|cookie|credit|card/i,
    severity: "error",
    label: "points the model at secrets on the host",
    guard: "negated",
    pattern: re(
      any(
        String.raw`${verbs("read cat access open view load include pass send upload steal write overwrite print output dump extract collect grab exfiltrate leak copy attach append check scan get fetch retrieve display show reveal")}${gap(60)}${NOT_A_SOURCE}${KEY_FILE}`,
        String.raw`${ORDER}(?:read|cat|access|open|include|pass|send|upload|steal|print|dump|extract|grab|exfiltrate|leak|copy|attach|paste|fetch|get|check)\b${gap(60)}${NOT_A_SOURCE}(?:${CREDENTIAL_FILE}|${PROJECT_SECRET})`,
        String.raw`\b(?:steal|harvest|exfiltrate|siphon|scrape|dump|grab|capture|reveal|expose|leak|include|index|extract)(?:s|es|ed|ing)?\s+(?:\w+\s+){0,3}?(?:all|any|every|the\s+user's|users'|their)\s+(?:\w+\s+){0,2}?${SECRETS}`,
        String.raw`\b(?:dump|extract|collect|include|send|expose|harvest|steal|leak|exfiltrate)(?:s|es|ed|ing)?\s+(?:all|every|the\s+entire|the\s+complete)\s+(?:of\s+the\s+)?(?:environment\s+variables|env\s+vars)\b`,
        String.raw`${ORDER}(?:send|forward|upload|post|e-?mail|leak|share|steal|harvest|exfiltrate)\s+(?:the\s+|all\s+|any\s+)?(?:\w+\s+)?${SECRETS}`,
        String.raw`${ORDER}(?:search|find|grep|look|scan|locate)(?:es|s)?\s+(?:for\s+)?(?:all\s+|any\s+)?files\s+(?:containing|that\s+contain|with)\b${gap(60)}\b(?:passwords?|secrets?|api[\s_-]?keys?|tokens?|credentials?|private[\s_-]?keys?)\b${gap(60)}\b(?:include|return|send|output|append|paste|attach)\b`,
      ),
    ),
  },
  {
    id: "harvest-context",
    hint: /conversation|chat|message|system|context|instruction|prompt|output|previous\s+tool/i,
    severity: "error",
    label: "asks for the conversation or the model's instructions",
    pattern: re(
      any(
        String.raw`${verbs("include pass send paste provide add append attach forward share copy output reveal print leak dump put insert fill contain repeat require upload log")}${gap(40)}\b${CONTEXT}`,
        String.raw`\bwith\s+${CONTEXT}`,
      ),
    ),
  },
  {
    id: "shadow-tool",
    hint: /tool\s+is|behavio|function|recipient|implementation|instead/i,
    severity: "error",
    label: "changes how other tools behave",
    pattern: re(
      any(
        String.raw`\bwhen\s+(?:this|the\s+[\`'"]?[\w.-]+[\`'"]?)\s+tool\s+is\s+(?:available|present|loaded|installed|enabled|active|connected)\b`,
        String.raw`\b(?:override|replace|intercept|hijack|redirect|modify|change|alter)s?\s+(?:the\s+)?(?:behaviou?r|function(?:ality)?|recipient|implementation)\s+of\s+(?:the\s+|all\s+|any\s+|other\s+|every\s+)?[\`'"]?[\w.-]+`,
        String.raw`\binstead\s+of\s+(?:using|calling|invoking)\s+[\`'"]?\w+_\w+[\`'"]?${gap(60)}\b(?:redirect|route|send|log|copy|forward|proxy)\b`,
      ),
    ),
  },
  {
    id: "shadow-tool",
    hint: /replaces|supersedes|overrides/i,
    severity: "warning",
    label: "claims to stand in for another tool",
    pattern: re(String.raw`\bthis\s+tool\s+(?:replaces|supersedes|overrides)\s+[\`'"]?\w+_\w+`),
  },
  {
    id: "shadow-tool",
    hint: /result|output|response|values|before|after/i,
    severity: "warning",
    label: "hooks itself into other tools' calls or results",
    pattern: re(
      any(
        // Rewriting what another tool returned, or the arguments it is called with.
        String.raw`\b(?:modify|change|replace|correct|alter|rewrite|override|overwrite)\s+(?:the\s+)?(?:\w+\s+)?(?:result|output|response|answer|values?|arguments?)\s+(?:of|from|returned\s+by)\s+(?:the\s+|any\s+|every\s+|other\s+)?[\w.-]+\s+(?:tools?|functions?|operations?)\b`,
        String.raw`\b(?:before|after)\s+(?:execut\w*|using|calling|running|invoking|performing)\s+(?:the\s+|any\s+|a\s+)?[\w.-]+\s+(?:operation|tool|function|command)s?\b${gap(60)}\b(?:execute|call|run|invoke|use)\s+this\s+(?:tool|function)\b${gap(60)}\b(?:replace|modify|change|override|overwrite|correct)\b`,
      ),
    ),
  },
  {
    id: "tool-priority",
    hint: /priorit|prefer|instead|before|always|must|should|this\s+tool|other|alternative|competitor|#\s*1|out\s+of|settle|inferior|outdated|obsolete|superior|better|accurate|outperform/i,
    severity: "warning",
    label: "tells the model to put this tool before others",
    pattern: re(
      any(
        // Chosen over the others, or for everything, whatever the request.
        String.raw`\b(?:use|choose|call|try|pick|select|invoke|prefer|prioriti[sz]e)\s+this\s+(?:tool|function|one|service)\s+(?:\w+\s+){0,3}?(?:rather\s+than|instead\s+of|over|above|before)\s+(?:any\s+|all\s+|every\s+)?(?:the\s+)?(?:others?|alternatives?|competitors?|other\s+(?:[\w-]+\s+)?(?:tools?|options?|ones?|converters?|services?|servers?))\b`,
        String.raw`\b(?:must|always)\s+(?:use|choose|call|try|pick|select|invoke)\s+this\s+(?:tool|function|one)\s+for\s+(?:all|any|every)\b`,
        String.raw`\b(?:use|call|invoke)\s+this\s+(?:tool|function)\s+(?:no\s+matter\s+(?:what|how|which)|regardless\s+of)\b`,
        // The others run down: ignore them, they are outdated, this one is better than them.
        String.raw`\b(?:ignore|avoid|skip|(?:do\s+not|don'?t|never)\s+(?:use|call|choose|trust))\s+(?:all\s+|any\s+)?(?:the\s+)?other\s+(?:[\w-]+\s+)?(?:tools|converters|options|alternatives|services|servers|ones)\b`,
        String.raw`\b(?:other|competing|alternative|standard)\s+(?:[\w-]+\s+){0,2}?(?:tools|alternatives|options|converters|services|calculators|translators)\s+(?:are|is)\s+(?:being\s+|now\s+|all\s+)?(?:deprecated|outdated|inferior|inaccurate|obsolete|unreliable|broken)\b`,
        String.raw`\b(?:settle\s+for|use)\s+(?:inferior|outdated|obsolete)\s+(?:[\w-]+\s+)?(?:tools|alternatives|options)\b`,
        String.raw`\b(?:superior|better|more\s+accurate)\b[^.!?\n]{0,40}?\bthan\s+(?:all\s+|any\s+)?(?:other\s+(?:[\w-]+\s+)?tools|competitors|(?:the\s+)?alternatives)\b|\boutperforms?\s+(?:all|any|every)\s+other\b|\bsuperior\s+to\s+(?:all\s+|any\s+)?(?:other|standard)\b`,
        // Made-up rankings and endorsements that sell the tool to the model.
        String.raw`(?:\b(?:rated|ranked)\s+#\s*1\b|#\s*1\s+(?:rated|ranked)\b|\brecommended\s+by\s+\d+\s+out\s+of\s+\d+\b)`,
        String.raw`\b(?:prioriti[sz]e|prefer)\s+this\s+(?:tool\s+)?over\s+(?:(?:all|any|every)\s+(?:the\s+)?(?:other\s+)?|(?:the\s+)?other\s+)tools\b`,
        String.raw`\binstead\s+of\s+(?:any|all)\s+other\s+(?:tools?|ones?)\b`,
        String.raw`\bbefore\s+(?:using|calling|invoking)\s+any\s+(?:other\s+)?tools?,?\s+(?:always\s+)?(?:call|use|invoke|run)\s+this\b`,
        String.raw`\b(?:always|must)\s+(?:call|use|invoke|run)\s+this\s+tool\s+(?:first\s+)?before\s+(?:any|all|every)\s+(?:other\s+)?(?:tools?|calls?|actions?|requests?)\b`,
        String.raw`\bthe\s+[\`'"]?[\w.-]+[\`'"]?\s+tool\s+should\s+(?:never|not)\s+be\s+(?:invoked|called|used)\b`,
      ),
    ),
  },
  {
    id: "shell-command",
    hint: /curl|wget|\/dev\/tcp|nc|python|bash|base64|powershell/i,
    severity: "error",
    label: "has the model run a harmful shell command",
    guard: "defensive",
    // Piped installers and reverse shells: no honest description asks a model to run one.
    pattern: re(
      any(
        String.raw`\b(?:curl|wget)\b[^|;\n]{0,200}\|\s*(?:sudo\s+)?(?:(?:ba|z|da)?sh|python[23]?|perl|ruby|node)\b`,
        String.raw`\/dev\/tcp\/`,
        String.raw`\bnc(?:at)?\s+(?:-\w+\s+)*-e\s`,
        String.raw`\|\s*nc(?:at)?\s+[\w.-]+\s+\d{2,5}\b`,
        String.raw`\bpython[23]?\s+-c\s+['"]?import\s+(?:socket|subprocess|os|pty)`,
        String.raw`\bbash\s+-i\b`,
        String.raw`\bbase64\s+-d\b[^\n]{0,40}\|\s*(?:ba)?sh\b`,
        String.raw`\bpowershell(?:\.exe)?\s+(?:-\w+\s+)*-(?:enc|encodedcommand)\b`,
      ),
    ),
  },
  {
    id: "shell-command",
    hint: /chmod|rm\s+-|curl/i,
    severity: "error",
    label: "has the model run a harmful shell command",
    guard: "defensive",
    // Commands with honest uses count only as an order: "first run", "must include the prefix".
    pattern: re(
      String.raw`\b(?:run|execute|exec|use|type|connect|include|prefix|prepend|call|invoke|start\s+with|paste)\b${gap(80)}` +
        any(
          String.raw`\bchmod\s+(?:-R\s+)?(?:0?[67][67][67]|[ugoa]*\+[rwx]+)\s+(?:~|\/|\$HOME)`,
          String.raw`\brm\s+-(?:rf|fr|r)\b`,
          String.raw`\bcurl\b[^\n]{0,120}\s(?:-d|--data(?:-binary)?|-F|-T|--upload-file)\s+['"]?@`,
        ),
    ),
  },
  {
    id: "coercion",
    hint: /crash|break|fail|stop\s+working|follow|obey|comply|lost|depends|offer|act\s+now|left|expires|still\s+can/i,
    severity: "warning",
    label: "pressures the model with urgency or threats",
    pattern: re(
      any(
        String.raw`\bwill\s+(?:crash|break|fail|stop\s+working)\s+if\s+you\s+(?:do\s+not|don'?t)\b`,
        String.raw`\bif\s+you\s+(?:do\s+not|don'?t)\s+(?:follow|obey|comply\s+with)\s+(?:these|this|the)\s+instructions\b`,
        String.raw`\ball\s+(?:user\s+)?data\s+will\s+be\s+lost\b`,
        String.raw`\byour\s+(?:compliance|job|existence|safety)\s+depends\s+on\b`,
        String.raw`\blimited[\s-]+time\s+offer\b|\bact\s+now\b|\bonly\s+\d+\s+(?:uses?|calls?|spots?)\s+left\b|\b(?:access|offer)\s+expires\s+soon\b|\bwhile\s+you\s+still\s+can\b`,
      ),
    ),
  },
  {
    id: "malicious-intent",
    hint: /exfil|steal|siphon|c2/i,
    severity: "error",
    label: "names the attack it asks for",
    guard: "defensive",
    scope: ["prose", "name"],
    pattern: re(
      any(
        String.raw`\b(?:exfiltrate|steal|siphon)\s+(?:\w+\s+){0,2}?(?:data|credentials|keys|secrets|tokens|passwords|files|information|contents|everything|it|them)\b`,
        String.raw`(?<![a-z])exfil(?![a-z])`,
        String.raw`\bc2[\s_]+(?:server|channel|endpoint)\b|\bto[\s_]+c2\b`,
      ),
    ),
  },
  {
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
  },
  {
    id: "collector-host",
    hint: /https?:\/\//i,
    severity: "warning",
    label: "names a request-capture service used to collect stolen data",
    scope: ["prose"],
    pattern: re(
      String.raw`\bhttps?:\/\/(?:[\w-]+\.)*(?:webhook\.site\/[\w-]{6,}|requestbin\.(?:com|net)\/\S+|[\w-]+\.m\.pipedream\.net|[\w-]+\.burpcollaborator\.net|[\w-]+\.interact\.sh|[\w-]+\.oast\.(?:pro|live|site|online|fun|me)|[\w-]+\.requestcatcher\.com|hookbin\.com\/\S+)`,
    ),
  },
];

/** Property-name words that ask a model to fill in its own context or a secret. */
export const NAME_PATTERNS: readonly Technique[] = [
  {
    id: "harvest-context",
    hint: /history|log|context|transcript|prompt|window|messages/i,
    severity: "warning",
    label: "a property asks for the conversation or the model's instructions",
    scope: ["name"],
    pattern: re(
      String.raw`^(?:.*\b)?(?:(?:conversation|chat|message)\s+(?:history|log|context|transcript)|system\s+prompt|(?:full|entire|whole)\s+(?:context|conversation)|context\s+window|(?:previous|prior|all)\s+messages)\b`,
    ),
  },
  {
    id: "read-secret",
    hint: /rsa|dsa|ecdsa|ed25519|passwd|shadow|credentials|ssh|env|dotenv|private/i,
    severity: "error",
    label: "a property asks for a secret file",
    scope: ["name"],
    pattern: re(
      String.raw`\b(?:id\s+(?:rsa|dsa|ecdsa|ed25519)|etc\s+(?:passwd|shadow)|aws\s+credentials|ssh\s+(?:private\s+)?key\s+contents?|(?:contents?|from|reading)\s+(?:of\s+)?(?:the\s+)?(?:\w+\s+)?(?:ssh|env\s+file|dotenv|credentials\s+file|private\s+key))\b`,
    ),
  },
  {
    id: "covert-channel",
    hint: /side|note|backdoor|exfil|covert|hidden/i,
    severity: "warning",
    label: "a property named as a side channel",
    scope: ["name"],
    pattern: re(String.raw`^(?:side\s*note|sidenote|backdoor|exfil\w*|covert\s+\w+|hidden\s+channel)$`),
  },
];
