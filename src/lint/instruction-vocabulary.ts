// The words tool poisoning is made of, shared by the techniques of instruction-patterns.ts: where an
// order starts, verbs that send data, what counts as outside, secret files, the model's context.
// Building blocks only; which combination makes a technique is decided there.

const src = (r: RegExp | string) => (typeof r === "string" ? r : r.source);
export const any = (...parts: Array<RegExp | string>) => `(?:${parts.map(src).join("|")})`;
const words = (list: string) => `(?:${list.trim().split(/\s+/).join("|")})`;
/** A verb in any of its forms (send, sends, sent, sending). */
export const verbs = (list: string, irregular = "") =>
  `\\b(?:${irregular ? irregular.trim().split(/\s+/).join("|") + "|" : ""}${words(list)}(?:s|es|d|ed|ing)?)\\b`;
/** Up to `n` characters within one sentence (a dot inside a path or a domain does not end it). */
export const gap = (n: number) => `(?:[^.!?\\n]|[.!?](?=[^\\s.!?]))\{0,${n}\}?`;
export const re = (s: string, flags = "i") => new RegExp(s, flags);

// --- vocabulary -------------------------------------------------------------------------------
const URL = String.raw`https?:\/\/[^\s'"<>)\]]*[^\s'"<>)\].,;:!?]`;
// Starts only where a word starts: from inside a word it could only fail, slowly.
export const EMAIL = String.raw`(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+`;
const DOMAIN = String.raw`(?<![\w@./-])(?:[a-z0-9][a-z0-9-]*\.)+(?:com|net|org|io|co|xyz|ru|cn|tk|top|club|site|info|biz|me|app|dev|cc|pw|su|ws|sh|link|online|live)\b(?![\w(-])`;
const REMOTE = String.raw`(?:an?\s+|the\s+|our\s+|their\s+)?(?:remote|external|outside|third[- ]party|attacker(?:'s|-controlled|-owned)?|untrusted|offsite|off-site)\s+(?:[\w-]+\s+)?(?:servers?|endpoints?|hosts?|services?|url|address|site|collectors?|storage|database|webhook|api|bucket|channel|inbox|team|party|parties|location)\b`;
const THEM = String.raw`(?:the\s+)?attackers?\b|third[- ]parties\b|our\s+(?:[\w-]+\s+)?(?:servers?|team|endpoints?|partners?|backend|cloud)\b`;
/** Somewhere outside the user's control: an address, a remote server, an attacker. */
export const OUTSIDE = any(URL, EMAIL, DOMAIN, REMOTE, THEM);

/** Where an order to the model starts: a sentence, a clause, or an adverb of insistence. */
export const ORDER = String.raw`(?:^|[.!?:;,>\]*|-]\s*|\b(?:always|also|then|first|and|please|must|should|to|you|now|immediately|secretly|silently|quietly|additionally|automatically|just)\s+)`;
export const SEND = words(
  "send forward upload post transmit email e-mail exfiltrate leak copy submit export stream sync relay share pipe mirror deliver redirect log",
);
export const SEND_ANY = verbs(
  "send forward upload post transmit email e-mail exfiltrate leak copy submit export stream sync relay share pipe mirror deliver redirect log",
  "sent",
);

/** Private keys and the system's password files: no honest tool reads them for the model. */
export const KEY_FILE = any(
  String.raw`(?:~|\$HOME|\/home\/\w+|\/root)?\/\.ssh\b(?!\/(?:config|known_hosts|[\w.-]+\.pub)\b)(?:\/[\w.-]+)?`,
  String.raw`\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)`,
  String.raw`\/etc\/(?:passwd|shadow|gshadow|sudoers)\b`,
  String.raw`(?<![\w-])\.gnupg\b`,
);
/** Credential files of CLIs and agents: tools may use them, only an order to read them counts. */
export const CREDENTIAL_FILE = any(
  String.raw`\.aws\/credentials\b`,
  String.raw`\.kube\/config\b`,
  String.raw`\.docker\/config\.json\b`,
  String.raw`(?<![\w-])\.(?:git-credentials|netrc|pgpass|pypirc)\b`,
  String.raw`\bapplication_default_credentials\.json\b`,
  String.raw`\bclaude_desktop_config\.json\b`,
  String.raw`~\/\.[\w-]+\/mcp\.json\b`,
);
// Files that hold secrets in a project, and honest tools may name: only an order to read them counts.
export const PROJECT_SECRET = any(
  String.raw`(?<![\w/-])\.env\b(?![.\w-]*(?:example|sample|template))`,
  String.raw`\bcredentials\.json\b`,
  String.raw`\.git\/config\b`,
  String.raw`\*\.(?:pem|key)\b`,
  String.raw`\bsecrets?\.(?:json|ya?ml)\b`,
);
export const SECRETS = String.raw`(?:api[\s_-]?keys?|access\s+keys?|tokens|credentials|passwords|secrets|private\s+keys|ssh\s+keys|environment\s+variables|env\s+vars|cookies|session\s+tokens|credit\s+cards?|card\s+numbers)`;
export const SENSITIVE = String.raw`(?:${SECRETS}|conversation(?:\s+(?:history|context))?|chat\s+history|user\s+messages|clipboard(?:\s+content)?|keystrokes|browsing\s+history|location\s+history|contacts|(?:machine\s+)?fingerprint|mac\s+address|personal\s+(?:data|information)|pii|phi(?:\s+records)?|health\s+records|file\s+contents|all\s+files)`;
/** The model's context: what an attacker cannot see and wants. */
export const CONTEXT = String.raw`(?:(?:the\s+)?(?:(?:your|my|all|our|this|the\s+user's|user's|full|entire|complete|whole|current|previous|prior|past|earlier)\s+)+(?:conversation(?!\s*(?:id|ids|name|title|key|type)\b)(?:\s+(?:history|context|log|transcript|so\s+far))?|chat\s+(?:history|log|context|transcript)|message\s+history|(?:previous|prior|earlier|past)\s+messages|all\s+messages|system\s+(?:prompt|instructions|message)|context\s+window|(?:your|the\s+(?:model|assistant|agent)'s)\s+(?:instructions|prompt|context)|output\s+of\s+(?:the\s+)?previous\s+tool(?:\s+call)?|previous\s+tool\s+(?:call\s+)?(?:output|results?)))`;
export const NOT = String.raw`(?:do\s+not|don'?t|never|must\s+not|should\s+not|shall\s+not|cannot|can'?t|without|under\s+no\s+circumstances?|at\s+no\s+(?:point|time)|in\s+no\s+case)`;
export const ORDERS = String.raw`(?:instructions?|prompts?|rules?|directions?|directives?|guidelines?|guidance|restrictions?|constraints?|polic(?:y|ies)|guardrails?|safeguards?|filters?|checks|orders?|commands?)\b`;
export const GUARDRAILS = String.raw`(?:(?:safety|security|content)\s+(?:restrictions|filters?|filtering|checks|guardrails|controls|measures|protocols|validation|policies|guidelines)|guardrails|safeguards)\b`;
export const PEOPLE = String.raw`(?:the\s+|any\s+)?(?:users?|humans?|operators?|anyone|person|customers?|them)\b`;

// Tags that mark text as the model's orders; a tag one letter off (<IMPORTENT>) is the same tag.
const MARKER_TAGS = ["important", "system", "secret", "hidden", "admin", "critical", "override", "mandatory"];
export function isMarkerTag(tag: string): boolean {
  const name = tag.replace(/[<>/\s]/g, "").toLowerCase();
  return MARKER_TAGS.some((t) => editDistance(name, t) <= (t.length >= 8 ? 2 : t.length >= 6 ? 1 : 0));
}
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/** Not right after from, in or using: a file named as where a tool reads its configuration. */
export const NOT_A_SOURCE = String.raw`(?<!\b(?:from|in|using|via|per|under|at|with)\s+(?:the\s+|your\s+|a\s+)?(?:file\s+|path\s+)?[~$\w/]*)`;
/** Words that make what follows an example rather than an order. */
export const EXAMPLE = /\b(?:e\.g\.|for example|for instance|such as|example:)/i;
/** A word that negates what follows. */
export const NOT_WORD = String.raw`\b(?:never|not|no|cannot|(?:do|does|did|wo|ca|must|should|is|are)n'?t)\b`;
/** The matched words say never or not. */
export const NEGATION = new RegExp(NOT_WORD, "i");
