// A server launched as a child process and spoken to over stdio: launched (never through a shell),
// started a second time when it quit on the server/discover probe, and described by its exit and
// its stderr when it fails. The session itself is MCPClient's (client.ts).
import { ToolscoreError, isToolscoreError } from "../util/errors.js";
import { escapeLine } from "../util/unicode.js";
import { MCPClient, type StdioConnectOptions } from "./client.js";
import { SpeaksModern, type NegotiateOptions } from "./negotiate.js";
import { redactCommand } from "./redact.js";
import { fmtSeconds } from "./session.js";
import { LeanStdioTransport } from "./stdio-transport.js";

/** Describes how a stdio server ended, with what its stderr says. */
export function describeStdioExit(t: LeanStdioTransport): string {
  const how = t.exit ? (t.exit.signal ? ` (killed by ${t.exit.signal})` : ` (exit code ${t.exit.code})`) : "";
  const said = describeStderr(t);
  const noise = t.noise.length && !said ? ` ; it printed: ${escapeLine(t.noise.at(-1)!)}` : "";
  return `${how}${said}${noise}`;
}

/**
 * What a stdio server wrote to stderr, for an error line: its last lines, after the line that
 * names the error when that came earlier; "" when it wrote nothing.
 */
export function describeStderr(t: LeanStdioTransport): string {
  const last = t.stderrTail(STDERR_SHOWN);
  if (last.length === 0) return "";
  const cause = t.stderrCause(STDERR_SHOWN);
  // Below the cause, a stack's frames say less than the error's fields after them.
  const tail = (cause === undefined ? last : last.filter((l) => !STACK_FRAME.test(l))).map((l) =>
    escapeLine(l.trim()),
  );
  const before = cause === undefined ? "" : `${escapeLine(cause)} and ends: `;
  return `; its stderr ${cause === undefined ? "ends: " : "says: "}${before}${tail.join(" | ")}`;
}

// Lines of a server's stderr shown in an error.
const STDERR_SHOWN = 5;
const STACK_FRAME = /^\s+at\s/;

/** A server launched as a child process and spoken to over stdio. */
export class MCPStdioClient extends MCPClient {
  private transport!: LeanStdioTransport;

  /**
   * Launches `argv` (never through a shell), agrees on a protocol version, and returns the live
   * client. A server that quits on the server/discover probe (some 2025 servers exit on any request
   * before initialize) is started once more and spoken to with initialize alone, within what is
   * left of the timeout; a server that crashed for a reason of its own is reported at once.
   */
  static async connect(argv: readonly string[], opts: StdioConnectOptions = {}): Promise<MCPStdioClient> {
    if (argv.length === 0) throw new ToolscoreError("USAGE", "the launch command is empty");
    const auto = (opts.protocol ?? "auto") === "auto";
    const budgetMs = (opts.timeout ?? 30) * 1000;
    const deadline = Date.now() + budgetMs;
    const transport = () =>
      new LeanStdioTransport({
        argv: [...argv],
        env: opts.env,
        baseEnv: opts.baseEnv,
        cwd: opts.cwd,
        ahead: opts.launched,
      });
    const first = transport();
    let retry: NegotiateOptions["protocol"] = "legacy";
    try {
      return await MCPStdioClient.launch(first, opts, auto ? "auto" : opts.protocol!, budgetMs);
    } catch (e) {
      // A slow server that proved it speaks a modern version is started again to speak it.
      if (e instanceof SpeaksModern) retry = e.version as NegotiateOptions["protocol"];
      else if (!auto || !quitOnProbe(e, first)) throw withStartContext(e, argv, first);
    }
    const leftMs = deadline - Date.now();
    if (leftMs <= 0) {
      throw new ToolscoreError(
        "TIMEOUT",
        `${redactCommand(argv.join(" "))} ${retry === "legacy" ? "quit on the server/discover probe" : "answered the server/discover probe late"}, and the timeout (${fmtSeconds(budgetMs)}) ran out before it could be started again`,
        { method: "initialize", timeoutMs: budgetMs },
      );
    }
    const again = transport();
    return MCPStdioClient.launch(again, opts, retry, leftMs).catch((e: unknown) => {
      throw withStartContext(e, argv, again);
    });
  }

  private static async launch(
    transport: LeanStdioTransport,
    opts: StdioConnectOptions,
    protocol: NegotiateOptions["protocol"],
    handshakeMs: number,
  ): Promise<MCPStdioClient> {
    const { session, info } = await MCPClient.open(transport, {
      ...opts,
      rootsDir: opts.cwd,
      describeExit: () => describeStdioExit(transport),
      negotiation: { protocol, silenceMayBeLegacy: true, restartable: protocol === "auto" },
      handshakeMs,
    });
    const client = new MCPStdioClient(session, info, opts.clientCapabilities ?? [], "stdio");
    client.transport = transport;
    return client;
  }

  /** The server's process id (its process group too). */
  get pid(): number | undefined {
    return this.transport.pid;
  }

  override stderrTail(n = 10): string[] {
    return this.transport.stderrTail(n);
  }
}

/**
 * Whether a server that exited during the handshake quit on the probe rather than crashed: it
 * exited while server/discover (or the initialize that followed it) was waiting, and its stderr
 * is silent or speaks of the probe or of initialize, as a server does that wants initialize
 * first (e.g. `ExpectedInitializeRequest`). A server whose stderr gives a reason of its own (a
 * missing setting, a stack trace) crashed, and would crash again: it is not started twice.
 */
function quitOnProbe(e: unknown, t: LeanStdioTransport): boolean {
  if (!isToolscoreError(e, "SERVER_EXITED") || t.failed) return false;
  if (e.data.method !== "server/discover" && e.data.method !== "initialize") return false;
  const said = t.stderrTail(20);
  return said.length === 0 || said.some((l) => /server\/discover|initiali[sz]e/i.test(l));
}

function withStartContext(e: unknown, argv: readonly string[], t: LeanStdioTransport): unknown {
  if (!(e instanceof ToolscoreError)) return e;
  // A server that never answers often said why at once (a failed fetch, a missing setting).
  const said = e.code === "TIMEOUT" ? describeStderr(t) : "";
  if (said !== "")
    return new ToolscoreError("TIMEOUT", `${e.message}${said}`, { ...e.data, problem: "stderr" });
  if (e.code === "SERVER_EXITED") {
    return new ToolscoreError(
      "SERVER_EXITED",
      `${redactCommand(argv.join(" "))} exited before it finished the MCP handshake${e.message.replace(/^the server exited during (initialize|server\/discover)/, "")}`,
      e.data,
    );
  }
  return e;
}
