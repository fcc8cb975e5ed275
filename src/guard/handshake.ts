// The handshake in either protocol era: `initialize` (2024-11-05 to 2025-11-25) or
// `server/discover` (2026-07-28 on, stateless, with the protocol version in each request's
// `_meta`). The guard reads from it only what the pin check compares.
import { isObject } from "../util/json.js";
import type { HandshakeFacts } from "./check.js";

/** The requests that open a session (or, stateless, describe the server). */
export const HANDSHAKE_METHODS = new Set(["initialize", "server/discover"]);

/** The `_meta` namespace of the protocol's own per-request keys. */
export const PROTOCOL_META_PREFIX = "io.modelcontextprotocol/";
const PROTOCOL_VERSION_KEY = `${PROTOCOL_META_PREFIX}protocolVersion`;
const SERVER_INFO_KEY = `${PROTOCOL_META_PREFIX}serverInfo`;
// Keys that belong to one request and must not be copied onto the guard's own.
const PER_REQUEST_KEYS = new Set([`${PROTOCOL_META_PREFIX}subscriptionId`]);

/**
 * The protocol's keys of a request's `_meta` (protocol version, client info and capabilities in
 * the stateless era), to be sent again on the guard's own requests, so that the server answers
 * the guard in the era and with the capabilities it answers the client. Undefined when there are
 * none (the session era, where the handshake carries them once).
 */
export function protocolMeta(message: Record<string, unknown>): Record<string, unknown> | undefined {
  const params = message.params;
  if (!isObject(params) || !isObject(params._meta)) return undefined;
  let out: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(params._meta)) {
    if (!k.startsWith(PROTOCOL_META_PREFIX) || PER_REQUEST_KEYS.has(k)) continue;
    out ??= {};
    out[k] = v;
  }
  return out;
}

/** The protocol version named in protocol `_meta`, if any. */
export function metaProtocolVersion(meta: Record<string, unknown> | undefined): string | undefined {
  const v = meta?.[PROTOCOL_VERSION_KEY];
  return typeof v === "string" ? v : undefined;
}

/** What a handshake answer says about the server, in either era. */
export function handshakeFacts(
  result: Record<string, unknown>,
  meta: Record<string, unknown> | undefined,
): HandshakeFacts {
  const resultMeta = isObject(result._meta) ? result._meta : {};
  const server = isObject(result.serverInfo)
    ? result.serverInfo
    : isObject(resultMeta[SERVER_INFO_KEY])
      ? resultMeta[SERVER_INFO_KEY]
      : {};
  const protocol =
    typeof result.protocolVersion === "string" ? result.protocolVersion : (metaProtocolVersion(meta) ?? "");
  return {
    server,
    protocol,
    capabilities: isObject(result.capabilities) ? result.capabilities : {},
    instructions: typeof result.instructions === "string" ? result.instructions : null,
  };
}
