import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { VERSION } from "../meta.js";
import { ToolscoreError } from "../util/errors.js";
import { limits } from "../util/limits.js";
import {
  capabilityObject,
  envelopeFor,
  serverRequestReply,
  type ClientCapabilityName,
} from "./client-capabilities.js";
import { answerOutcome, withMeta, type RpcError, type RpcOutcome } from "./jsonrpc.js";
import { eraOf, type ServerHello } from "./protocol.js";

/** What the server said about itself (`server/discover` or `initialize`), as sent. */
export type InitializeInfo = ServerHello;

/** Options of one request. */
export interface RequestOptions {
  /** An answer that is neither a result object nor an error fails the request (the handshake). */
  strict?: boolean;
  /** Sent as the request's `_meta` (the session's envelope, once modern, is laid over it). */
  meta?: Record<string, unknown>;
  /**
   * HTTP headers of this request alone (`Mcp-Param-*`), over a transport that sends each request
   * as its own HTTP request; a transport with one channel (stdio) has none and ignores them.
   */
  headers?: Readonly<Record<string, string>>;
}

export interface SessionOptions {
  /** Milliseconds for the handshake and for each request. */
  timeoutMs: number;
  clientCapabilities?: readonly ClientCapabilityName[];
  /** Working directory announced by roots/list when roots are declared. */
  rootsDir?: string;
  /** Called when the transport closes unexpectedly, to describe why (e.g. the server's stderr). */
  describeExit?: () => string;
  /**
   * Reads the JSON-RPC error of request `id` out of a failure to send it (an HTTP 4xx whose body
   * is that error), so that it is answered like any error; undefined leaves it a send failure.
   */
  errorInSendFailure?: (e: unknown, id: number) => RpcError | undefined;
}

interface Pending {
  method: string;
  strict: boolean;
  resolve: (o: RpcOutcome) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * A JSON-RPC session with an MCP server over any SDK `Transport`. It reads answers raw (no schema
 * validation, no stripped keys), answers the server's own requests (ping, roots/list; sampling and
 * elicitation are declined) so servers that ask them never hang, and cancels timed-out requests
 * with `notifications/cancelled`. Once a modern version is agreed ({@link McpSession.speak}),
 * every request carries the `_meta` envelope the revision requires.
 */
export class McpSession {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closedError: ToolscoreError | undefined;
  private closing = false;
  private envelope: Record<string, unknown> | undefined;
  /** The version agreed with the server, once there is one. */
  protocolVersion: string | undefined;
  private limitHit: ToolscoreError | undefined;
  /**
   * Notifications received, by method, counted (e.g. `notifications/tools/list_changed`). A server
   * chooses the methods: at most `notifications` of them are kept (their names cut to 200
   * characters), and those past it are only counted in {@link McpSession.otherNotifications}.
   */
  readonly notifications = new Map<string, number>();
  /** Notifications whose method came after the map of methods was full. */
  otherNotifications = 0;

  constructor(
    readonly transport: Transport,
    private readonly opts: SessionOptions,
  ) {
    transport.onmessage = (m) => this.onMessage(m);
    transport.onclose = () => this.onClose();
    transport.onerror = (e) => {
      // Transport errors surface as failed requests or as the close; a limit the transport
      // enforced (a message too large) is the reason the close gives.
      if (e instanceof ToolscoreError && e.code === "LIMIT") this.limitHit ??= e;
    };
  }

  async start(): Promise<void> {
    await this.transport.start();
  }

  /** The folder roots/list answers with, when roots are declared. */
  get rootsDir(): string {
    return this.opts.rootsDir ?? process.cwd();
  }

  /** The client capabilities as declared: in `initialize`, and in every modern request's `_meta`. */
  get capabilityObject(): Record<string, unknown> {
    return capabilityObject(this.opts.clientCapabilities ?? []);
  }

  /** The `_meta` envelope of a modern request in `version`. */
  envelopeFor(version: string): Record<string, unknown> {
    return envelopeFor(version, this.opts.clientCapabilities ?? []);
  }

  /** Sends `initialize` offering `version`; returns the raw outcome (nothing is confirmed yet). */
  initializeRequest(version: string, timeoutMs?: number): Promise<RpcOutcome> {
    return this.request(
      "initialize",
      {
        protocolVersion: version,
        capabilities: this.capabilityObject,
        clientInfo: { name: "toolscore", version: VERSION },
      },
      timeoutMs,
      { strict: true },
    );
  }

  /**
   * Settles the version both sides speak. In the 2025 era this completes the handshake
   * (`notifications/initialized`, and the HTTP transport's version header); in the modern era
   * every later request carries the `_meta` envelope instead.
   */
  async speak(version: string): Promise<void> {
    this.protocolVersion = version;
    if (eraOf(version) === "modern") {
      this.envelope = this.envelopeFor(version);
      return;
    }
    this.transport.setProtocolVersion?.(version);
    await this.notify("notifications/initialized");
  }

  /** Sends a request and waits for its raw answer; a timeout sends `notifications/cancelled`. */
  request(
    method: string,
    params?: Record<string, unknown>,
    timeoutMs = this.opts.timeoutMs,
    opts: RequestOptions = {},
  ): Promise<RpcOutcome> {
    if (this.closedError) return Promise.reject(this.closedError);
    const id = this.nextId++;
    const meta = this.envelope || opts.meta ? { ...opts.meta, ...this.envelope } : undefined;
    // Over Streamable HTTP in the modern era a request is cancelled by closing its own stream.
    const abort = this.envelope && this.transport.hasPerRequestStream ? new AbortController() : undefined;
    return new Promise<RpcOutcome>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          this.pending.delete(id);
          if (abort) abort.abort();
          else
            void this.notify("notifications/cancelled", { requestId: id, reason: "timed out" }).catch(
              () => {},
            );
          reject(
            new ToolscoreError(
              "TIMEOUT",
              `the server did not answer ${method} within ${fmtSeconds(timeoutMs)}`,
              { method, timeoutMs },
            ),
          );
        },
        Math.min(timeoutMs, MAX_DELAY_MS),
      );
      this.pending.set(id, { method, resolve, reject, timer, strict: opts.strict === true });
      const message = {
        jsonrpc: "2.0",
        id,
        method,
        ...(params === undefined && meta === undefined ? {} : { params: withMeta(params, meta) }),
      } as JSONRPCMessage;
      const sendOptions =
        abort || opts.headers
          ? {
              ...(abort ? { requestSignal: abort.signal } : {}),
              ...(opts.headers ? { headers: opts.headers } : {}),
            }
          : undefined;
      this.transport.send(message, sendOptions).catch((e: unknown) => {
        const p = this.pending.get(id);
        if (!p) return;
        clearTimeout(p.timer);
        this.pending.delete(id);
        const inBand = this.opts.errorInSendFailure?.(e, id);
        if (inBand) resolve({ error: inBand });
        else reject(this.wrapSendError(method, e));
      });
    });
  }

  /** Sends a notification. */
  async notify(method: string, params?: Record<string, unknown>): Promise<void> {
    if (this.closedError) return;
    await this.transport.send({
      jsonrpc: "2.0",
      method,
      ...(params === undefined && this.envelope === undefined
        ? {}
        : { params: withMeta(params, this.envelope) }),
    } as JSONRPCMessage);
  }

  /** Closes the transport (for stdio: stops the server and its process group). */
  async close(): Promise<void> {
    this.closing = true;
    await this.transport.close();
  }

  private wrapSendError(method: string, e: unknown): ToolscoreError {
    if (e instanceof ToolscoreError) return e;
    return new ToolscoreError(
      "CONNECTION_FAILED",
      `cannot send ${method}: ${(e as Error).message}`,
      { method },
      { cause: e },
    );
  }

  private onMessage(m: JSONRPCMessage): void {
    const msg = m as Record<string, unknown>;
    const hasId = typeof msg.id === "number" || typeof msg.id === "string";
    if (typeof msg.method === "string") {
      if (hasId) void this.answerServerRequest(msg.id as number | string, msg.method, msg.params);
      else this.countNotification(msg.method);
      return;
    }
    if (!hasId) return;
    const p = this.pending.get(msg.id as number);
    if (!p) return; // an answer to a cancelled or unknown request
    clearTimeout(p.timer);
    this.pending.delete(msg.id as number);
    const outcome = answerOutcome(msg, p.method, p.strict);
    if (outcome instanceof ToolscoreError) p.reject(outcome);
    else p.resolve(outcome);
  }

  private countNotification(method: string): void {
    // A copy of the first characters: a slice would keep the whole (server-sized) name alive.
    const key = method.length > 200 ? Array.from(method.slice(0, 200)).join("") + "…" : method;
    const n = this.notifications.get(key);
    if (n !== undefined) this.notifications.set(key, n + 1);
    else if (this.notifications.size < limits().notifications) this.notifications.set(key, 1);
    else this.otherNotifications++;
  }

  private async answerServerRequest(id: number | string, method: string, params: unknown): Promise<void> {
    const reply = serverRequestReply(method, this.opts.clientCapabilities ?? [], () => this.rootsDir);
    void params;
    try {
      await this.transport.send({ jsonrpc: "2.0", id, ...reply } as JSONRPCMessage);
    } catch {
      // The server is gone; its requests no longer matter.
    }
  }

  private onClose(): void {
    if (this.limitHit) {
      this.closedError = this.limitHit;
      for (const [id, p] of this.pending) {
        clearTimeout(p.timer);
        this.pending.delete(id);
        p.reject(this.limitHit);
      }
      return;
    }
    const detail = this.closing ? "" : (this.opts.describeExit?.() ?? "");
    this.closedError = new ToolscoreError(
      "SERVER_EXITED",
      this.closing ? "the connection was closed" : `the server closed the connection${detail}`,
    );
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      this.pending.delete(id);
      p.reject(
        new ToolscoreError("SERVER_EXITED", `the server exited during ${p.method}${detail}`, {
          method: p.method,
        }),
      );
    }
  }

  /** True once the transport has closed. */
  get closed(): boolean {
    return this.closedError !== undefined;
  }
}

// Node's timers hold at most 2^31-1 ms; a longer delay would fire at once.
const MAX_DELAY_MS = 0x7fffffff;

/** `12s`, or `1.5s` for a part of a second. */
export function fmtSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${(ms / 1000).toFixed(1)}s`;
}
