import type { ChildProcess } from "node:child_process";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { limitBytes, limitError, limits } from "../util/limits.js";
import type { ToolscoreError } from "../util/errors.js";
import { RELEASE_BYTES, releaseMemory } from "../util/memory.js";
import { onceExited, startProcess, stopProcess, type LaunchSpec } from "./process.js";

const STDERR_KEEP = 64 * 1024;
// A line longer than this is gathered in one buffer (see LeanStdioTransport.pending).
const LONG_LINE = 1024 * 1024;
const GROW_BY = 1024 * 1024;

/** An ArrayBuffer made with `maxByteLength` (ES2024; Node 20 has it, the TypeScript lib not yet). */
interface ResizableBuffer extends ArrayBuffer {
  resize(byteLength: number): void;
  readonly maxByteLength: number;
}
type ResizableBufferConstructor = new (length: number, opts: { maxByteLength: number }) => ResizableBuffer;

// Copies `part` into `buffer` at `at`, growing it a megabyte at a time (within its maximum);
// returns the end. A resizable buffer grows in place, so growing by doubling would save no copy
// and only hold up to twice the memory the line needs.
function append(buffer: ResizableBuffer, at: number, part: Buffer): number {
  const end = at + part.length;
  if (end > buffer.byteLength)
    buffer.resize(Math.min(buffer.maxByteLength, Math.ceil(end / GROW_BY) * GROW_BY));
  part.copy(new Uint8Array(buffer, at, part.length));
  return end;
}

// The line where a runtime names an error: `Error: …`, `TypeError: …`, `Error [ERR_X]: …`,
// Python's `ModuleNotFoundError: …`, `Exception: …`.
const ERROR_LINE = /^\s*(?:Uncaught\s+)?(?:[A-Za-z_$][\w$.]*)?(?:Error|Exception)(?:\s*\[[^\]]*\])?:\s/;

// How long a server's pipes are read after its exit when they stay open: a process it started
// may hold them open for as long as it runs.
const PIPES_AFTER_EXIT_MS = 500;

/** Resolves once the child's stdout and stderr are read to their end, or after a moment. */
function pipesRead(child: ChildProcess): Promise<void> {
  const open = [child.stdout, child.stderr].filter((p) => p !== null && !p.closed && !p.destroyed);
  if (open.length === 0) return Promise.resolve();
  return new Promise((done) => {
    let left = open.length;
    const timer = setTimeout(done, PIPES_AFTER_EXIT_MS);
    for (const pipe of open)
      pipe!.once("close", () => {
        if (--left > 0) return;
        clearTimeout(timer);
        done();
      });
  });
}

/**
 * A lean stdio transport behind the SDK's `Transport` interface: newline-delimited JSON-RPC over a
 * child's stdin/stdout, as the MCP stdio transport defines it. It keeps start-up near the raw floor
 * (the SDK's own stdio client pulls in its schema modules) and stops the whole process group.
 * Lines on stdout that are not JSON (a banner printed before the first message) are set aside,
 * not fatal: many real servers print one. What a server controls is bounded: one message's size
 * (`message-mb`) and the replies queued for a server that sends requests but does not read
 * (`queued-replies`); past either, the server is stopped and `onerror` gets the limit's error.
 */
export class LeanStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  private child: ChildProcess | undefined;
  // The bytes of the line being read, as chunks: joined once its newline comes, so a long line
  // costs time in its length, not its length squared. Past LONG_LINE they are copied as they come
  // into one resizable buffer instead (grown in place, up to the message-mb limit), and the chunks
  // dropped; once the line is decoded the buffer is shrunk to nothing, which returns its memory at
  // once, where a dropped Buffer's bytes stay until some collection after. So a long line holds
  // its bytes and its text together only while it is decoded.
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private long: ResizableBuffer | undefined;
  private unflushed = 0;
  private stderrText = "";
  private closed = false;
  private stopping: Promise<void> | undefined;
  /** Non-JSON lines the server wrote to stdout, kept for diagnostics. */
  readonly noise: string[] = [];
  /** How the process ended, once it has. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  constructor(readonly spec: LaunchSpec) {}

  async start(): Promise<void> {
    const child = await startProcess(this.spec);
    this.child = child;
    child.stdout!.on("data", (chunk: Buffer) => this.onData(chunk));
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (chunk: string) => {
      this.stderrText += chunk;
      if (this.stderrText.length > STDERR_KEEP * 2) this.stderrText = this.stderrText.slice(-STDERR_KEEP);
    });
    child.stdin!.on("error", () => {
      // EPIPE when the server is gone: its exit is reported through onclose.
    });
    const onExit = () => {
      this.exit = { code: child.exitCode, signal: child.signalCode };
      // What the server wrote just before it exited may still be in its pipes (a process's exit can
      // be seen before its output): it is read first, so that a last answer is kept and a crash
      // is told from a quit by the stderr it ended with.
      void pipesRead(child).then(() => {
        // Flush a last line without its newline.
        if (this.pendingBytes > 0) this.onLine();
        this.finish();
      });
    };
    onceExited(child, onExit);
  }

  /** The process id of the server (also its process group id). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last `n` lines the server wrote to stderr. */
  stderrTail(n = 10): string[] {
    return this.stderrLines().slice(-n);
  }

  /**
   * The line of stderr that names the error (`Error: Cannot find module …`), when it comes before
   * the last `n` lines: a crashed Node process ends with its stack and the error's fields (`code:`,
   * `requireStack:`), which push the cause out of a short tail.
   */
  stderrCause(n: number): string | undefined {
    const lines = this.stderrLines();
    const at = lines.findIndex((l) => ERROR_LINE.test(l));
    return at >= 0 && at < lines.length - n ? lines[at]!.trim() : undefined;
  }

  private stderrLines(): string[] {
    return this.stderrText.split(/\r?\n/).filter((l) => l.trim() !== "");
  }

  private onData(chunk: Buffer): void {
    if (this.failed) return;
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      if (!this.add(chunk.subarray(start, nl))) return;
      start = nl + 1;
      this.onLine();
      if (this.failed) return;
    }
    if (start < chunk.length) this.add(chunk.subarray(start));
  }

  // Adds bytes to the line being read; false when the line passed the message-mb limit. Checked
  // while a line is still coming: a line without end fails once it passes the limit, not when
  // memory runs out.
  private add(part: Buffer): boolean {
    const max = limitBytes("message-mb");
    if (this.pendingBytes + part.length > max) {
      this.pending = [];
      this.pendingBytes = 0;
      this.long?.resize(0);
      this.long = undefined;
      this.fail(limitError("message-mb", "one message from the server is larger than"));
      return false;
    }
    if (this.long === undefined && this.pendingBytes + part.length > LONG_LINE) {
      this.long = new (ArrayBuffer as unknown as ResizableBufferConstructor)(0, { maxByteLength: max });
      let at = 0;
      for (const p of this.pending) at = append(this.long, at, p);
      this.pending = [];
    }
    if (this.long !== undefined) {
      append(this.long, this.pendingBytes, part);
      // Each chunk read from the pipe is a buffer of its own, garbage once copied: collected every
      // RELEASE_BYTES, so a long line does not hold its bytes twice (copied, and not yet collected).
      if (
        Math.floor((this.pendingBytes + part.length) / RELEASE_BYTES) >
        Math.floor(this.pendingBytes / RELEASE_BYTES)
      )
        releaseMemory();
    } else this.pending.push(part);
    this.pendingBytes += part.length;
    return true;
  }

  private takePending(): string {
    // One chunk is decoded as it is; several are joined first.
    const text =
      this.long !== undefined
        ? Buffer.from(this.long, 0, this.pendingBytes).toString("utf8")
        : this.pending.length === 1
          ? this.pending[0]!.toString("utf8")
          : Buffer.concat(this.pending, this.pendingBytes).toString("utf8");
    this.pending = [];
    this.pendingBytes = 0;
    this.long?.resize(0);
    this.long = undefined;
    return text;
  }

  /** The limit error that made the transport stop the server, if one did. */
  failed: ToolscoreError | undefined;

  private fail(error: ToolscoreError): void {
    if (this.failed) return;
    this.failed = error;
    this.onerror?.(error);
    void this.close();
  }

  // Reads the line taken whole. Its text is held by this frame alone (not passed in by the
  // caller, whose frame would keep it), so that it can be let go of once parsed.
  private onLine(): void {
    // A large message's text is returned once it is parsed (its bytes were, once decoded).
    const large = this.pendingBytes >= RELEASE_BYTES;
    let line = this.takePending();
    if (line.endsWith("\r")) line = line.slice(0, -1);
    if (line.trim() === "") return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      if (this.noise.length < 50) this.noise.push(line.slice(0, 500));
      return;
    }
    if (
      typeof message !== "object" ||
      message === null ||
      (message as { jsonrpc?: unknown }).jsonrpc !== "2.0"
    ) {
      if (this.noise.length < 50) this.noise.push(line.slice(0, 500));
      return;
    }
    if (large) {
      line = "";
      releaseMemory();
    }
    this.onmessage?.(message as JSONRPCMessage);
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.closed || this.failed || !stdin.writable) return Promise.resolve();
    // A server that floods requests and never reads its stdin would have replies queue forever.
    if (this.unflushed >= limits()["queued-replies"]) {
      this.fail(
        limitError(
          "queued-replies",
          "the server sent requests without reading the answers: waiting answers passed",
        ),
      );
      return Promise.resolve();
    }
    this.unflushed++;
    return new Promise((resolve) => {
      stdin.write(JSON.stringify(message) + "\n", () => {
        this.unflushed--;
        resolve();
      });
    });
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  async close(): Promise<void> {
    if (!this.child) return;
    this.stopping ??= stopProcess(this.child);
    await this.stopping;
    this.finish();
  }
}
