import { ToolscoreError } from "../util/errors.js";
import { isObject } from "../util/json.js";
import { MCPClient, type HttpConnectOptions } from "./client.js";
import { boundedFetch } from "./http-bounds.js";
import { authFailure, signInErrorIn } from "./oauth-session.js";
import {
  endpointAuth,
  httpEndpoint,
  httpTransport,
  refusesStreamableHttp,
  watchCredentials,
} from "./http-endpoint.js";
import type { Transport } from "@modelcontextprotocol/client";
import type { RpcError } from "./jsonrpc.js";

/**
 * A server reached over HTTP: Streamable HTTP first, and the legacy HTTP+SSE transport when the
 * server refuses it (HTTP 404 or 405 on the first POST). Both transports are the SDK's own; the
 * SDK is loaded only on this path. Over Streamable HTTP the version is negotiated as the
 * 2026-07-28 revision describes: a modern request first, and a 4xx without an MCP error in its
 * body means a 2025 server, spoken to with initialize; the legacy SSE transport is 2025-only.
 */
export class MCPHttpClient extends MCPClient {
  /**
   * Ends the session; over Streamable HTTP a server that gave a session id is told with a DELETE,
   * as the protocol asks, so it need not wait for the session to time out.
   */
  override async close(): Promise<void> {
    const transport = this.session.transport as {
      sessionId?: string;
      terminateSession?: () => Promise<void>;
    };
    if (!this.closed && transport.sessionId && transport.terminateSession) {
      await transport.terminateSession().catch(() => {
        // A server that does not support ending sessions answers 405: nothing more to do.
      });
    }
    await super.close();
  }

  /** Connects to `url`, agrees on a protocol version, and returns the live client. */
  static async connect(url: string, opts: HttpConnectOptions = {}): Promise<MCPHttpClient> {
    const endpoint = httpEndpoint(url, opts.headers);
    const { shown, secrets, headers } = endpoint;
    const requestInit: RequestInit = { headers };
    // Every request under the timeout (the closing DELETE too) and every answer under message-mb;
    // a limit hit ends the session with that error.
    let current: Transport | undefined;
    const bounded = boundedFetch({
      timeoutMs: (opts.timeout ?? 30) * 1000,
      onLimit: (e) => {
        current?.onerror?.(e);
        void current?.close();
      },
    });
    const sdk = await import("@modelcontextprotocol/client");
    const { SdkHttpError } = sdk;
    const { InsufficientScopeError, UnauthorizedError } = sdk;
    // The last credentials challenge (401, 403) and whether that request carried credentials, so a
    // failed handshake says what the server asked for rather than "cannot connect".
    const watch = watchCredentials(sdk, bounded);
    const fetch = watch.fetch;
    // A stored sign-in (or a client-credentials grant) is used unless an Authorization header is given.
    const authProvider = await endpointAuth(endpoint, opts.signIn, (opts.timeout ?? 30) * 1000);
    const transportOptions = { requestInit, fetch, authProvider };
    const granted = () =>
      authProvider && "grantedScope" in authProvider ? authProvider.grantedScope?.() : undefined;
    const failed = (e: unknown, suffix?: string) =>
      signInErrorIn(e) ??
      authFailure(shown, watch.challenge(), watch.sentCredentials(), granted()) ??
      describeHttpFailure(e, shown, secrets, suffix);
    const statusOf = (e: unknown): number | undefined => {
      const cause = e instanceof ToolscoreError ? e.cause : e;
      return cause instanceof SdkHttpError && typeof cause.status === "number" ? cause.status : undefined;
    };
    // After the handshake too, a request refused for its credentials (401, or 403 for a scope) is
    // not that request's answer: the command cannot go on, and says why as it would at the start.
    const refusedCredentials = (t: Transport): Transport => {
      const send = t.send.bind(t);
      t.send = async (message, options) => {
        try {
          await send(message, options);
        } catch (e) {
          const status = statusOf(e);
          const credentials =
            e instanceof InsufficientScopeError ||
            e instanceof UnauthorizedError ||
            status === 401 ||
            status === 403;
          throw (
            (credentials &&
              (signInErrorIn(e) ??
                authFailure(shown, watch.challenge(), watch.sentCredentials(), granted()))) ||
            e
          );
        }
      };
      return t;
    };
    // A 2026-07-28 server refuses a request it will not serve with HTTP 400 and the JSON-RPC error
    // in the body: that is the request's answer (a refused version reads as one), not an outage.
    const errorInSendFailure = (e: unknown, id: number): RpcError | undefined => {
      const status = statusOf(e);
      if (status === undefined || status >= 500 || status === 404 || status === 405) return undefined;
      const text = (e as { data?: { text?: unknown } }).data?.text;
      let body: unknown;
      try {
        body = typeof text === "string" ? JSON.parse(text) : undefined;
      } catch {
        return undefined;
      }
      const err = isObject(body) && body.id === id && isObject(body.error) ? body.error : undefined;
      if (!err || typeof err.code !== "number") return undefined;
      return {
        code: err.code,
        message: typeof err.message === "string" ? err.message : "",
        ...("data" in err ? { data: err.data } : {}),
      };
    };
    // The whole handshake, the SSE fallback included, stays within one timeout.
    const deadline = Date.now() + (opts.timeout ?? 30) * 1000;
    if (!opts.preferSse) {
      try {
        current = refusedCredentials(httpTransport(sdk, endpoint, false, transportOptions));
        const { session, info } = await MCPClient.open(current, {
          ...opts,
          errorInSendFailure,
          negotiation: {
            silenceMayBeLegacy: false,
            // A 2025 server refuses the unknown request with a 4xx; 401 and 403 are about
            // credentials, and 404 or 405 mean no Streamable HTTP at all (the SSE fallback below).
            probeRefusedByLegacy: (e) => {
              const status = statusOf(e);
              return (
                status !== undefined &&
                status >= 400 &&
                status < 500 &&
                ![401, 403].includes(status) &&
                !refusesStreamableHttp(status)
              );
            },
          },
        });
        return new MCPHttpClient(session, info, opts.clientCapabilities ?? [], "streamable-http");
      } catch (e) {
        if (!refusesStreamableHttp(statusOf(e))) throw failed(e);
      }
    }
    try {
      const transport = refusedCredentials(httpTransport(sdk, endpoint, true, transportOptions));
      current = transport;
      const forced = opts.protocol !== undefined && opts.protocol !== "auto";
      const { session, info } = await MCPClient.open(transport, {
        ...opts,
        negotiation: { protocol: forced ? opts.protocol : "legacy", silenceMayBeLegacy: false },
        handshakeMs: Math.max(1, deadline - Date.now()),
      });
      return new MCPHttpClient(session, info, opts.clientCapabilities ?? [], "sse");
    } catch (e) {
      throw failed(e, " (it refused Streamable HTTP, and the legacy SSE transport failed too)");
    }
  }
}

// An error from fetch or the SDK may quote the URL or a header; what reaches a person must not.
function scrub(text: string, secrets: readonly string[], shown: string): string {
  let out = text;
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(s).join(shown);
  return out.replace(/\/\/[^/\s:@]*:[^/\s@]*@/g, "//***:***@");
}

function describeHttpFailure(
  e: unknown,
  url: string,
  secrets: readonly string[],
  suffix = "",
): ToolscoreError {
  if (e instanceof ToolscoreError && e.code !== "CONNECTION_FAILED") {
    const message = scrub(e.message, secrets, url);
    return message === e.message ? e : new ToolscoreError(e.code, message, e.data, { cause: e.cause });
  }
  const cause = e instanceof ToolscoreError ? (e.cause ?? e) : e;
  const causeOfCause = (cause as { cause?: { code?: string; message?: string } }).cause;
  const detail = scrub(causeOfCause?.code ?? (cause as Error).message ?? String(cause), secrets, url);
  return new ToolscoreError(
    "CONNECTION_FAILED",
    `cannot connect to ${url}: ${detail}${suffix}`,
    { url, problem: "unreachable" },
    { cause },
  );
}
