// The techniques that take data away: an order to send it to an outside address, sensitive data
// described as leaving, secrets on the host, the conversation asked for, and the capture services
// such data is sent to; and the property names that ask a model to fill in the same.
import type { Technique } from "./instruction-patterns.js";
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
} from "./instruction-vocabulary.js";

/** Orders and descriptions that send the user's data or secrets elsewhere. */
export const THEFT: readonly Technique[] = [
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
];

/** An address of a request-capture service, where stolen data is collected. */
export const COLLECTOR_HOST: Technique = {
  id: "collector-host",
  hint: /https?:\/\//i,
  severity: "warning",
  label: "names a request-capture service used to collect stolen data",
  scope: ["prose"],
  pattern: re(
    String.raw`\bhttps?:\/\/(?:[\w-]+\.)*(?:webhook\.site\/[\w-]{6,}|requestbin\.(?:com|net)\/\S+|[\w-]+\.m\.pipedream\.net|[\w-]+\.burpcollaborator\.net|[\w-]+\.interact\.sh|[\w-]+\.oast\.(?:pro|live|site|online|fun|me)|[\w-]+\.requestcatcher\.com|hookbin\.com\/\S+)`,
  ),
};

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
