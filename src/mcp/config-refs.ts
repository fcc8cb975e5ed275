// References in a client config entry, expanded as the client expands them, so that the server
// runs with what the client gives it: Claude Code's `${VAR}` and `${VAR:-default}`, and the
// `${env:VAR}` of Cursor, Windsurf and VS Code. Which syntax a file uses comes from its client
// (the table in src/scan/clients.ts); a file of an unknown client gets both.
import { ToolscoreError } from "../util/errors.js";
import { rememberSecret } from "./redact.js";
import type { ConfigEntry } from "./config.js";

/**
 * How a client reads `${…}` in an entry:
 * - `shell`: `${VAR}`, `${VAR:-default}` (Claude Code); an unset variable without a default stays
 *   as written, as Claude Code leaves it;
 * - `env`: `${env:VAR}` (Cursor, Windsurf, VS Code); an unset variable is empty, as those clients
 *   make it; `${input:…}` is asked of the user by VS Code, so toolscore cannot resolve it;
 * - `both`: either, for a file whose client is not known;
 * - `none`: the client passes the text as written (Claude Desktop).
 */
export type ReferenceSyntax = "shell" | "env" | "both" | "none";

/** What expanding an entry needs: the syntax, the environment it reads, and the entry's name in errors. */
export interface ReferenceContext {
  syntax: ReferenceSyntax;
  env: Record<string, string | undefined>;
  /** `server "x" in FILE`, for the error about `${input:…}` and the note about an unset variable. */
  where: string;
  /** Told of a `${VAR}` left as written because VAR is not set (Claude Code warns of it too). */
  onNote?: (message: string) => void;
}

const REFERENCE = /\$\{([^{}]*)\}/g;

/** `text` with its references expanded; `secret` marks a value that lands in env or headers. */
function expand(text: string, cx: ReferenceContext, secret: boolean): string {
  if (cx.syntax === "none" || !text.includes("${")) return text;
  const envSyntax = cx.syntax === "env" || cx.syntax === "both";
  const shellSyntax = cx.syntax === "shell" || cx.syntax === "both";
  return text.replace(REFERENCE, (whole, body: string) => {
    if (envSyntax && body.startsWith("input:"))
      throw new ToolscoreError(
        "CONFIG_INVALID",
        `${cx.where} uses ${whole}, a value the client asks for when it starts the server: toolscore cannot resolve it outside the client; put the value in an environment variable and use \${env:NAME}`,
        { problem: "config-input-reference" },
      );
    let value: string | undefined;
    if (envSyntax && body.startsWith("env:")) value = cx.env[body.slice(4)] ?? "";
    else if (shellSyntax && /^[A-Za-z_][A-Za-z0-9_]*(?::-|$)/.test(body)) {
      const cut = body.indexOf(":-");
      const name = cut < 0 ? body : body.slice(0, cut);
      value = cx.env[name] ?? (cut < 0 ? undefined : body.slice(cut + 2));
    }
    if (value === undefined) {
      if (shellSyntax && !body.includes(":"))
        cx.onNote?.(
          `${cx.where} uses ${whole}, and ${body} is not set: passed as written, as Claude Code does`,
        );
      return whole;
    }
    if (secret) rememberSecret(value);
    return value;
  });
}

const expandValues = (record: Record<string, string>, cx: ReferenceContext): Record<string, string> =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, expand(v, cx, true)]));

/**
 * The entry with the references in `command`, `args`, `env`, `url` and `headers` expanded. The
 * values put into `env` and `headers` are remembered as secrets, so no output shows them.
 */
export function expandEntry(entry: ConfigEntry, cx: ReferenceContext): ConfigEntry {
  if (cx.syntax === "none") return entry;
  if (entry.transport === "stdio")
    return {
      ...entry,
      command: expand(entry.command, cx, false),
      args: entry.args.map((a) => expand(a, cx, false)),
      env: expandValues(entry.env, cx),
    };
  return { ...entry, url: expand(entry.url, cx, false), headers: expandValues(entry.headers, cx) };
}
