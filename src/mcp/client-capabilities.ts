// What toolscore declares as a client, and what it answers when a server asks something of it: the
// capabilities it can declare (`--client-capabilities`), the object they are declared as, the
// `_meta` envelope of a modern request, and the answers to the server's own requests (ping and
// roots answered; sampling and elicitation declined), so that servers that ask never hang.
import { pathToFileURL } from "node:url";
import { VERSION } from "../meta.js";
import type { RpcError } from "./jsonrpc.js";
import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY } from "./protocol.js";

/**
 * Client capabilities toolscore can declare (`--client-capabilities`). `elicitation.url` is
 * elicitation with its URL mode too (`{"elicitation":{"form":{},"url":{}}}`), which some servers
 * offer tools for; it comes with `elicitation`.
 */
export type ClientCapabilityName = "roots" | "sampling" | "elicitation" | "elicitation.url";
export const CLIENT_CAPABILITY_NAMES: readonly ClientCapabilityName[] = [
  "elicitation",
  "elicitation.url",
  "roots",
  "sampling",
];

/** The client capabilities as declared: in `initialize`, and in every modern request's `_meta`. */
export function capabilityObject(names: readonly ClientCapabilityName[]): Record<string, unknown> {
  const declared: Record<string, unknown> = {};
  for (const c of names) {
    if (c === "roots") declared.roots = { listChanged: false };
    else if (c !== "elicitation.url") declared[c] = {};
  }
  if (names.includes("elicitation.url")) declared.elicitation = { form: {}, url: {} };
  return declared;
}

/** The `_meta` envelope of a modern request in `version`, declaring `names`. */
export function envelopeFor(
  version: string,
  names: readonly ClientCapabilityName[],
): Record<string, unknown> {
  return {
    [PROTOCOL_VERSION_META_KEY]: version,
    [CLIENT_CAPABILITIES_META_KEY]: capabilityObject(names),
    [CLIENT_INFO_META_KEY]: { name: "toolscore", version: VERSION },
  };
}

/**
 * The answer to a request the server made of the client: ping answered; roots/list answered with
 * the folder `rootsDir` gives, elicitation declined and sampling refused, each when `declared`;
 * anything else is a method not found.
 */
export function serverRequestReply(
  method: string,
  declared: readonly ClientCapabilityName[],
  rootsDir: () => string,
): { result: unknown } | { error: RpcError } {
  let reply: { result: unknown } | { error: RpcError };
  if (method === "ping") reply = { result: {} };
  else if (method === "roots/list" && declared.includes("roots")) {
    reply = { result: { roots: [{ uri: pathToFileURL(rootsDir()).href, name: "working directory" }] } };
  } else if (method === "elicitation/create" && declared.includes("elicitation"))
    reply = { result: { action: "decline" } };
  else if (method === "sampling/createMessage" && declared.includes("sampling"))
    reply = { error: { code: -1, message: "toolscore declines sampling requests" } };
  else reply = { error: { code: -32601, message: `Method not found: ${method}` } };
  return reply;
}
