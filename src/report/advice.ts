import type { ErrorCode, ToolscoreError } from "../util/errors.js";
import { limitEnvName, type LimitName } from "../util/limits.js";

// What to do about an error, by its code (and, where one code has several causes, the
// `data.problem` the library names): the library states facts; the CLI and the guard, which
// people read, give the advice.
type Advice = (data: Record<string, unknown>) => string;

const colon = (text: string) => `: ${text}`;
const semi = (text: string) => `; ${text}`;
const paren = (text: string) => ` (${text})`;

const ADVICE: Partial<Record<ErrorCode | `${ErrorCode}/${string}`, Advice>> = {
  TIMEOUT: () => colon("raise --timeout if it is just slow"),
  // After the server's own words, which may end in a colon of their own.
  "TIMEOUT/stderr": () => semi("raise --timeout if it is just slow"),
  LIMIT: (d) => colon(`raise it with --limit ${String(d.limit)}=N or ${limitEnvName(d.limit as LimitName)}`),
  CLIENT_CAPABILITIES: () => colon("leave the option out"),
  "SPAWN_FAILED/command-not-found": () => paren("check the spelling, or give its full path"),
  "SPAWN_FAILED/not-executable": () => paren("is it executable?"),
  "CONNECTION_FAILED/unreachable": () => semi("check the URL and that the server is running"),
  "AUTH_REQUIRED/sign-in-needed": (d) =>
    colon(`run toolscore mcp login ${String(d.url)}, or pass --header "Authorization: Bearer …"`),
  "AUTH_REQUIRED/sign-in-expired": (d) => colon(`sign in again with toolscore mcp login ${String(d.url)}`),
  "AUTH_REQUIRED/token-rejected": (d) =>
    colon(`sign in again with toolscore mcp login ${String(d.url)}, or check the Authorization header`),
  "AUTH_REQUIRED/scope-refused": (d) =>
    colon(
      `sign in for it with toolscore mcp login ${String(d.url)}${typeof d.scope === "string" ? ` --scope ${JSON.stringify(d.scope)}` : ""}`,
    ),
  "USAGE/config-several-servers": () => colon("pick one with --server NAME"),
  "USAGE/tool-unknown": () => semi("nothing was pinned: name only tools it lists"),
  "FILE_INVALID/lock-invalid": () => paren("pin the server again with toolscore mcp pin SERVER"),
  "FILE_INVALID/lock-kind": () => colon("make one with toolscore mcp pin SERVER"),
  "FILE_INVALID/lockset-invalid": () => paren("pin the config again with toolscore mcp pin --config FILE"),
  "FILE_INVALID/snapshot-kind": () => colon("make one with toolscore mcp list SERVER --json FILE"),
  "PROTOCOL_ERROR/client-capabilities-missing": () =>
    paren("declare them with --client-capabilities roots,sampling,elicitation"),
  "PROTOCOL_ERROR/protocol-unsupported": () => semi("use --protocol auto or one of those"),
  "PROTOCOL_ERROR/protocol-mismatch": () => semi("use --protocol auto"),
  "PROTOCOL_ERROR/protocol-refused": () =>
    semi("use --protocol auto to let toolscore pick a version it speaks"),
  "PROTOCOL_ERROR/discover-invalid": (d) =>
    paren(`try --protocol ${String(d.legacyProtocol)} to use initialize`),
};

/** The advice for an error, with its leading punctuation, or "" when there is none. */
export function adviceFor(e: ToolscoreError): string {
  const problem = typeof e.data.problem === "string" ? e.data.problem : undefined;
  const advice = (problem !== undefined ? ADVICE[`${e.code}/${problem}`] : undefined) ?? ADVICE[e.code];
  return advice ? advice(e.data) : "";
}

/** An error's one line for a person: what went wrong (the message) and what to do (the advice). */
export function errorLine(e: ToolscoreError): string {
  return `${e.message}${adviceFor(e)}`;
}
