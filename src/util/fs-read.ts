import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import { ToolscoreError } from "./errors.js";

// Reading a file a user named, safely: only a regular file (a link is followed to one), opened
// without blocking (a FIFO named in its place cannot hang the process in a read that no signal
// interrupts), and never more than a bound. Errors name the file and what it is, never its bytes.

/** What a file that is not a regular file is, in words ("a FIFO", "a character device"...). */
export function fileKindOf(st: Stats): string {
  if (st.isDirectory()) return "a folder";
  if (st.isFIFO()) return "a FIFO";
  if (st.isSocket()) return "a socket";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  return "not a regular file";
}

/**
 * Opens `path` for reading when it is (or links to) a regular file; otherwise a ToolscoreError:
 * FILE_NOT_FOUND when it is missing, FILE_INVALID when it is anything else. The caller closes it.
 */
export function openRegularFile(path: string, shown: string, what: string): { fd: number; size: number } {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new ToolscoreError("FILE_NOT_FOUND", `no such file: ${shown}`, { path });
    if (code === "ELOOP")
      throw new ToolscoreError("FILE_INVALID", `${shown} is a link that loops, not a ${what}`, { path });
    if (code === "ENXIO")
      throw new ToolscoreError("FILE_INVALID", `${shown} is a socket, not a ${what}`, { path });
    throw new ToolscoreError("FILE_INVALID", `cannot read ${shown} (${code ?? "error"})`, { path });
  }
  const st = fstatSync(fd);
  if (!st.isFile()) {
    closeSync(fd);
    throw new ToolscoreError(
      "FILE_INVALID",
      `${shown} is ${fileKindOf(st)}, not a ${what}: name the file itself`,
      { path },
    );
  }
  return { fd, size: st.size };
}

/**
 * The bytes of the open regular file `fd` (`size` bytes when it was opened), at most `maxBytes`:
 * a file past it, or one that grows past it while read, is `tooLarge()`, and is not read further.
 */
export function readBoundedFd(fd: number, size: number, maxBytes: number, tooLarge: () => Error): Buffer {
  if (size > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(Math.max(size - total, 0) + 1, maxBytes + 1 - total, 1 << 26));
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    total += n;
    if (total > maxBytes) throw tooLarge();
    chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
}

/**
 * The bytes of the regular file `path`, at most `maxBytes` (a file past it, or one that grows past
 * it while read, is FILE_INVALID, and is not read further).
 */
export function readRegularFile(path: string, shown: string, what: string, maxBytes: number): Buffer {
  const { fd, size } = openRegularFile(path, shown, what);
  try {
    const mb = Math.round(maxBytes / 1024 / 1024);
    return readBoundedFd(fd, size, maxBytes, () => {
      const message = `${shown} is larger than ${mb} MB, more than any ${what} holds`;
      return new ToolscoreError("FILE_INVALID", message, { path });
    });
  } finally {
    closeSync(fd);
  }
}
