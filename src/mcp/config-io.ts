// Reading and editing files that belong to people and their clients (client configs): only regular
// files are read, up to a size bound, so that a config that is a link to /dev/zero, a FIFO or a
// link loop is refused with one line instead of read forever; an edit keeps the file's mode, owner
// and symlinks (the link's target is edited), refuses a read-only file, never overwrites the backup
// of the original, and notices a file that changed since it was read (clients rewrite their own).
import {
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
  type Stats,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { ToolscoreError } from "../util/errors.js";
import { fileKindOf, readBoundedFd } from "../util/fs-read.js";

/** The largest config file read, in MB: far above any real client config (documented in docs/limits.md). */
export const CONFIG_MAX_MB = 64;
const MB = 1024 * 1024;

/** A user's file as read: its bytes, and what an edit must keep. */
export interface UserFile {
  /** The path as named. */
  path: string;
  /** The regular file it names, symlinks followed: the file an edit writes. */
  target: string;
  text: string;
  bytes: Buffer;
  /** Permission bits (with setuid, setgid, sticky), owner and group of the target. */
  mode: number;
  uid: number;
  gid: number;
}

const invalid = (path: string, why: string, problem: string) =>
  new ToolscoreError("FILE_INVALID", `${path} ${why}`, { path, problem });

/**
 * The regular file `path` names, symlinks followed, or undefined when nothing is there. A link loop,
 * a dangling link, a device, FIFO, socket or folder is a FILE_INVALID error saying which.
 */
function regularTarget(path: string): { target: string; stat: Stats } | undefined {
  let target: string;
  try {
    target = realpathSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ELOOP") throw invalid(path, "is a symlink loop: not read", "config-link-loop");
    if (code === "ENOENT") {
      let link = false;
      try {
        link = lstatSync(path).isSymbolicLink();
      } catch {
        // nothing there at all
      }
      if (link) throw invalid(path, "is a symlink to a missing file: not read", "config-dangling-link");
      return undefined;
    }
    throw invalid(path, `cannot be read (${code ?? (e as Error).message})`, "config-unreadable");
  }
  const stat = statSync(target);
  if (stat.isDirectory()) throw invalid(path, "is a folder, not a client config", "config-not-regular");
  if (!stat.isFile())
    throw invalid(path, `is ${fileKindOf(stat)}, not a regular file: not read`, "config-not-regular");
  return { target, stat };
}

/**
 * Reads a user's file (a client config): regular files only, at most {@link CONFIG_MAX_MB} MB.
 * Undefined when nothing is at `path`; a file that is not a regular file, is too large or cannot be
 * read is a FILE_INVALID error.
 */
export function readUserFileIfAny(path: string, maxBytes = CONFIG_MAX_MB * MB): UserFile | undefined {
  const found = regularTarget(path);
  if (found === undefined) return undefined;
  const { target } = found;
  let fd: number;
  try {
    // Non-blocking, so that a FIFO put in its place since the check above cannot hang the read.
    fd = openSync(target, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw invalid(path, `cannot be read (${code ?? (e as Error).message})`, "config-unreadable");
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile())
      throw invalid(path, `is ${fileKindOf(stat)}, not a regular file: not read`, "config-not-regular");
    const tooLarge = () =>
      invalid(
        path,
        `is larger than ${maxBytes % MB === 0 ? `${maxBytes / MB} MB` : `${maxBytes} bytes`}, more than any client config: not read`,
        "config-too-large",
      );
    const bytes = readBoundedFd(fd, stat.size, maxBytes, tooLarge);
    return {
      path,
      target,
      text: bytes.toString("utf8"),
      bytes,
      mode: stat.mode & 0o7777,
      uid: stat.uid,
      gid: stat.gid,
    };
  } finally {
    closeSync(fd);
  }
}

/** {@link readUserFileIfAny}, with a missing file a FILE_NOT_FOUND error. */
export function readUserFile(path: string): UserFile {
  const file = readUserFileIfAny(path);
  if (file === undefined) throw new ToolscoreError("FILE_NOT_FOUND", `no such file: ${path}`, { path });
  return file;
}

/** The suffix of the backup an edit makes of the original file, next to the path as named. */
export const BACKUP_SUFFIX = ".toolscore-backup";

/** A file that changed between toolscore's read and its write (a client rewrote it). */
const changed = (path: string) =>
  new ToolscoreError("CONFIG_INVALID", `${path} changed while toolscore was editing it`, {
    path,
    problem: "config-changed",
  });

// True when the file is still the one read, byte for byte, at the same place.
function unchangedSince(file: UserFile): boolean {
  try {
    const now = readUserFileIfAny(file.path);
    return now !== undefined && now.target === file.target && now.bytes.equals(file.bytes);
  } catch {
    return false;
  }
}

function writeAllBytes(fd: number, bytes: Buffer): void {
  for (let off = 0; off < bytes.length;) off += writeSync(fd, bytes, off, bytes.length - off);
}

// A new file holding `bytes`, with the original's mode and, where this process may set it, owner.
function createLike(path: string, bytes: Buffer, like: UserFile, ownerRequired: boolean): void {
  const fd = openSync(
    path,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  );
  let ok = false;
  try {
    writeAllBytes(fd, bytes);
    const own = fstatSync(fd);
    if (own.uid !== like.uid || own.gid !== like.gid) {
      try {
        fchownSync(fd, like.uid, like.gid);
      } catch (e) {
        if (ownerRequired)
          throw new ToolscoreError(
            "FILE_WRITE",
            `cannot keep the owner of ${like.path} (${(e as NodeJS.ErrnoException).code ?? "error"}): nothing was changed; edit it as its owner`,
            { path: like.path },
          );
      }
    }
    fchmodSync(fd, like.mode);
    fsyncSync(fd);
    ok = true;
  } finally {
    closeSync(fd);
    if (!ok) rmSync(path, { force: true });
  }
}

/** What {@link writeUserFile} did with the backup. */
export type BackupOutcome = "written" | "kept";

/**
 * Replaces a user's file, read by {@link readUserFile}, with `text`: the symlink's target is
 * written (the link stays), with the file's mode and owner, through a temporary file and a rename.
 * First the original is copied to PATH.toolscore-backup, unless a backup is there already (it is
 * then the older original, and is kept). A read-only file is refused, and a file that changed since
 * it was read is a CONFIG_INVALID error with problem `config-changed`: nothing is written.
 */
export function writeUserFile(file: UserFile, text: string): { backup: string; outcome: BackupOutcome } {
  if ((file.mode & 0o222) === 0)
    throw new ToolscoreError(
      "FILE_WRITE",
      `${file.path} is read-only: nothing was changed (make it writable to edit it)`,
      { path: file.path, problem: "config-read-only" },
    );
  if (!unchangedSince(file)) throw changed(file.path);
  const backup = file.path + BACKUP_SUFFIX;
  let outcome: BackupOutcome = "kept";
  let exists = true;
  try {
    lstatSync(backup);
  } catch {
    exists = false;
  }
  const fail = (e: unknown) =>
    e instanceof ToolscoreError
      ? e
      : new ToolscoreError(
          "FILE_WRITE",
          `cannot write ${file.path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): nothing was changed`,
          { path: file.path },
        );
  if (!exists) {
    try {
      createLike(backup, file.bytes, file, false);
    } catch (e) {
      throw fail(e);
    }
    outcome = "written";
  }
  const unique = `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const tmp = join(dirname(file.target), `.${basename(file.target)}.${unique}.tmp`);
  try {
    createLike(tmp, Buffer.from(text, "utf8"), file, true);
  } catch (e) {
    throw fail(e);
  }
  // Checked again just before the rename: the window in which a client's write is lost is the
  // rename itself.
  if (!unchangedSince(file)) {
    rmSync(tmp, { force: true });
    throw changed(file.path);
  }
  try {
    renameSync(tmp, file.target);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw fail(e);
  }
  return { backup, outcome };
}

/**
 * Reads a user's file, computes its new text with `edit`, and writes it ({@link writeUserFile}).
 * When the file changed in between (a client rewrote it), the edit is made again on the new text,
 * up to `tries` times; then the run is refused. `edit` returns the new text (the same text when
 * nothing changes, and nothing is written) and a result passed through.
 */
export function editUserFile<R>(
  path: string,
  edit: (file: UserFile) => { text: string; result: R },
  tries = 3,
): { result: R; changed: boolean; backup?: { path: string; outcome: BackupOutcome } } {
  for (let attempt = 1; ; attempt++) {
    const file = readUserFile(path);
    const { text, result } = edit(file);
    if (text === file.text) return { result, changed: false };
    try {
      const { backup, outcome } = writeUserFile(file, text);
      return { result, changed: true, backup: { path: backup, outcome } };
    } catch (e) {
      if (!(e instanceof ToolscoreError && e.data.problem === "config-changed") || attempt >= tries) {
        if (e instanceof ToolscoreError && e.data.problem === "config-changed")
          throw new ToolscoreError(
            "CONFIG_INVALID",
            `${path} kept changing while toolscore was editing it (${tries} tries): nothing was changed; close the client that writes it and try again`,
            { path, problem: "config-changed" },
          );
        throw e;
      }
    }
  }
}
