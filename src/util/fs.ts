import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { ToolscoreError } from "./errors.js";
import { RELEASE_BYTES, releaseMemory } from "./memory.js";

let tmpCounter = 0;

/**
 * Writes `content` to `path` through a temporary file in the same folder and a rename, so a failed
 * run never leaves a half-written or emptied file where a good one was.
 */
export function writeFileAtomic(path: string, content: string): void {
  // Unique enough with the "wx" flag below, and without loading node:crypto (start-up time).
  const unique = `${process.pid}-${(tmpCounter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const tmp = join(dirname(path), `.${basename(path)}.${unique}.tmp`);
  let created = false;
  try {
    writeFileSync(tmp, content, { encoding: "utf8", flag: "wx" });
    created = true;
    renameSync(tmp, path);
  } catch (e) {
    if (created) rmSync(tmp, { force: true });
    const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new ToolscoreError(
      "FILE_WRITE",
      `cannot write ${path} (${reason}): check that its folder exists and is writable`,
      {
        path,
      },
    );
  }
}

/** True when `path` names an existing regular file. */
export function isFile(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Reads and parses a JSON file, with one clear error for a missing file and for text that is not JSON. */
export function readJsonFile(path: string, what = "file"): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new ToolscoreError("FILE_NOT_FOUND", `no such file: ${path}`, { path });
    if (code === "EISDIR")
      throw new ToolscoreError("FILE_INVALID", `${path} is a folder, not a ${what}`, { path });
    throw new ToolscoreError("FILE_INVALID", `cannot read ${path} (${code ?? (e as Error).message})`, {
      path,
    });
  }
  try {
    const data = JSON.parse(text) as unknown;
    // A large file's text is garbage once parsed: returned now, before the work on the data.
    if (text.length >= RELEASE_BYTES) {
      text = "";
      releaseMemory();
    }
    return data;
  } catch (e) {
    const detail = (e as Error).message.split("\n")[0];
    const hint = text.trim() === "" ? "the file is empty" : `not valid JSON: ${detail}`;
    throw new ToolscoreError("FILE_INVALID", `${path} is not a readable ${what}: ${hint}`, { path });
  }
}

/** The first `bytes` bytes of a file as UTF-8 text, or undefined when it cannot be read. */
export function readTextHead(path: string, bytes: number): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const head = Buffer.alloc(bytes);
    return head.toString("utf8", 0, readSync(fd, head, 0, bytes, 0));
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Two-space JSON with a trailing newline: the form of every file toolscore writes. */
export function toPrettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}

/**
 * Writes `pieces` to `path` through a temporary file in the same folder and a rename, so a failed
 * run never leaves a half-written or emptied file where a good one was.
 */
export function writePiecesAtomic(path: string, pieces: readonly string[]): void {
  const unique = `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const tmp = join(dirname(path), `.${basename(path)}.${unique}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, "wx");
    for (const p of pieces) for (const slice of slices(p)) writeSync(fd, slice, null, "utf8");
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true });
    const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new ToolscoreError(
      "FILE_WRITE",
      `cannot write ${path} (${reason}): check that its folder exists and is writable`,
      { path },
    );
  }
}

/** True when the file at `path` holds exactly the UTF-8 bytes of `pieces` (false when unreadable). */
export function fileHolds(path: string, pieces: readonly string[]): boolean {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return false;
  }
  try {
    const chunk = Buffer.alloc(4 * 1024 * 1024);
    let position = 0;
    for (const slice of pieces.flatMap((p) => [...slices(p)])) {
      const bytes = Buffer.from(slice, "utf8");
      for (let off = 0; off < bytes.length;) {
        const n = readSync(fd, chunk, 0, Math.min(chunk.length, bytes.length - off), position);
        if (n <= 0 || !chunk.subarray(0, n).equals(bytes.subarray(off, off + n))) return false;
        off += n;
        position += n;
      }
    }
    return readSync(fd, chunk, 0, 1, position) === 0;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

// A text as views of about 1 MB, never cutting a surrogate pair: each is encoded on its own, so
// writing or comparing a long text never holds its whole UTF-8 copy.
function* slices(text: string): Generator<string> {
  const size = 1024 * 1024;
  for (let i = 0; i < text.length;) {
    let end = Math.min(text.length, i + size);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield text.slice(i, end);
    i = end;
  }
}
