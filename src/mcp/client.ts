// A live MCP session as every way of connecting shares it: the handshake, the tools listed page by
// page, calls (with the `Mcp-Param-*` headers a tool declares), and closing. Launching a server over
// stdio is stdio-client.ts's; reaching one at a URL, http.ts's.
import type { Transport } from "@modelcontextprotocol/client";
import { scanHeaderDeclarations, type HeaderDeclaration } from "../schema/x-mcp-header.js";
import { escapeLine } from "../util/unicode.js";
import { ToolscoreError } from "../util/errors.js";
import { isInputRequired, MAX_INPUT_ROUNDS, retryParams } from "./input-required.js";
import { negotiate, type NegotiateOptions } from "./negotiate.js";
import { MODERN_ERROR, type ProtocolChoice } from "./protocol.js";
import { paramHeaders } from "./param-headers.js";
import { ListingBounds } from "./bounds.js";
import type { ClientCapabilityName } from "./client-capabilities.js";
import { McpSession, type InitializeInfo, type SessionOptions } from "./session.js";
import type { CallOutcome, RawTool } from "./types.js";
import type { SignInUse } from "./oauth-session.js";
import { stoppingAllProcesses, type Launched } from "./process.js";

/** Options shared by every way of connecting. */
export interface ConnectOptions {
  /** Seconds for the handshake and each request (default 30). */
  timeout?: number;
  /** Client capabilities to declare (default none, so every run sees the same surface). */
  clientCapabilities?: readonly ClientCapabilityName[];
  /**
   * The protocol version to speak: `auto` (default) offers the newest and falls back to the 2025
   * handshake for a server that does not know it; a version forces that one.
   */
  protocol?: ProtocolChoice;
  /** The environment a launched server inherits (default: this process's, as a shell passes it). */
  baseEnv?: Record<string, string | undefined>;
  /** The folder a launched server starts in when its target names none (default: this process's). */
  baseCwd?: string;
  /**
   * For a server at a URL: the sign-in store to take a token from (and refresh it in), and a
   * pre-registered client. Absent, no stored sign-in is used.
   */
  signIn?: SignInUse;
  /** A server started ahead for this launch, taken over instead of starting one. */
  launched?: Launched;
}

/** Options for launching a stdio server. */
export interface StdioConnectOptions extends ConnectOptions {
  /** Laid over the inherited environment. */
  env?: Record<string, string>;
  cwd?: string;
}

/** Options for a server at a URL. */
export interface HttpConnectOptions extends ConnectOptions {
  headers?: Record<string, string>;
  /** Go straight to the legacy HTTP+SSE transport (a config entry of type "sse"). */
  preferSse?: boolean;
}

/**
 * A live, initialized connection to an MCP server. Answers are read raw, exactly as the server
 * sent them. Close it (or use `await using`) to stop the server.
 */
export class MCPClient implements AsyncDisposable {
  protected constructor(
    protected readonly session: McpSession,
    /** What the server said about itself (server/discover or initialize), and the version spoken. */
    readonly info: InitializeInfo,
    /** The client capabilities declared in the handshake. */
    readonly clientCapabilities: readonly ClientCapabilityName[],
    /** How the server was reached: `stdio`, `streamable-http`, `sse`, or a caller's own `transport`. */
    readonly transportKind: "stdio" | "streamable-http" | "sse" | "transport",
  ) {}

  // The header declarations of each listed tool (the first tool of a name), read from its input
  // schema when first called; kept only where calls carry them.
  private listedSchemas = new Map<string, unknown>();
  private readonly declarations = new Map<string, HeaderDeclaration[]>();

  /**
   * Whether a `tools/call` carries the `Mcp-Param-*` headers its tool's `x-mcp-header`
   * declarations ask for: in MCP 2026-07-28 (the first version that defines them) and later, over a
   * transport that sends each request as its own HTTP request. A caller's own transport is handed
   * them too; one with a single channel ignores them, as the SDK's transports do.
   */
  get mirrorsParamHeaders(): boolean {
    return this.info.era === "modern" && this.transportKind !== "stdio" && this.transportKind !== "sse";
  }

  protected static async open(
    transport: Transport,
    opts: ConnectOptions & {
      describeExit?: () => string;
      rootsDir?: string;
      errorInSendFailure?: SessionOptions["errorInSendFailure"];
      negotiation: Omit<NegotiateOptions, "timeoutMs" | "protocol"> & {
        protocol?: NegotiateOptions["protocol"];
      };
      /** Milliseconds for the handshake, when less than the timeout is left of it (a relaunch). */
      handshakeMs?: number;
    },
  ): Promise<{ session: McpSession; info: InitializeInfo }> {
    const timeoutMs = (opts.timeout ?? 30) * 1000;
    const session = new McpSession(transport, {
      timeoutMs,
      clientCapabilities: opts.clientCapabilities ?? [],
      describeExit: opts.describeExit,
      rootsDir: opts.rootsDir,
      errorInSendFailure: opts.errorInSendFailure,
    });
    try {
      await session.start();
      const info = await negotiate(session, {
        ...opts.negotiation,
        protocol: opts.negotiation.protocol ?? opts.protocol ?? "auto",
        timeoutMs: opts.handshakeMs ?? timeoutMs,
      });
      return { session, info };
    } catch (e) {
      await session.close().catch(() => {});
      throw e;
    }
  }

  /** Lists every tool, following `nextCursor` pages; a cursor that repeats is an error. */
  async listTools(): Promise<RawTool[]> {
    if (!("tools" in this.info.capabilities)) return [];
    const tools: RawTool[] = [];
    const seen = new Set<string>();
    const bounds = new ListingBounds("tools/list");
    const schemas = new Map<string, unknown>();
    let cursor: string | undefined;
    for (;;) {
      const outcome = await this.session.request("tools/list", cursor === undefined ? {} : { cursor });
      if ("error" in outcome) {
        throw new ToolscoreError(
          "PROTOCOL_ERROR",
          `the server answered tools/list with an error: ${escapeLine(outcome.error.message)} (JSON-RPC error ${outcome.error.code})`,
          { error: outcome.error },
        );
      }
      const list = outcome.result.tools;
      if (!Array.isArray(list)) {
        throw new ToolscoreError("PROTOCOL_ERROR", "the server's tools/list answer has no tools array");
      }
      bounds.page(list);
      for (const t of list) {
        if (typeof t !== "object" || t === null || Array.isArray(t)) {
          throw new ToolscoreError(
            "PROTOCOL_ERROR",
            "the server's tools/list answer holds an entry that is not an object",
          );
        }
        tools.push(t as RawTool);
        const name = (t as RawTool).name;
        if (this.mirrorsParamHeaders && typeof name === "string" && !schemas.has(name))
          schemas.set(name, (t as RawTool).inputSchema);
      }
      const next = outcome.result.nextCursor;
      if (next === undefined || next === null || next === "") {
        if (this.mirrorsParamHeaders) {
          this.listedSchemas = schemas;
          this.declarations.clear();
        }
        return tools;
      }
      if (typeof next !== "string")
        throw new ToolscoreError("PROTOCOL_ERROR", "the server sent a nextCursor that is not a string");
      bounds.cursor(next);
      if (seen.has(next)) {
        throw new ToolscoreError(
          "PROTOCOL_ERROR",
          `the server repeated the tools/list cursor ${JSON.stringify(escapeLine(next))}: its pagination loops`,
          { cursor: next },
        );
      }
      seen.add(next);
      cursor = next;
    }
  }

  /**
   * Calls a tool and returns the raw result or JSON-RPC error, with its latency. In the modern
   * era a call answered `input_required` is retried (a few rounds at most) when toolscore can give
   * every answer asked for, as a 2025 session answers the same requests: roots, and elicitation
   * declined, when declared. Otherwise the `input_required` result is returned as it came: the
   * tool needs input toolscore does not give.
   *
   * Over Streamable HTTP in 2026-07-28 (see {@link MCPClient.mirrorsParamHeaders}) the call carries
   * an `Mcp-Param-*` header for each argument the tool declares with `x-mcp-header`, read from
   * `inputSchema` when given, else from this client's last listing. A server that answers
   * HeaderMismatch (-32020) gets what the specification advises: the tools are listed again and the
   * call is made once more when that changes its headers.
   */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    opts: { timeoutMs?: number; inputSchema?: unknown } = {},
  ): Promise<CallOutcome> {
    // Once the run is interrupted, its servers are being stopped: no more calls are made.
    if (stoppingAllProcesses())
      throw new ToolscoreError("SERVER_EXITED", `${name} was not called: toolscore is stopping`);
    const started = performance.now();
    let params: Record<string, unknown> = { name, arguments: args };
    let headers = this.headersFor(name, args, opts.inputSchema);
    let relisted = opts.inputSchema !== undefined || !this.mirrorsParamHeaders;
    for (let round = 0; ;) {
      const outcome = await this.session.request(
        "tools/call",
        params,
        opts.timeoutMs,
        headers ? { headers } : {},
      );
      if ("error" in outcome && outcome.error.code === MODERN_ERROR.headerMismatch && !relisted) {
        relisted = true;
        const listed = await this.listTools().then(
          () => true,
          () => false,
        );
        const again = this.headersFor(name, args);
        if (listed && JSON.stringify(again ?? {}) !== JSON.stringify(headers ?? {})) {
          headers = again;
          continue;
        }
      }
      if ("error" in outcome)
        return { ok: false, error: outcome.error, latencyMs: performance.now() - started };
      const next =
        this.info.era === "modern" && isInputRequired(outcome.result) && round < MAX_INPUT_ROUNDS
          ? retryParams(params, outcome.result, this.clientCapabilities, this.session.rootsDir)
          : undefined;
      if (!next) return { ok: true, result: outcome.result, latencyMs: performance.now() - started };
      params = next;
      round++;
    }
  }

  /** The `Mcp-Param-*` headers of a call, or undefined when calls carry none. */
  private headersFor(
    name: string,
    args: Record<string, unknown>,
    inputSchema?: unknown,
  ): Record<string, string> | undefined {
    if (!this.mirrorsParamHeaders) return undefined;
    let found: HeaderDeclaration[] | undefined;
    if (inputSchema !== undefined) found = scanHeaderDeclarations(inputSchema).declarations;
    else {
      found = this.declarations.get(name);
      if (found === undefined && this.listedSchemas.has(name)) {
        found = scanHeaderDeclarations(this.listedSchemas.get(name)).declarations;
        this.declarations.set(name, found);
      }
    }
    if (!found || found.length === 0) return undefined;
    const headers = paramHeaders(found, args);
    return Object.keys(headers).length ? headers : undefined;
  }

  /** Sends any request and returns the raw outcome. */
  request(method: string, params?: Record<string, unknown>) {
    return this.session.request(method, params);
  }

  /** True once the server has gone away. */
  get closed(): boolean {
    return this.session.closed;
  }

  /** The last lines the server wrote to stderr (stdio only). */
  stderrTail(_n = 10): string[] {
    return [];
  }

  /** Stops the server (stdio) or ends the session (HTTP). Safe to call twice. */
  async close(): Promise<void> {
    await this.session.close();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}
