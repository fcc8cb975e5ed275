// The server side of the CLI's guard: a launched process spoken to in raw lines (so that what it
// writes reaches the client byte for byte), or a URL through the SDK's HTTP client transports.
import { constants } from "node:os";
import { startProcess, stopProcess, type LaunchSpec } from "../mcp/process.js";
import { limitError } from "../util/limits.js";
import { textOf, type Frame } from "./frame.js";
import { LineSplitter, manyLines } from "./lines.js";
import { errorLine } from "../report/advice.js";

export { HttpUpstream } from "./http-upstream.js";

type ChildProcess = Awaited<ReturnType<typeof startProcess>>;

/**
 * Told of a message that could not be delivered, and why (a status or an error code); with
 * `credentials`, the server refused the guard's credentials and `why` is the line saying what to run.
 */
export type DeliveryFailure = (message: unknown, why: string, credentials?: boolean) => void;

/** Called around the frames of one chunk that holds several, so that they go on in one write. */
export interface Batch {
  begin(): void;
  end(): void;
}

/** How the server ended. */
export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The guard ended the session itself, and why: a limit hit, a server no longer reachable. */
  reason?: string;
  /** A server at a URL (no process): the guard closed the session at the client's end. */
  closed?: boolean;
}

/**
 * The exit code a server's end stands for: its own, or 128 + the signal's number; 2 when the guard
 * ended the session itself (a limit, a server gone), as for any connection error.
 */
export function exitCodeOf(exit: ServerExit): number {
  if (exit.reason !== undefined) return 2;
  if (exit.code !== null) return exit.code;
  const n = exit.signal ? constants.signals[exit.signal] : undefined;
  return n === undefined ? 1 : 128 + n;
}

/** One end of the relay towards the server. */
export interface Upstream {
  /**
   * Begins to start the server, before the guard's checks are loaded, so that both happen at
   * once; `start` picks up from there (and launches itself when this was not called).
   */
  launch?(): void;
  /**
   * Starts (or reaches) the server; each frame it sends goes to `onFrame`, and a frame that could
   * not be delivered to `onUndelivered` with the reason.
   */
  start(onFrame: (frame: Frame) => void, onUndelivered: DeliveryFailure, batch?: Batch): Promise<void>;
  /** Sends a frame; false when the server is not keeping up (wait for `onDrain`). */
  send(frame: Frame): boolean;
  /** Calls `fn` once the server has taken in what was sent. */
  onDrain(fn: () => void): void;
  /** Pauses and resumes reading from the server (the client is not keeping up). */
  pause(): void;
  resume(): void;
  /** Holds back, then sends together, the frames sent meanwhile (one write for a chunk's lines). */
  cork?(): void;
  uncork?(): void;
  /** Resolves when the server has gone, by itself or stopped. */
  readonly exited: Promise<ServerExit>;
  /**
   * The client has closed: the server hears the end of its input as it would have without the
   * guard, and is stopped with its process group if it does not end by itself within `graceMs`
   * (HTTP: the session ends).
   */
  finish(graceMs: number): Promise<void>;
  /** Ends the session at once, for `reason` (which `exited` then carries): fail closed. */
  abort(reason: string): Promise<void>;
  /** Told the negotiated protocol version. */
  setProtocolVersion?(version: string): void;
  /**
   * Given where a tool's input schema is found (as listed, else as pinned), for the headers a
   * call carries over HTTP (`Mcp-Param-*`).
   */
  useToolSchemas?(schemaOf: (tool: string) => unknown): void;
}

/** A server launched as a child process in a process group of its own, spoken to in lines. */
export class ChildUpstream implements Upstream {
  private child: ChildProcess | undefined;
  private launching: Promise<ChildProcess> | undefined;
  private abortReason: string | undefined;
  private resolveExit!: (exit: ServerExit) => void;
  readonly exited = new Promise<ServerExit>((resolve) => (this.resolveExit = resolve));

  constructor(
    private readonly spec: LaunchSpec,
    /** Where the server's stderr goes: the client shows it. */
    private readonly stderr: (text: string) => void,
  ) {}

  launch(): void {
    if (this.launching) return;
    this.launching = startProcess(this.spec);
    // A failed launch is reported by start, which awaits the same promise.
    this.launching.catch(() => {});
  }

  async start(
    onFrame: (frame: Frame) => void,
    _onUndelivered: DeliveryFailure,
    batch?: Batch,
  ): Promise<void> {
    this.launch();
    // A pipe takes every write (or the process is gone, which its exit reports).
    const child = await this.launching!;
    this.child = child;
    const lines = new LineSplitter(
      (text) => onFrame({ text }),
      () =>
        void this.abort(errorLine(limitError("message-mb", "one message from the server is larger than"))),
    );
    const stdoutDone = new Promise<void>((resolve) => {
      child.stdout!.once("end", resolve);
      child.stdout!.once("error", () => resolve());
    });
    child.stdout!.on("data", (chunk: Buffer) => {
      if (!batch || !manyLines(chunk)) return lines.push(chunk);
      batch.begin();
      lines.push(chunk);
      batch.end();
    });
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (chunk: string) => this.stderr(chunk));
    child.stdin!.on("error", () => {
      // EPIPE once the server is gone: its exit is what counts.
    });
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      // Everything it wrote before it ended still reaches the client; a grandchild that holds
      // stdout open does not hold the exit back for long.
      const grace = new Promise((resolve) => setTimeout(resolve, 500).unref());
      void Promise.race([stdoutDone, grace]).then(() => {
        lines.end();
        this.resolveExit({ code, signal, ...(this.abortReason ? { reason: this.abortReason } : {}) });
      });
    };
    // It may have ended while the guard was loading.
    if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
    else child.once("exit", onExit);
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

  cork(): void {
    this.child?.stdin?.cork();
  }

  uncork(): void {
    this.child?.stdin?.uncork();
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

  async abort(reason: string): Promise<void> {
    this.abortReason ??= reason;
    const child = this.child;
    if (!child) return;
    await stopProcess(child, { stdinWaitMs: 0 });
  }
}
