// What a scan row and a lock set show of a command line or a URL: the secrets in it hidden,
// wherever they are written: an argument of their own, a value after a secret-named option, or
// inside a longer word such as the script of `sh -c`. Every pattern here starts a match only
// where a run of its characters starts, so a long argument costs time in proportion to its length.
import { isSecretName, redactUrl } from "../mcp/redact.js";

// A value made only of references (`${env:TOKEN}`, `Bearer ${TOKEN}`) holds no secret: it is kept
// as written, so that a reader sees where the value comes from.
const REFERENCES_ONLY = /^(?:(?:bearer|basic|token)\s+)?(?:\$\{[^{}\s]*\})+$/i;
const OPTION = /^-{1,2}[\w.-]+$/;
const SCHEME_WORD = /^(?:bearer|basic|token)$/i;

// Tokens whose form gives them away, wherever they stand: GitHub, GitLab, Slack, OpenAI and
// Anthropic (`sk-`), Stripe, AWS access key ids, Google API keys, Hugging Face, npm, PyPI, and JWTs.
const TOKEN =
  /(?<![A-Za-z0-9_-])(?:(?:ghp|gho|ghu|ghs|ghr|github_pat|hf|npm|shpat|sk_live|sk_test|rk_live)_|glpat-|xox[abposr]-|sk-|pypi-|AKIA|ASIA|AIza)[A-Za-z0-9_-]{12,}|(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{6,}\.eyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]*/g;
// `NAME=value` and `--name=value` or `--name value` inside a longer text, the name secret-looking.
const ASSIGNED_IN_TEXT =
  /(?<![\w.-])(?:(-{1,2}[\w.-]+)(=|[ \t]+)|([A-Za-z_][\w.-]*)(=))(?!-)("[^"]*"|'[^']*'|[^\s'"]+)/g;
// `Name: value` inside a longer text (a header in a curl command), the name secret-looking.
const HEADER_IN_TEXT = /(?<![\w-])([\w-]+):[ \t]*((?:bearer|basic|token)[ \t]+)?([^\s'"]+)/gi;
const SCHEME_IN_TEXT = /(?<![\w-])(bearer|basic|token)([ \t]+)([^\s'"]+)/gi;
// A URL in a text; the scheme starts where its run of scheme characters does.
const URL_IN_TEXT = /(?<![a-z0-9+.-])([0-9+.-]*)([a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+)/gi;

/** Collects the values a redaction hid, so that a lock can tell when they change. */
export type Hidden = string[];

function hideInto(hidden: Hidden | undefined): (value: string) => string {
  return (value) => {
    if (value === "" || REFERENCES_ONLY.test(value)) return value;
    hidden?.push(value);
    return "***";
  };
}

/**
 * A URL as shown and recorded: credentials and query values hidden. A URL holding `${…}`
 * references is not a URL yet, so they are hidden by pattern and the references stay as written.
 */
export function showUrl(url: string, hidden?: Hidden): string {
  const shown = url.includes("${")
    ? url
        .replace(/\/\/[^/@\s]*@/, "//***@")
        .replace(/([?&][^=&#?]*)=[^&#]*/g, (all, key: string) => (all === `${key}=` ? all : `${key}=***`))
    : redactUrl(url);
  if (shown !== url) hidden?.push(url);
  return shown;
}

// The secrets inside one word that is not itself a value to hide: a script, a URL, a header.
function redactText(w: string, hide: (value: string) => string, hidden: Hidden | undefined): string {
  return w
    .replace(HEADER_IN_TEXT, (all, name: string, scheme: string | undefined, value: string) =>
      isSecretName(name) && !value.startsWith("//") && hide(value) !== value
        ? `${name}: ${scheme ?? ""}***`
        : all,
    )
    .replace(SCHEME_IN_TEXT, (all, scheme: string, space: string, value: string) =>
      value === "***" || value.startsWith("${") ? all : `${scheme}${space}${hide(value)}`,
    )
    .replace(
      ASSIGNED_IN_TEXT,
      (all, option?: string, optionSep?: string, name?: string, sep?: string, value = "") => {
        const key = option ?? name!;
        return isSecretName(key) ? `${key}${optionSep ?? sep!}${hide(value)}` : all;
      },
    )
    .replace(TOKEN, (t) => hide(t))
    .replace(URL_IN_TEXT, (all, lead: string, u: string) =>
      // Only a URL with credentials or a query changes: the others stay exactly as written.
      /^[^/]*\/\/[^/?#]*@|\?/.test(u) ? lead + showUrl(u, hidden) : all,
    );
}

// One word of a command line with its secrets hidden (see {@link redactArgs}).
function redactWord(w: string, hide: (value: string) => string, hidden: Hidden | undefined): string {
  const assigned = /^(-{0,2}[\w.-]+)=(.*)$/s.exec(w);
  // `VAR=value cmd …` is a script that starts with an assignment: its words are looked at one by one.
  const script = assigned && !assigned[1]!.startsWith("-") && /\s/.test(assigned[2]!);
  if (assigned && !script && isSecretName(assigned[1]!)) return `${assigned[1]!}=${hide(assigned[2]!)}`;
  const header = /^([\w-]+):\s*(.*)$/s.exec(w);
  if (header && !w.includes("://") && isSecretName(header[1]!)) return `${header[1]!}: ${hide(header[2]!)}`;
  return redactText(w, hide, hidden);
}

/**
 * The words of a command line with their secrets hidden, as scan rows and lock sets show them:
 * the value of a secret-named option or variable (`--api-key=…`, `--token …`, `API_KEY=…`), of a
 * secret-named header (`Authorization: …`), the credentials of a Bearer, Basic or token scheme,
 * tokens of a known form (`ghp_…`, `sk-…`, JWTs…), and URL credentials and query values, whether
 * a word is one of these or holds them (a `sh -c` script). `${…}` references stay as written.
 * The values hidden are added to `hidden` when it is given.
 */
export function redactArgs(argv: readonly string[], hidden?: Hidden): string[] {
  const hide = hideInto(hidden);
  return argv.map((w, i) => {
    const prev = i > 0 ? argv[i - 1]! : "";
    if (OPTION.test(prev) && isSecretName(prev) && !w.startsWith("-")) return hide(w);
    if (SCHEME_WORD.test(prev)) return hide(w);
    return redactWord(w, hide, hidden);
  });
}

// A word of a command line shown in a row: quoted when it holds a space or a quote, so that the
// words can be told apart.
function showWord(w: string): string {
  return /[\s"'\\]/.test(w) || w === "" ? JSON.stringify(w) : w;
}

/** The command line of an argv as one string for display, its secrets hidden (see {@link redactArgs}). */
export function showArgv(argv: readonly string[]): string {
  return redactArgs(argv).map(showWord).join(" ");
}
