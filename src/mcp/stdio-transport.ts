import type { ChildProcess } from "node:child_process";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { limitBytes, limitError, limits } from "../util/limits.js";
import type { ToolscoreError } from "../util/errors.js";
import { onceExited, startProcess, stopProcess, type LaunchSpec } from "./process.js";

const STDERR_KEEP = 64 * 1024;

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
  // costs time in its length, not its length squared.
  private pending: Buffer[] = [];
  private pendingBytes = 0;
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
      // Flush a last line without its newline.
      if (this.pendingBytes > 0) this.onLine(this.takePending());
      this.finish();
    };
    onceExited(child, onExit);
  }

  /** The process id of the server (also its process group id). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last `n` lines the server wrote to stderr. */
  stderrTail(n = 10): string[] {
    const lines = this.stderrText.split(/\r?\n/).filter((l) => l.trim() !== "");
    return lines.slice(-n);
  }

  private onData(chunk: Buffer): void {
    if (this.failed) return;
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      this.pending.push(chunk.subarray(start, nl));
      this.pendingBytes += nl - start;
      start = nl + 1;
      if (this.tooLong()) return;
      this.onLine(this.takePending());
      if (this.failed) return;
    }
    if (start < chunk.length) {
      this.pending.push(chunk.subarray(start));
      this.pendingBytes += chunk.length - start;
      this.tooLong();
    }
  }

  private takePending(): string {
    // One chunk is decoded as it is; several are joined first. (Decoding chunk by chunk as they
    // come keeps fewer bytes at the end of a huge line, but holds more for a large listing.)
    const text =
      this.pending.length === 1
        ? this.pending[0]!.toString("utf8")
        : Buffer.concat(this.pending, this.pendingBytes).toString("utf8");
    this.pending = [];
    this.pendingBytes = 0;
    return text;
  }

  // Checked while a line is still coming: a line without end fails once it passes the limit, not
  // when memory runs out.
  private tooLong(): boolean {
    if (this.pendingBytes <= limitBytes("message-mb")) return false;
    this.pending = [];
    this.pendingBytes = 0;
    this.fail(limitError("message-mb", "one message from the server is larger than"));
    return true;
  }

  /** The limit error that made the transport stop the server, if one did. */
  failed: ToolscoreError | undefined;

  private fail(error: ToolscoreError): void {
    if (this.failed) return;
    this.failed = error;
    this.onerror?.(error);
    void this.close();
  }

  private onLine(raw: string): void {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
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
