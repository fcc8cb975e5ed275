// The techniques that turn the model on other tools and on the host: a tool that changes, stands in
// for or hooks into other tools, or puts itself before them; a harmful shell command; pressure by
// urgency or threats; and text that names the attack it asks for.
import type { Technique } from "./instruction-patterns.js";
import { any, gap, re } from "./instruction-vocabulary.js";

/** Orders aimed at other tools, at the host's shell, or at the model's judgement. */
export const MISUSE: readonly Technique[] = [
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
];
