// What `mcp scan` shows of one config entry: how it is reached, never with what secrets.
import { basename } from "node:path";
import { redactUrl } from "../mcp/redact.js";
import { isObject } from "../util/json.js";

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

// A word of a command line shown in a row: quoted when it holds a space or a quote, so that the
// words can be told apart; URLs inside arguments lose their credentials.
function showWord(w: string): string {
  const shown = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(w) ? showUrl(w) : w;
  return /[\s"'\\]/.test(shown) || shown === "" ? JSON.stringify(shown) : shown;
}

/** The command line of an argv as one string for display (see {@link showWord}). */
export function showArgv(argv: readonly string[]): string {
  return argv.map(showWord).join(" ");
}

/**
 * True when an argv runs `toolscore mcp guard`: the words `mcp guard` after a word naming the
 * toolscore binary (or its `cli.js` run by node).
 */
export function isGuardedArgv(argv: readonly string[]): boolean {
  const i = argv.findIndex((a, k) => a === "mcp" && argv[k + 1] === "guard");
  if (i < 1) return false;
  return argv.slice(0, i).some((a) => /^toolscore/i.test(basename(a)) || /^cli\.m?js$/.test(basename(a)));
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
