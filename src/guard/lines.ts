/**
 * Splits a stream of text into newline-delimited lines, as the MCP stdio transport frames
 * messages. A line may arrive in many chunks and a chunk may hold many lines; each finished line is
 * handed on once, without its newline. A chunk is searched only for its own newlines, so a long
 * line that arrives in many chunks costs one join, not a rescan per chunk.
 */
export class LineSplitter {
  private parts: string[] = [];

  constructor(private readonly onLine: (line: string) => void) {}

  /** Feeds a chunk (already decoded: a multi-byte character split across chunks is whole here). */
  push(chunk: string): void {
    let start = 0;
    let nl = chunk.indexOf("\n");
    while (nl >= 0) {
      let line = chunk.slice(start, nl);
      if (this.parts.length) {
        this.parts.push(line);
        line = this.parts.join("");
        this.parts = [];
      }
      this.emit(line);
      start = nl + 1;
      nl = chunk.indexOf("\n", start);
    }
    if (start < chunk.length) this.parts.push(start === 0 ? chunk : chunk.slice(start));
  }

  /** The stream ended: a last line without its newline is still a line. */
  end(): void {
    if (!this.parts.length) return;
    const line = this.parts.join("");
    this.parts = [];
    this.emit(line);
  }

  private emit(line: string): void {
    // Blank lines carry no message; a CR before the newline stays (it is JSON white space).
    if (line.length === 0 || (line.charCodeAt(0) <= 32 && line.trim() === "")) return;
    this.onLine(line);
  }
}
