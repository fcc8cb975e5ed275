import {
  closeSync,
  existsSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { ToolscoreError } from "./errors.js";
import { parseJsonFileText } from "./json.js";
import { limitBytes } from "./limits.js";
import { RELEASE_BYTES, releaseMemory } from "./memory.js";
import { openRegularFile, readRegularFile } from "./fs-read.js";
import { slices } from "./slices.js";

let tmpCounter = 0;

/**
 * Writes `content` to `path` through a temporary file in the same folder and a rename, so a failed
 * run never leaves a half-written or emptied file where a good one was. A path that names a
 * device, a FIFO or a link into /dev or /proc (`/dev/stdout`) is written directly.
 */
export function writeFileAtomic(path: string, content: string): void {
  writePiecesAtomic(path, [content]);
}

/** True when `path` names an existing regular file. */
export function isFile(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Reads and parses a JSON file (one leading byte-order mark accepted), with one clear error for a
 * missing file and for text that is not JSON; `shown` is how errors name the file (default: its path).
 * Only a regular file is read (never a FIFO or a device, which could block or never end), up to
 * `listing-mb`; no error quotes the file's contents.
 */
export function readJsonFile(path: string, what = "file", shown = path): unknown {
  let text = readRegularFile(path, shown, what, limitBytes("listing-mb")).toString("utf8");
  try {
    const data = parseJsonFileText(text);
    // A large file's text is garbage once parsed: returned now, before the work on the data.
    if (text.length >= RELEASE_BYTES) {
      text = "";
      releaseMemory();
    }
    return data;
  } catch (e) {
    const hint = text.trim() === "" ? "the file is empty" : `not valid JSON (${jsonErrorDetail(e, text)})`;
    throw new ToolscoreError("FILE_INVALID", `${shown} is not a readable ${what}: ${hint}`, { path });
  }
}

// Where JSON.parse stopped, without the text around it: the file may be something else entirely
// (a key file a link points at), and an error line must not show it.
function jsonErrorDetail(e: unknown, text: string): string {
  const message = e instanceof Error ? e.message : "";
  if (/^Unexpected end of JSON input/.test(message)) return "it ends too early";
  const at = /at position (\d+)/.exec(message);
  if (!at) return "an unexpected character";
  const offset = Number(at[1]);
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return `an unexpected character at line ${line}, column ${offset - before.lastIndexOf("\n")}`;
}

/**
 * The first `bytes` bytes of a file as UTF-8 text, or undefined when it cannot be read or is not a
 * regular file (a FIFO is not waited on).
 */
export function readTextHead(path: string, bytes: number): string | undefined {
  let fd: number | undefined;
  try {
    fd = openRegularFile(path, path, "file").fd;
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
 * run never leaves a half-written or emptied file where a good one was, nor the temporary file.
 * A path that names a device, a FIFO or a link into /dev or /proc (`/dev/stdout`, as CI steps
 * give) is written directly: renaming over it would replace the device with a regular file.
 */
export function writePiecesAtomic(path: string, pieces: readonly string[]): void {
  if (isStreamTarget(path)) {
    writeDirect(path, pieces);
    return;
  }
  // Unique enough with the "wx" flag below, and without loading node:crypto (start-up time).
  const unique = `${process.pid}-${(tmpCounter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const tmp = join(dirname(path), `.${basename(path)}.${unique}.tmp`);
  let fd: number | undefined;
  let created = false;
  try {
    fd = openSync(tmp, "wx");
    created = true;
    writeAll(fd, pieces);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
  } catch (e) {
    if (fd !== undefined) closeQuietly(fd);
    // Only the file this run created: "wx" fails on one that was there already.
    if (created) rmSync(tmp, { force: true });
    throw writeError(path, e);
  }
}

// writeSync may write less than it was given (a file size limit, a full disk) and say so only in
// its count: each slice is written until all of it is out, so a short write is never kept as whole.
function writeAll(fd: number, pieces: readonly string[]): void {
  for (const p of pieces)
    for (const slice of slices(p)) {
      const bytes = Buffer.from(slice, "utf8");
      for (let off = 0; off < bytes.length;) {
        try {
          off += writeSync(fd, bytes, off, bytes.length - off);
        } catch (e) {
          // This process's own stdout may be a non-blocking pipe or socket that is full for now.
          if ((e as NodeJS.ErrnoException).code !== "EAGAIN") throw e;
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        }
      }
    }
}

function writeDirect(path: string, pieces: readonly string[]): void {
  // This process's own stdout or stderr is written through its descriptor: a socket (as a parent
  // process's pipe often is) cannot be opened again by its /proc path.
  const own = ownStream(path);
  let fd: number | undefined;
  try {
    if (own !== undefined) writeAll(own, pieces);
    else {
      fd = openSync(path, "w");
      writeAll(fd, pieces);
    }
  } catch (e) {
    throw writeError(path, e);
  } finally {
    if (fd !== undefined) closeQuietly(fd);
  }
}

/**
 * 1 or 2 when `path` names this process's own stdout or stderr (`/dev/stdout`, `/dev/fd/1`,
 * `/proc/self/fd/2`, or a link to one of them), else undefined.
 */
export function ownStream(path: string): 1 | 2 | undefined {
  let p = path;
  for (let hop = 0; hop < 8; hop++) {
    if (p === "/dev/stdout") return 1;
    if (p === "/dev/stderr") return 2;
    const fd = /^\/(?:dev|proc\/self|proc\/thread-self|proc\/(\d+))\/fd\/([12])$/.exec(p);
    if (fd && (fd[1] === undefined || Number(fd[1]) === process.pid)) return Number(fd[2]) as 1 | 2;
    try {
      if (!lstatSync(p).isSymbolicLink()) return undefined;
      p = resolve(dirname(p), readlinkSync(p));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // The write's own error is the one to report.
  }
}

/**
 * Whether `path` is something to write into rather than replace: an existing device, FIFO or
 * socket, or a path in /dev or /proc or a link into them (`/dev/stdout` → `/proc/self/fd/1`, which
 * may lead to a regular file when the shell redirected stdout).
 */
function isStreamTarget(path: string): boolean {
  let link;
  try {
    link = lstatSync(path);
  } catch {
    return false; // nothing there yet: a new file
  }
  if (/^\/(?:dev|proc)\//.test(path) && !link.isFile()) return true;
  if (link.isSymbolicLink()) {
    try {
      if (/^\/(?:dev|proc)\//.test(readlinkSync(path))) return true;
      const target = statSync(path);
      return !target.isFile() && !target.isDirectory();
    } catch {
      return false; // a dangling link: replaced like a missing file
    }
  }
  return !link.isFile() && !link.isDirectory();
}

/** A failed write as one line: what the system said, in words where it says something known. */
function writeError(path: string, e: unknown): ToolscoreError {
  const code = (e as NodeJS.ErrnoException).code;
  const why =
    code === "ENOSPC"
      ? "disk full"
      : code === "EDQUOT"
        ? "disk quota used up"
        : code === "EFBIG"
          ? "larger than the file size limit"
          : undefined;
  if (why !== undefined)
    return new ToolscoreError("FILE_WRITE", `cannot write ${path}: ${why} (${code})`, {
      path,
      problem: code,
    });
  return new ToolscoreError(
    "FILE_WRITE",
    `cannot write ${path} (${code ?? (e as Error).message}): check that its folder exists and is writable`,
    { path },
  );
}

/**
 * Fails, as a write there would, when the folder `path` is to be written in does not exist (or is
 * not a folder): a command checks this before it starts a server whose answer it would write.
 */
export function assertFolderOf(path: string): void {
  if (isStreamTarget(path)) return;
  let code: string | undefined;
  try {
    if (!statSync(dirname(path)).isDirectory()) code = "ENOTDIR";
  } catch (e) {
    code = (e as NodeJS.ErrnoException).code ?? "ENOENT";
  }
  if (code !== undefined) throw writeError(path, Object.assign(new Error(code), { code }));
}

/** True when the file at `path` holds exactly the UTF-8 bytes of `pieces` (false when unreadable or not a file). */
export function fileHolds(path: string, pieces: readonly string[]): boolean {
  // A device or FIFO is written to, never read back: reading /dev/stdout may wait forever.
  if (isStreamTarget(path)) return false;
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
