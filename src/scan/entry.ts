// What `mcp scan` shows of one config entry: how it is reached, never with what secrets.
import { basename } from "node:path";
import { isSecretName, redactUrl } from "../mcp/redact.js";
import { isObject } from "../util/json.js";
import { KEPT_PREFIX } from "./guard-install-url.js";

/** How an entry is reached, as the scan shows it. */
export interface EntryFacts {
  transport: "stdio" | "http" | "sse";
  /** The launch command (command and args), or the URL with its credentials and query values hidden. */
  target: string;
  /** The names of the environment variables the entry sets (never their values). */
  env: string[];
  /** The names of the HTTP headers the entry sends (never their values). */
  headers: string[];
  /** `${VAR}`, `${env:VAR}`, `${input:ID}`… references, as written, in the order found. */
  placeholders: string[];
  /** Whether the client launches the server through `toolscore mcp guard`. */
  guarded: boolean;
}

const PLACEHOLDER = /\$\{[^}\s]*\}/g;

/** The `${…}` references in strings, as written, each once. */
export function placeholdersIn(values: readonly unknown[]): string[] {
  const found = new Set<string>();
  for (const v of values) if (typeof v === "string") for (const m of v.match(PLACEHOLDER) ?? []) found.add(m);
  return [...found];
}

// A value made only of references (`${env:TOKEN}`, `Bearer ${TOKEN}`) holds no secret: it is kept
// as written, so that a reader sees where the value comes from.
const REFERENCES_ONLY = /^(?:(?:bearer|basic|token)\s+)?(?:\$\{[^}\s]*\})+$/i;
const hide = (value: string) => (value === "" || REFERENCES_ONLY.test(value) ? value : "***");
const OPTION = /^-{1,2}[\w.-]+$/;
const SCHEME_WORD = /^(?:bearer|basic|token)$/i;
const URL_IN_TEXT = /[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;

// One word of a command line with its secrets hidden (see {@link redactArgs}).
function redactWord(w: string): string {
  const assigned = /^(-{0,2}[\w.-]+)=(.*)$/s.exec(w);
  if (assigned && isSecretName(assigned[1]!)) return `${assigned[1]!}=${hide(assigned[2]!)}`;
  const header = /^([\w-]+):\s*(.*)$/s.exec(w);
  if (header && !w.includes("://") && isSecretName(header[1]!)) return `${header[1]!}: ${hide(header[2]!)}`;
  return (
    w
      .replace(/\b(bearer|basic|token)(\s+)(\S+)/gi, (all, scheme: string, space: string, value: string) =>
        value.startsWith("${") ? all : `${scheme}${space}***`,
      )
      // Only a URL with credentials or a query changes: the others stay exactly as written.
      .replace(URL_IN_TEXT, (u) => (/^[^/]*\/\/[^/?#]*@|\?/.test(u) ? showUrl(u) : u))
  );
}

/**
 * The words of a command line with their secrets hidden, as scan rows and lock sets show them:
 * the value of a secret-named option or variable (`--api-key=…`, `--token …`, `API_KEY=…`), of a
 * secret-named header given as an argument (`Authorization: …`), the credentials of a Bearer,
 * Basic or token scheme, and URL credentials and query values. `${…}` references stay as written.
 */
export function redactArgs(argv: readonly string[]): string[] {
  return argv.map((w, i) => {
    const prev = i > 0 ? argv[i - 1]! : "";
    if (OPTION.test(prev) && isSecretName(prev) && !w.startsWith("-")) return hide(w);
    if (SCHEME_WORD.test(prev)) return hide(w);
    return redactWord(w);
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

/**
 * True when an argv runs `toolscore mcp guard`: the words `mcp guard` after a word naming the
 * toolscore binary (or its `cli.js` run by node), or after any launcher (a wrapper script, an
 * alias) when they go on as the guard's own do, with `--lock` before a `--`.
 */
export function isGuardedArgv(argv: readonly string[]): boolean {
  const i = argv.findIndex((a, k) => a === "mcp" && argv[k + 1] === "guard");
  if (i < 1) return false;
  if (argv.slice(0, i).some((a) => /^toolscore/i.test(basename(a)) || /^cli\.m?js$/.test(basename(a))))
    return true;
  const rest = argv.slice(i + 2);
  const dash = rest.indexOf("--");
  return dash > 0 && rest.slice(0, dash).includes("--lock");
}

/**
 * A URL as shown and recorded: credentials and query values hidden. A URL holding `${…}`
 * references is not a URL yet, so they are hidden by pattern and the references stay as written.
 */
export function showUrl(url: string): string {
  if (!url.includes("${")) return redactUrl(url);
  return url.replace(/\/\/[^/@\s]*@/, "//***@").replace(/([?&][^=&#]*)=[^&#]*/g, "$1=***");
}

const keys = (v: unknown) => (isObject(v) ? Object.keys(v).sort() : []);
const values = (v: unknown) => (isObject(v) ? Object.values(v) : []);

/**
 * The facts of one entry in the common shape (see src/mcp/config-file.ts), or the reason it cannot
 * be read. References are left as written; env and header values are never part of the result,
 * except for the references they hold.
 */
export function entryFacts(raw: unknown): EntryFacts | { problem: string } {
  if (!isObject(raw)) return { problem: "the entry is not an object" };
  const url = raw.url ?? raw.serverUrl;
  const type = raw.type;
  if (url !== undefined || type === "http" || type === "sse" || type === "streamable-http") {
    if (typeof url !== "string" || url === "") return { problem: 'the entry has no "url"' };
    return {
      transport: type === "sse" ? "sse" : "http",
      target: showUrl(url),
      env: [],
      headers: keys(raw.headers),
      placeholders: placeholdersIn([url, ...values(raw.headers)]),
      guarded: false,
    };
  }
  if (typeof raw.command !== "string" || raw.command === "")
    return { problem: 'the entry has neither "command" nor "url"' };
  const args = Array.isArray(raw.args) ? raw.args.map(String) : [];
  const argv = [raw.command, ...args];
  return {
    transport: "stdio",
    target: showArgv(argv),
    env: keys(raw.env),
    headers: [],
    placeholders: placeholdersIn([...argv, raw.cwd, ...values(raw.env)]),
    guarded: isGuardedArgv(argv),
  };
}

/**
 * A config entry as it is without the guard: for an entry that `mcp guard --install` wrapped, the
 * server's own command (the words after `--`) or its own URL entry (the keys kept under
 * `x-toolscore-` names); any other entry as it is. Pinning and verifying a config check the
 * servers themselves, not the guard in front of them.
 */
export function unguardedEntry(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  const kept = (k: string) => raw[KEPT_PREFIX + k];
  const url = kept("url") ?? kept("serverUrl") ?? kept("httpUrl");
  if (typeof url === "string") {
    const rest = Object.fromEntries(
      Object.entries(raw).filter(
        ([k]) => !k.startsWith(KEPT_PREFIX) && !["command", "args", "type"].includes(k),
      ),
    );
    const headers = kept("headers");
    return { ...rest, type: "http", url, ...(headers === undefined ? {} : { headers }) };
  }
  if (typeof raw.command !== "string" || !Array.isArray(raw.args)) return raw;
  const argv = [raw.command, ...raw.args.map(String)];
  if (!isGuardedArgv(argv)) return raw;
  const dash = argv.indexOf("--", argv.indexOf("guard"));
  if (dash < 0 || dash + 1 >= argv.length) return raw;
  return { ...raw, command: argv[dash + 1], args: argv.slice(dash + 2) };
}
