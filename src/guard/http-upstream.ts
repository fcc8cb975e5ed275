// A server at a URL behind the guard: Streamable HTTP, and the legacy HTTP+SSE transport when the
// server refuses Streamable HTTP, by the rule the other commands fall back by (http-endpoint.ts);
// straight to HTTP+SSE for a config entry of type `sse`. The SDK's transports load only here.
// Answers are bounded as for the other commands (message-mb, queued-replies). Credentials follow
// the other commands' rule (http-endpoint.ts): a stored sign-in is sent and refreshed when the
// server refuses an expired token, and a refusal of the guard's credentials is answered with the
// line saying what to run. A server that can no longer be reached, or that ends the session, ends
// the guard's: it reports which and exits, failing closed.
import type { JSONRPCMessage, Transport, TransportSendOptions } from "@modelcontextprotocol/client";
import { boundedFetch } from "../mcp/http-bounds.js";
import { redactUrl, scrubSecrets } from "../mcp/redact.js";
import {
  endpointAuth,
  httpTransport,
  refusesStreamableHttp,
  watchCredentials,
  type CredentialWatch,
  type HttpEndpoint,
} from "../mcp/http-endpoint.js";
import { authFailure, signInErrorIn, type SignInAuth, type SignInUse } from "../mcp/oauth-session.js";
import { paramHeaders } from "../mcp/param-headers.js";
import { eraOf } from "../mcp/protocol.js";
import { scanHeaderDeclarations } from "../schema/x-mcp-header.js";
import { ToolscoreError } from "../util/errors.js";
import { isObject } from "../util/json.js";
import { frameOf, messageOf, type Frame } from "./frame.js";
import type { DeliveryFailure, ServerExit, Upstream } from "./upstream.js";
import { errorLine } from "../report/advice.js";
import { HANDSHAKE_METHODS } from "./handshake.js";

type Sdk = typeof import("@modelcontextprotocol/client");
type SessionTransport = Transport & { sessionId?: string; terminateSession?: () => Promise<void> };

// The guard sets no time limit on the client's requests (a tool may take long); fetch needs one.
const NO_TIMEOUT_MS = 2 ** 31 - 1;

/** How the guard signs in to a server at a URL. */
export interface HttpUpstreamOptions {
  /** The sign-in store and client, as the other commands use them; absent, none is used. */
  signIn?: SignInUse;
  /** Milliseconds to wait for the store's lock, a refresh, or a sign-in made now. */
  timeoutMs: number;
}

/** A server at a URL, reached over Streamable HTTP or the legacy HTTP+SSE transport. */
export class HttpUpstream implements Upstream {
  private sdk: Promise<Sdk> | undefined;
  private transport: SessionTransport | undefined;
  private sse: boolean;
  // Until the server has taken a first message, messages go one by one: the first POST tells
  // whether the server speaks Streamable HTTP, and a refused one is sent again over HTTP+SSE.
  private settled: boolean;
  private opening: Promise<void> = Promise.resolve();
  private ended = false;
  private protocolVersion: string | undefined;
  private sdkLoaded: Sdk | undefined;
  private auth: Promise<SignInAuth | undefined> | undefined;
  private watch: CredentialWatch | undefined;
  private schemaOf: (tool: string) => unknown = () => undefined;
  private granted: () => string | undefined = () => undefined;
  private onFrame: (frame: Frame) => void = () => {};
  private failed: DeliveryFailure = () => {};
  private resolveExit!: (exit: ServerExit) => void;
  readonly exited = new Promise<ServerExit>((resolve) => (this.resolveExit = resolve));

  constructor(
    private readonly endpoint: HttpEndpoint,
    preferSse: boolean,
    private readonly options: HttpUpstreamOptions = { timeoutMs: 30_000 },
  ) {
    this.sse = preferSse;
    this.settled = preferSse;
    this.shown = redactUrl(endpoint.url.href);
  }

  // The URL as the guard's messages name it: the one requests go to.
  private readonly shown: string;

  launch(): void {
    this.sdk ??= import("@modelcontextprotocol/client");
  }

  async start(onFrame: (frame: Frame) => void, onUndelivered: DeliveryFailure): Promise<void> {
    this.launch();
    this.onFrame = onFrame;
    this.failed = onUndelivered;
    try {
      this.transport = await this.open();
    } catch (e) {
      throw new ToolscoreError(
        "CONNECTION_FAILED",
        `cannot connect to ${this.shown}: ${reasonOf(e)}; check the URL and that the server is running`,
      );
    }
  }

  private async open(): Promise<SessionTransport> {
    const sdk = await this.sdk!;
    this.sdkLoaded = sdk;
    const bounded = boundedFetch({ timeoutMs: NO_TIMEOUT_MS, onLimit: (e) => void this.abort(errorLine(e)) });
    this.watch ??= watchCredentials(sdk, bounded);
    // One provider for the session (the SSE fallback too): it holds the token it last read.
    this.auth ??= endpointAuth(this.endpoint, this.options.signIn, this.options.timeoutMs);
    const authProvider = await this.auth;
    // The scope the stored token was granted, for the scope a refusal asks to sign in for.
    if (authProvider && "grantedScope" in authProvider) this.granted = () => authProvider.grantedScope?.();
    const transport: SessionTransport = httpTransport(sdk, this.endpoint, this.sse, {
      requestInit: { headers: this.endpoint.headers },
      fetch: this.watch.fetch,
      ...(authProvider ? { authProvider } : {}),
    });
    transport.onmessage = (m) => {
      if (!this.ended) this.onFrame(frameOf(m));
    };
    let streaming = false;
    transport.onerror = (e) => {
      // A message that could not be delivered is answered per request (see send). A stream that
      // is lost for good means the server is gone: the legacy transport's one stream carries every
      // answer, and Streamable HTTP's reconnection failed.
      const lost = this.sse
        ? e instanceof sdk.SseError && streaming
        : /^(Failed to reconnect|Maximum reconnection attempts)/.test(e.message);
      const why = this.sse ? reasonOf(e) : "its event stream was lost and could not be opened again";
      if (lost) void this.abort(`the server at ${this.shown} could not be reached (${why})`);
    };
    await transport.start();
    streaming = true;
    if (this.protocolVersion !== undefined) transport.setProtocolVersion?.(this.protocolVersion);
    return transport;
  }

  send(frame: Frame): boolean {
    const message = messageOf(frame) as JSONRPCMessage;
    if (this.settled) this.deliver(message);
    else this.opening = this.opening.then(() => this.sendFirst(message));
    return true;
  }

  private deliver(message: JSONRPCMessage): void {
    if (this.ended || !this.transport) return;
    this.transport
      .send(message, this.sendOptions(message))
      .catch((e: unknown) => this.undelivered(message, e));
  }

  useToolSchemas(schemaOf: (tool: string) => unknown): void {
    this.schemaOf = schemaOf;
  }

  // A tools/call over Streamable HTTP in 2026-07-28 or later carries an Mcp-Param-* header for each
  // argument its tool declares with x-mcp-header, as toolscore's own session sends them.
  private sendOptions(message: JSONRPCMessage): TransportSendOptions | undefined {
    if (this.sse || this.protocolVersion === undefined || eraOf(this.protocolVersion) !== "modern") return;
    if (!("method" in message) || message.method !== "tools/call" || !isObject(message.params)) return;
    const { name, arguments: args } = message.params;
    if (typeof name !== "string" || !isObject(args)) return;
    const found = scanHeaderDeclarations(this.schemaOf(name)).declarations;
    const headers = found.length ? paramHeaders(found, args) : {};
    return Object.keys(headers).length ? { headers } : undefined;
  }

  private async sendFirst(message: JSONRPCMessage): Promise<void> {
    if (this.settled) return this.deliver(message);
    if (this.ended || !this.transport) return;
    try {
      await this.transport.send(message, this.sendOptions(message));
      this.settled = true;
    } catch (e) {
      const status = statusOf(e);
      if (this.sse || !refusesStreamableHttp(status)) return this.undelivered(message, e);
      await this.transport.close().catch(() => {});
      this.sse = true;
      this.settled = true;
      try {
        this.transport = await this.open();
      } catch (e2) {
        const why = `it refused Streamable HTTP, and the legacy SSE transport failed too: ${reasonOf(e2)}`;
        return void this.abort(`cannot reach the server at ${this.shown} (${why})`);
      }
      this.deliver(message);
    }
  }

  // A server that answers with an HTTP error answers that request; one that refuses the guard's
  // credentials gets the client told what to run; one that cannot be reached at all, or has
  // forgotten the session, is gone.
  private undelivered(message: JSONRPCMessage, e: unknown): void {
    if (this.ended) return;
    // An HTTP error whose body is the server's JSON-RPC answer to this request is that answer.
    const answer = errorAnswerOf(e, message);
    if (answer) return this.onFrame(frameOf(answer));
    const refused = this.credentialsRefused(e);
    if (refused) {
      // The URL it names keeps no credential or query value (the client and the log both read it).
      const line = scrubSecrets(errorLine(refused));
      this.failed(message, line, true);
      // Without credentials the server takes nothing more; a scope refused for one request after
      // the handshake leaves the others to go on.
      const method = "method" in message ? message.method : "";
      if (refused.data.problem !== "scope-refused" || HANDSHAKE_METHODS.has(method)) void this.abort(line);
      return;
    }
    const status = statusOf(e);
    if (status === 404 && this.transport?.sessionId)
      return void this.abort(`the server at ${this.shown} ended the session (HTTP 404 for its session id)`);
    if (status === undefined && networkCode(e) !== undefined)
      return void this.abort(`the server at ${this.shown} could not be reached (${reasonOf(e)})`);
    this.failed(message, status === undefined ? reasonOf(e) : `HTTP ${status}, with no JSON-RPC answer`);
  }

  // The sign-in error of a request the server refused for its credentials (401, or 403 for a
  // scope), in the other commands' words; undefined for any other failure.
  private credentialsRefused(e: unknown): ToolscoreError | undefined {
    const found = signInErrorIn(e);
    if (found) return found;
    const sdk = this.sdkLoaded;
    const status = statusOf(e);
    const refused =
      status === 401 ||
      status === 403 ||
      (sdk !== undefined && (e instanceof sdk.UnauthorizedError || e instanceof sdk.InsufficientScopeError));
    if (!refused || !this.watch) return undefined;
    return authFailure(this.shown, this.watch.challenge(), this.watch.sentCredentials(), this.granted());
  }

  onDrain(fn: () => void): void {
    fn();
  }

  pause(): void {}

  resume(): void {}

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    this.transport?.setProtocolVersion?.(version);
  }

  async finish(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    await this.opening;
    const t = this.transport;
    if (t?.sessionId && t.terminateSession) await t.terminateSession().catch(() => {});
    await t?.close().catch(() => {});
    this.resolveExit({ code: 0, signal: null, closed: true });
  }

  async abort(reason: string): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.resolveExit({ code: null, signal: null, reason });
    await this.transport?.close().catch(() => {});
  }
}

// The body of an HTTP error, when it is a JSON-RPC error answer to `sent` (by its exact id).
function errorAnswerOf(e: unknown, sent: JSONRPCMessage): Record<string, unknown> | undefined {
  const text = (e as { data?: { text?: unknown } } | undefined)?.data?.text;
  if (typeof text !== "string" || !("id" in sent) || sent.id === undefined) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const ok = isObject(body) && body.jsonrpc === "2.0" && body.id === sent.id && isObject(body.error);
  return ok ? (body as Record<string, unknown>) : undefined;
}

function statusOf(e: unknown): number | undefined {
  const status = (e as { status?: unknown } | undefined)?.status;
  return typeof status === "number" ? status : undefined;
}

// The code of a failure to reach the server at all (fetch's TypeError has it in its cause).
function networkCode(e: unknown): string | undefined {
  for (let at = e, depth = 0; at && depth < 4; at = (at as { cause?: unknown }).cause, depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === "string" && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return code;
    if (at instanceof TypeError && at.message === "fetch failed") return "fetch failed";
  }
  return undefined;
}

// Only an HTTP status or an error code: an error's text may quote the URL or a header.
function reasonOf(e: unknown): string {
  const status = statusOf(e) ?? (e as { code?: unknown } | undefined)?.code;
  if (typeof status === "number") return `HTTP ${status}`;
  const code = networkCode(e);
  if (code !== undefined) return code;
  if (e instanceof ToolscoreError) return e.code;
  return "the request failed";
}
