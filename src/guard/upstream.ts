// The server side of the CLI's guard: a launched process spoken to in raw lines (so that what it
// writes reaches the client byte for byte), or a URL through the SDK's HTTP client transports.
import { constants } from "node:os";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { startProcess, stopProcess, type LaunchSpec } from "../mcp/process.js";
import { frameOf, messageOf, textOf, type Frame } from "./frame.js";
import { LineSplitter } from "./lines.js";

type ChildProcess = Awaited<ReturnType<typeof startProcess>>;

/** Told of a message that could not be delivered, and why (a status or an error code). */
export type DeliveryFailure = (message: unknown, why: string) => void;

/** How the server ended. */
export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The exit code a process's end stands for: its own, or 128 + the signal's number. */
export function exitCodeOf(exit: ServerExit): number {
  if (exit.code !== null) return exit.code;
  const n = exit.signal ? constants.signals[exit.signal] : undefined;
  return n === undefined ? 1 : 128 + n;
}

/** One end of the relay towards the server. */
export interface Upstream {
  /**
   * Starts (or reaches) the server; each frame it sends goes to `onFrame`, and a frame that could
   * not be delivered to `onUndelivered` with the reason.
   */
  start(onFrame: (frame: Frame) => void, onUndelivered: DeliveryFailure): Promise<void>;
  /** Sends a frame; false when the server is not keeping up (wait for `onDrain`). */
  send(frame: Frame): boolean;
  /** Calls `fn` once the server has taken in what was sent. */
  onDrain(fn: () => void): void;
  /** Pauses and resumes reading from the server (the client is not keeping up). */
  pause(): void;
  resume(): void;
  /** Resolves when the server has gone, by itself or stopped. */
  readonly exited: Promise<ServerExit>;
  /**
   * The client has closed: the server hears the end of its input as it would have without the
   * guard, and is stopped with its process group if it does not end by itself within `graceMs`
   * (HTTP: the session ends).
   */
  finish(graceMs: number): Promise<void>;
  /** Told the negotiated protocol version. */
  setProtocolVersion?(version: string): void;
}

/** A server launched as a child process in a process group of its own, spoken to in lines. */
export class ChildUpstream implements Upstream {
  private child: ChildProcess | undefined;
  private resolveExit!: (exit: ServerExit) => void;
  readonly exited = new Promise<ServerExit>((resolve) => (this.resolveExit = resolve));

  constructor(
    private readonly spec: LaunchSpec,
    /** Where the server's stderr goes: the client shows it. */
    private readonly stderr: (text: string) => void,
  ) {}

  async start(onFrame: (frame: Frame) => void): Promise<void> {
    // A pipe takes every write (or the process is gone, which its exit reports).
    const child = await startProcess(this.spec);
    this.child = child;
    const lines = new LineSplitter((text) => onFrame({ text }));
    const stdoutDone = new Promise<void>((resolve) => {
      child.stdout!.once("end", resolve);
      child.stdout!.once("error", () => resolve());
    });
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => lines.push(chunk));
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (chunk: string) => this.stderr(chunk));
    child.stdin!.on("error", () => {
      // EPIPE once the server is gone: its exit is what counts.
    });
    child.once("exit", (code, signal) => {
      // Everything it wrote before it ended still reaches the client; a grandchild that holds
      // stdout open does not hold the exit back for long.
      const grace = new Promise((resolve) => setTimeout(resolve, 500).unref());
      void Promise.race([stdoutDone, grace]).then(() => {
        lines.end();
        this.resolveExit({ code, signal });
      });
    });
  }

  send(frame: Frame): boolean {
    const stdin = this.child?.stdin;
    if (!stdin || !stdin.writable) return true;
    return stdin.write(`${textOf(frame)}\n`);
  }

  onDrain(fn: () => void): void {
    this.child?.stdin?.once("drain", fn);
  }

  pause(): void {
    this.child?.stdout?.pause();
  }

  resume(): void {
    this.child?.stdout?.resume();
  }

  /** The server's process id (its process group too). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  async finish(graceMs: number): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.stdin?.end();
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    // Whatever it started is stopped too, whether or not it ended by itself.
    await stopProcess(child);
  }
}

/**
 * A server at a URL: Streamable HTTP, or the legacy HTTP+SSE transport for a config entry of type
 * `sse`. The SDK's transports are loaded only on this path.
 */
export class HttpUpstream implements Upstream {
  private transport: Transport | undefined;
  private resolveExit!: (exit: ServerExit) => void;
  readonly exited = new Promise<ServerExit>((resolve) => (this.resolveExit = resolve));

  private failed: DeliveryFailure = () => {};

  constructor(
    private readonly url: URL,
    private readonly headers: Record<string, string>,
    private readonly preferSse: boolean,
  ) {}

  async start(onFrame: (frame: Frame) => void, onUndelivered: DeliveryFailure): Promise<void> {
    this.failed = onUndelivered;
    const requestInit: RequestInit = { headers: this.headers };
    const { SSEClientTransport, StreamableHTTPClientTransport } =
      await import("@modelcontextprotocol/client");
    this.transport = this.preferSse
      ? new SSEClientTransport(this.url, { requestInit })
      : new StreamableHTTPClientTransport(this.url, { requestInit });
    this.transport.onmessage = (m) => onFrame(frameOf(m));
    this.transport.onerror = () => {
      // A failed delivery is answered per request (see send); a dropped stream is not fatal.
    };
    this.transport.onclose = () => this.resolveExit({ code: 0, signal: null });
    await this.transport.start();
  }

  send(frame: Frame): boolean {
    const message = messageOf(frame);
    const transport = this.transport;
    if (!transport) return true;
    transport.send(message as JSONRPCMessage).catch((e: unknown) => this.failed(message, reasonOf(e)));
    return true;
  }

  onDrain(fn: () => void): void {
    fn();
  }

  pause(): void {}

  resume(): void {}

  setProtocolVersion(version: string): void {
    this.transport?.setProtocolVersion?.(version);
  }

  async finish(): Promise<void> {
    const t = this.transport as (Transport & { terminateSession?: () => Promise<void> }) | undefined;
    if (t?.sessionId && t.terminateSession) await t.terminateSession().catch(() => {});
    await t?.close().catch(() => {});
    this.resolveExit({ code: 0, signal: null });
  }
}

// Only an HTTP status or an error code: an error's text may quote the URL or a header.
function reasonOf(e: unknown): string {
  const status = (e as { status?: unknown; code?: unknown }).status ?? (e as { code?: unknown }).code;
  if (typeof status === "number") return `HTTP ${status}`;
  const cause = (e as { cause?: { code?: unknown } }).cause?.code;
  return typeof cause === "string" ? cause : "the request failed";
}
