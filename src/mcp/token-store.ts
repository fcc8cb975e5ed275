import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { randomBytes } from "node:crypto";
import { dirname, isAbsolute, join } from "node:path";
import { ToolscoreError } from "../util/errors.js";
import { isObject } from "../util/json.js";
import { rememberSecret } from "./redact.js";

/** One sign-in: the tokens one client holds for one resource of one server. */
export interface StoredSignIn {
  /** The server's URL, as signed in to (no credentials, no fragment). */
  server: string;
  /** The resource indicator the tokens were issued for ("" when the server named none). */
  resource: string;
  /** The client the tokens were issued to. */
  clientId: string;
  /** The authorization server that issued them. */
  issuer?: string;
  /** The redirect URI the client was registered with. */
  redirectUrl?: string;
  /** The client as registered (dynamic registration); absent for a pre-registered client. */
  client?: Record<string, unknown>;
  /** The token response, as the authorization server sent it. */
  tokens: Record<string, unknown> & { access_token: string; refresh_token?: string; expires_in?: number };
  /** When the tokens were received (milliseconds since the epoch), for `expires_in`. */
  savedAt: number;
  /** What discovery found (no secrets), so a refresh need not discover again. */
  discovery?: Record<string, unknown>;
}

/** The credentials file: every sign-in of this user. */
export interface CredentialsFile {
  kind: "toolscore.credentials";
  version: 1;
  signIns: StoredSignIn[];
}

/**
 * Where the user's sign-ins live: `$XDG_CONFIG_HOME/toolscore/credentials.json`, else
 * `~/.config/toolscore/credentials.json` (`%APPDATA%\toolscore` on Windows).
 */
export function credentialsPath(env: Record<string, string | undefined>): string {
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, "toolscore", "credentials.json");
  if (process.platform === "win32" && env.APPDATA) return join(env.APPDATA, "toolscore", "credentials.json");
  const home = env.HOME ?? env.USERPROFILE;
  if (!home || !isAbsolute(home))
    throw new ToolscoreError("USAGE", "no folder for sign-ins: HOME (or XDG_CONFIG_HOME) is not set");
  return join(home, ".config", "toolscore", "credentials.json");
}

/** The key of a sign-in: server, resource and client, so two tenants of one server never mix. */
export function signInKey(s: Pick<StoredSignIn, "server" | "resource" | "clientId">): string {
  return JSON.stringify([s.server, s.resource, s.clientId]);
}

/** A server URL as sign-ins are keyed: no user, password or fragment. */
export function serverKeyUrl(url: string): string {
  const u = new URL(url);
  u.username = "";
  u.password = "";
  u.hash = "";
  return u.href;
}

const unsafe = (path: string, why: string) =>
  new ToolscoreError("FILE_INVALID", `refusing the sign-in store ${path}: ${why}`, {
    path,
    problem: "credentials-unsafe",
  });

/**
 * Reads the store (empty when there is none). A link, anything but a regular file, a file others
 * may read or one owned by someone else is refused; no error quotes the file's bytes.
 */
export function readCredentials(path: string): CredentialsFile {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { kind: "toolscore.credentials", version: 1, signIns: [] };
    if (code === "ELOOP") throw unsafe(path, "it is a link; remove it and sign in again");
    throw unsafe(path, `it cannot be read (${code ?? "error"})`);
  }
  let text: string;
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw unsafe(path, "it is not a regular file");
    if ((st.mode & 0o077) !== 0) throw unsafe(path, "others may read it; chmod 600 it, or remove it");
    if (typeof process.getuid === "function" && st.uid !== process.getuid())
      throw unsafe(path, "it belongs to another user");
    if (st.size > 16 * 1024 * 1024) throw unsafe(path, "it is larger than 16 MB");
    text = readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw unsafe(path, "it is not JSON; remove it and sign in again");
  }
  if (!isObject(data) || data.kind !== "toolscore.credentials" || !Array.isArray(data.signIns))
    throw unsafe(path, "it is not a toolscore sign-in store; remove it and sign in again");
  const signIns = data.signIns.filter(isSignIn);
  for (const s of signIns) {
    rememberSecret(s.tokens.access_token);
    rememberSecret(s.tokens.refresh_token);
    if (typeof s.client?.client_secret === "string") rememberSecret(s.client.client_secret);
  }
  return { kind: "toolscore.credentials", version: 1, signIns };
}

function isSignIn(s: unknown): s is StoredSignIn {
  return (
    isObject(s) &&
    typeof s.server === "string" &&
    typeof s.resource === "string" &&
    typeof s.clientId === "string" &&
    typeof s.savedAt === "number" &&
    isObject(s.tokens) &&
    typeof s.tokens.access_token === "string"
  );
}

/**
 * Writes the store atomically: a new file created with mode 600 beside it (never through a link),
 * synced, then renamed over it. The folder is created with mode 700. The caller holds the lock.
 */
export function writeCredentials(path: string, data: CredentialsFile): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    if (lstatSync(path).isSymbolicLink()) throw unsafe(path, "it is a link; remove it and sign in again");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  const sorted = [...data.signIns].sort((a, b) => (signInKey(a) < signInKey(b) ? -1 : 1));
  const text = `${JSON.stringify({ ...data, signIns: sorted }, null, 2)}\n`;
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const fd = openSync(
    tmp,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  );
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
  closeSync(fd);
  renameSync(tmp, path);
}

const STALE_LOCK_MS = 60_000;

/**
 * Runs `fn` holding the store's lock (a file beside it, created exclusively, holding only the
 * process id), so processes that refresh or sign in at once take turns. A lock whose process is
 * gone, or older than a minute, is taken over. Waits at most `timeoutMs`.
 */
export async function withCredentialsLock<T>(
  path: string,
  timeoutMs: number,
  fn: () => Promise<T>,
): Promise<T> {
  const lock = `${path}.lock`;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const fd = openSync(
        lock,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
        0o600,
      );
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      if (lockIsStale(lock)) {
        rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline)
        throw new ToolscoreError("TIMEOUT", `the sign-in store ${path} stayed locked by another process`, {
          path,
        });
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 30));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

function lockIsStale(lock: string): boolean {
  try {
    const st = lstatSync(lock);
    if (Date.now() - st.mtimeMs > STALE_LOCK_MS) return true;
    const fd = openSync(lock, constants.O_RDONLY | constants.O_NOFOLLOW);
    const buf = Buffer.alloc(16);
    const n = readSync(fd, buf, 0, 16, 0);
    closeSync(fd);
    const pid = Number(buf.subarray(0, n).toString("utf8"));
    if (!Number.isInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return false;
  } catch (e) {
    // ESRCH: the process is gone; ENOENT: the lock was just released.
    return (e as NodeJS.ErrnoException).code === "ESRCH" || (e as NodeJS.ErrnoException).code === "ENOENT";
  }
}

/** The sign-ins stored for `server` (and `clientId`, when given). */
export function signInsFor(data: CredentialsFile, server: string, clientId?: string): StoredSignIn[] {
  const key = serverKeyUrl(server);
  return data.signIns.filter((s) => s.server === key && (clientId === undefined || s.clientId === clientId));
}

/** True while a sign-in's access token has not expired (with half a minute to spare). */
export function tokenUsable(s: StoredSignIn, now = Date.now()): boolean {
  const ttl = s.tokens.expires_in;
  return typeof ttl !== "number" || s.savedAt + ttl * 1000 - 30_000 > now;
}

/** Whether a sign-in is stored for a server: `unknown` when the store cannot be read safely. */
export type SignInStored = "stored" | "none" | "unknown";

/**
 * Whether the store at `path` holds a sign-in for `server` (a URL as written in a config); never
 * reads out a token. A store that cannot be read, or a URL that is not one, is `unknown`.
 */
export function signInStored(path: string, server: string): SignInStored {
  try {
    return signInsFor(readCredentials(path), server).length > 0 ? "stored" : "none";
  } catch {
    return "unknown";
  }
}
