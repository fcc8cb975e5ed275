// The one rule for reaching a server at a URL, shared by the session client (src/mcp/http.ts)
// and the guard's relay (src/guard/http-upstream.ts): how credentials go (in the URL, in
// headers, or a stored sign-in), which transport is tried first, and when to fall back to the
// legacy HTTP+SSE transport.
import type { AuthProvider, FetchLike, OAuthClientProvider, Transport } from "@modelcontextprotocol/client";
import { ToolscoreError } from "../util/errors.js";
import { signInAuthProvider, type Challenge, type SignInAuth, type SignInUse } from "./oauth-session.js";
import { redactUrl } from "./redact.js";

/** A server at a URL, with the credentials it is to be sent. */
export interface HttpEndpoint {
  /** The URL as given, credentials included (the sign-in store is keyed by it). */
  given: string;
  /** The URL requests go to: credentials taken out of it. */
  url: URL;
  /** How output names the URL: credentials hidden. */
  shown: string;
  /** The headers every request carries: the ones given, and Basic auth for URL credentials. */
  headers: Record<string, string>;
  /** Whether an Authorization header is given (then no stored sign-in is used). */
  authorized: boolean;
  /** What an error from fetch or the SDK must never quote. */
  secrets: string[];
}

/**
 * The endpoint of `url` with `headers`. fetch refuses a URL with credentials in it: they are sent
 * as Basic auth instead, as curl does, unless an Authorization header is given.
 */
export function httpEndpoint(url: string, headers: Record<string, string> = {}): HttpEndpoint {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ToolscoreError("USAGE", `not a valid URL: ${redactUrl(url)}`);
  }
  const sent = { ...headers };
  const given = Object.keys(sent).some((h) => h.toLowerCase() === "authorization");
  if (parsed.username || parsed.password) {
    const user = decodeURIComponent(parsed.username);
    const pass = decodeURIComponent(parsed.password);
    if (!given) sent.Authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;
    parsed.username = "";
    parsed.password = "";
  }
  return {
    given: url,
    url: parsed,
    shown: redactUrl(url),
    headers: sent,
    authorized: given,
    secrets: [url, parsed.href, ...Object.values(sent)].filter((s) => s.length >= 4),
  };
}

/**
 * The transport's `authProvider` for an endpoint: a stored sign-in (or a client-credentials grant)
 * unless an Authorization header is given; undefined when none applies.
 */
export async function endpointAuth(
  endpoint: HttpEndpoint,
  signIn: SignInUse | undefined,
  timeoutMs: number,
): Promise<SignInAuth | undefined> {
  if (endpoint.authorized || !signIn) return undefined;
  return signInAuthProvider(endpoint.given, signIn, timeoutMs);
}

/** Whether a server refused Streamable HTTP (HTTP 404 or 405 on the first POST): try HTTP+SSE. */
export function refusesStreamableHttp(status: number | undefined): boolean {
  return status === 404 || status === 405;
}

type Sdk = typeof import("@modelcontextprotocol/client");

/** What the SDK's HTTP transports are made with. */
export interface HttpTransportOptions {
  requestInit: RequestInit;
  fetch: NonNullable<ConstructorParameters<Sdk["StreamableHTTPClientTransport"]>[1]>["fetch"];
  authProvider?: AuthProvider | OAuthClientProvider;
}

/** The SDK's transport to an endpoint: Streamable HTTP, or the legacy HTTP+SSE one. */
export function httpTransport(
  sdk: Sdk,
  endpoint: HttpEndpoint,
  sse: boolean,
  opts: HttpTransportOptions,
): Transport & { sessionId?: string; terminateSession?: () => Promise<void> } {
  const options = {
    requestInit: opts.requestInit,
    fetch: opts.fetch,
    // A scope the server refuses is an error of its own (403), not a sign-in started here.
    ...(opts.authProvider ? { authProvider: opts.authProvider, onInsufficientScope: "throw" as const } : {}),
  };
  return sse
    ? new sdk.SSEClientTransport(endpoint.url, options)
    : new sdk.StreamableHTTPClientTransport(endpoint.url, options);
}

/** A fetch that notes what the server last said about credentials. */
export interface CredentialWatch {
  fetch: FetchLike;
  /** The last 401 or 403 challenge, if any. */
  challenge(): Challenge | undefined;
  /** Whether the request that got it carried credentials (an Authorization header). */
  sentCredentials(): boolean;
}

/**
 * Wraps `inner` to keep the last credentials challenge (401, 403), so that a refusal says what the
 * server asked for rather than "cannot connect"; the short refusal's body is read at once (an
 * answer left unread would hold its request's timer) and handed on as it came.
 */
export function watchCredentials(sdk: Sdk, inner: FetchLike): CredentialWatch {
  let challenge: Challenge | undefined;
  let sent = false;
  const fetch: FetchLike = async (input, init) => {
    const res = await inner(input, init);
    if (res.status !== 401 && res.status !== 403) return res;
    const p = sdk.extractWWWAuthenticateParams(res);
    challenge = { status: res.status, error: p.error, scope: p.scope, description: p.errorDescription };
    sent = new Headers(init?.headers).has("authorization");
    const text = await res.text();
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
  return { fetch, challenge: () => challenge, sentCredentials: () => sent };
}
