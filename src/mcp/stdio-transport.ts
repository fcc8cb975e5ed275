import type { ChildProcess } from "node:child_process";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { startProcess, stopProcess, type LaunchSpec } from "./process.js";

const STDERR_KEEP = 64 * 1024;

/**
 * A lean stdio transport behind the SDK's `Transport` interface: newline-delimited JSON-RPC over a
 * child's stdin/stdout, as the MCP stdio transport defines it. It keeps start-up near the raw floor
 * (the SDK's own stdio client pulls in its schema modules) and stops the whole process group.
 * Lines on stdout that are not JSON (a banner printed before the first message) are set aside,
 * not fatal: many real servers print one.
 */
export class LeanStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  private child: ChildProcess | undefined;
  private buffer = "";
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
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => this.onData(chunk));
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (chunk: string) => {
      this.stderrText += chunk;
      if (this.stderrText.length > STDERR_KEEP * 2) this.stderrText = this.stderrText.slice(-STDERR_KEEP);
    });
    child.stdin!.on("error", () => {
      // EPIPE when the server is gone: its exit is reported through onclose.
    });
    child.once("exit", (code, signal) => {
      this.exit = { code, signal };
      // Flush a last line without its newline.
      if (this.buffer.trim()) this.onLine(this.buffer);
      this.buffer = "";
      this.finish();
    });
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

  private onData(chunk: string): void {
    this.buffer += chunk;
    let nl: number;
    while ((nl = this.buffer.indexOf("\n")) >= 0) {
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 1);
      this.onLine(line);
    }
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
    if (!stdin || this.closed || !stdin.writable) return Promise.resolve();
    return new Promise((resolve) => {
      stdin.write(JSON.stringify(message) + "\n", () => resolve());
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
