import { limitBytes } from "../util/limits.js";

/**
 * Splits a byte stream into newline-delimited lines, as the MCP stdio transport frames messages.
 * A line may arrive in many chunks and a chunk may hold many lines; each finished line is handed
 * on once, decoded, without its newline. Bytes are split before they are decoded: a newline byte
 * is never part of a multi-byte UTF-8 character, so a character cut between chunks is whole here.
 * A line longer than `message-mb` (the bound the client puts on a server's messages) is never
 * held in full: once its bytes pass the limit, `onTooLong` is told once and the rest is dropped.
 */
export class LineSplitter {
  private parts: Buffer[] = [];
  private pendingBytes = 0;
  private failed = false;
  private readonly maxBytes = limitBytes("message-mb");

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly onTooLong: () => void = () => {},
  ) {}

  /** Feeds a chunk; a string is taken as UTF-8. */
  push(input: Buffer | string): void {
    if (this.failed) return;
    const chunk = typeof input === "string" ? Buffer.from(input) : input;
    let start = 0;
    let nl = chunk.indexOf(10);
    while (nl >= 0) {
      if (this.parts.length) {
        this.parts.push(chunk.subarray(start, nl));
        this.pendingBytes += nl - start;
        if (this.tooLong()) return;
        this.emit(this.take());
      } else {
        if (nl - start > this.maxBytes) return void this.fail();
        this.emit(chunk.toString("utf8", start, nl));
      }
      if (this.failed) return;
      start = nl + 1;
      nl = chunk.indexOf(10, start);
    }
    if (start < chunk.length) {
      this.parts.push(start === 0 ? chunk : chunk.subarray(start));
      this.pendingBytes += chunk.length - start;
      this.tooLong();
    }
  }

  /** The stream ended: a last line without its newline is still a line. */
  end(): void {
    if (!this.parts.length || this.failed) return;
    this.emit(this.take());
  }

  private take(): string {
    const line = Buffer.concat(this.parts, this.pendingBytes).toString("utf8");
    this.parts = [];
    this.pendingBytes = 0;
    return line;
  }

  // Checked while a line is still coming: a line without end fails once it passes the limit, not
  // when memory runs out.
  private tooLong(): boolean {
    if (this.pendingBytes <= this.maxBytes) return false;
    this.fail();
    return true;
  }

  private fail(): void {
    this.parts = [];
    this.pendingBytes = 0;
    this.failed = true;
    this.onTooLong();
  }

  private emit(line: string): void {
    // Blank lines carry no message; a CR before the newline stays (it is JSON white space).
    if (line.length === 0 || (line.charCodeAt(0) <= 32 && line.trim() === "")) return;
    this.onLine(line);
  }
}

/** More than one newline in `chunk`: worth gathering what its lines make into one write. */
export function manyLines(chunk: Buffer): boolean {
  return chunk.indexOf(10) < chunk.lastIndexOf(10);
}
