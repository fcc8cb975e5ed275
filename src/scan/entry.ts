// What `mcp scan` shows of one config entry: how it is reached, never with what secrets.
import { basename } from "node:path";
import { floatingSpec } from "../mcp/package-spec.js";
import { isObject } from "../util/json.js";
import { showArgv, showUrl } from "./argv-secrets.js";
import { KEPT_PREFIX } from "./guard-install-kept.js";

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
  /**
   * The package argument of an `npx` launch that floats (no version, a range or a tag: the next
   * run may install another version), as written; absent when the launch does not float.
   */
  floating?: string;
}

const PLACEHOLDER = /\$\{[^{}\s]*\}/g;

/** The `${…}` references in strings, as written, each once. */
export function placeholdersIn(values: readonly unknown[]): string[] {
  const found = new Set<string>();
  for (const v of values) if (typeof v === "string") for (const m of v.match(PLACEHOLDER) ?? []) found.add(m);
  return [...found];
}

/**
 * True when an argv runs `toolscore mcp guard`: the words `mcp guard` after a word naming the
 * toolscore binary (or its `cli.js` run by node), or after any launcher (a wrapper script, an
 * alias) when they go on as the guard's own do, with `--lock` (before a `--`, if there is one).
 */
export function isGuardedArgv(argv: readonly string[]): boolean {
  const i = argv.findIndex((a, k) => a === "mcp" && argv[k + 1] === "guard");
  if (i < 1) return false;
  if (argv.slice(0, i).some((a) => /^toolscore/i.test(basename(a)) || /^cli\.m?js$/.test(basename(a))))
    return true;
  const rest = argv.slice(i + 2);
  const dash = rest.indexOf("--");
  return rest.slice(0, dash < 0 ? undefined : dash).includes("--lock");
}

const OWN_KEPT = [`${KEPT_PREFIX}command`, `${KEPT_PREFIX}args`];

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
    ...floatingOf(argv),
  };
}

// The floating package of a launch, read after the guard's `--` when the entry is wrapped.
function floatingOf(argv: string[]): { floating?: string } {
  const own = isGuardedArgv(argv) ? argv.slice(argv.indexOf("--", argv.indexOf("guard")) + 1) : argv;
  const spec = floatingSpec(own);
  return spec ? { floating: spec.raw } : {};
}

/**
 * A config entry as it is without the guard: for an entry that `mcp guard --install` wrapped, the
 * server's own command or URL entry (the keys kept under `x-toolscore-` names, or in the earlier
 * form the words after `--`); any other entry as it is. Pinning and verifying a config check the
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
  const command = kept("command");
  if (typeof command === "string") {
    const rest = Object.fromEntries(
      Object.entries(raw).filter(([k]) => k !== "command" && k !== "args" && !OWN_KEPT.includes(k)),
    );
    const args = kept("args");
    return { ...rest, command, ...(args === undefined ? {} : { args }) };
  }
  const dash = argv.indexOf("--", argv.indexOf("guard"));
  if (dash < 0 || dash + 1 >= argv.length) return raw;
  return { ...raw, command: argv[dash + 1], args: argv.slice(dash + 2) };
}
