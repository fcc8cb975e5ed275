import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import { ToolscoreError } from "../util/errors.js";
import { SignInProvider, type PreRegisteredClient } from "./oauth-provider.js";
import {
  readCredentials,
  signInKey,
  signInsFor,
  withCredentialsLock,
  writeCredentials,
  type StoredSignIn,
} from "./token-store.js";

/** How to sign in to one server. */
export interface SignInOptions {
  /** The sign-in store (see credentialsPath). */
  store: string;
  client?: PreRegisteredClient;
  /** A client ID metadata document URL, used where the authorization server supports them. */
  clientMetadataUrl?: string;
  /** The scope to ask for; absent, the server's challenge, then its `scopes_supported`. */
  scope?: string;
  /** Ask for a new authorization even when a refresh could do (a wider scope). */
  force?: boolean;
  /** Milliseconds to wait for the person to finish in the browser. */
  timeoutMs: number;
  /** Open a browser at the authorization URL (BROWSER, or the platform's opener where there is a display). */
  openBrowser: boolean;
  /** The environment the browser opener runs in (default: this process's). */
  env?: Record<string, string | undefined>;
  /** Told the authorization URL, to open elsewhere. */
  onAuthorizationUrl: (url: string) => void;
}

/** What a sign-in obtained, without a token. */
export interface SignedIn {
  server: string;
  resource: string;
  clientId: string;
  issuer?: string;
  scope?: string;
}

/**
 * Signs in to the server at `url` with the SDK's `auth()`: discovery from the server's challenge,
 * a client (pre-registered, a metadata document URL, or registered on the fly), the authorization
 * code grant with PKCE and the resource indicator, with the browser sent back to a listener on
 * 127.0.0.1 and an ephemeral port. With a pre-registered client that has a secret and no
 * redirect needed, the client-credentials grant. The tokens are written to the store.
 */
export async function signIn(url: string, opts: SignInOptions): Promise<SignedIn> {
  const { auth, extractWWWAuthenticateParams } = await import("@modelcontextprotocol/client");
  const challenge = await probe(url, extractWWWAuthenticateParams);
  const listener = await listen();
  try {
    const provider = new SignInProvider({
      server: url,
      client: opts.client,
      clientMetadataUrl: opts.clientMetadataUrl,
      redirectUrl: listener.redirectUrl,
      onRedirect: (authUrl) => {
        opts.onAuthorizationUrl(authUrl.href);
        if (opts.openBrowser) openInBrowser(authUrl.href, opts.env ?? process.env);
      },
    });
    const base = {
      serverUrl: url,
      scope: opts.scope ?? challenge.scope,
      resourceMetadataUrl: challenge.resourceMetadataUrl,
    };
    // What the SDK refuses (an issuer or resource that does not match, an error from the
    // authorization server) is a sign-in that failed, said in one line.
    const attempt = (o: Parameters<typeof auth>[1]) =>
      auth(provider, o).catch((e: unknown) => {
        throw e instanceof ToolscoreError ? e : failure(url, e instanceof Error ? e.message : String(e));
      });
    const first = await attempt({ ...base, forceReauthorization: opts.force });
    if (first === "REDIRECT") {
      const back = await listener.callback(opts.timeoutMs);
      if (back.get("state") !== provider.state())
        throw failure(url, "the authorization server's answer did not carry the state toolscore sent");
      const error = back.get("error");
      if (error !== null) throw failure(url, `the authorization server refused it (${error})`);
      const code = back.get("code");
      if (code === null) throw failure(url, "the authorization server's answer carried no code");
      await attempt({ ...base, authorizationCode: code, iss: back.get("iss") ?? undefined });
    }
    const result = provider.result();
    if (!result) throw failure(url, "the authorization server gave no token");
    await saveSignIn(opts.store, result, opts.timeoutMs);
    const scope = result.tokens.scope;
    return {
      server: result.server,
      resource: result.resource,
      clientId: result.clientId,
      ...(result.issuer ? { issuer: result.issuer } : {}),
      ...(typeof scope === "string" ? { scope } : {}),
    };
  } finally {
    await listener.close();
  }
}

/** Forgets the sign-ins stored for `url` (for one client, when given); returns how many. */
export async function signOut(url: string, store: string, clientId?: string): Promise<number> {
  return withCredentialsLock(store, 10_000, () => {
    const data = readCredentials(store);
    const gone = new Set(signInsFor(data, url, clientId).map(signInKey));
    if (gone.size > 0)
      writeCredentials(store, { ...data, signIns: data.signIns.filter((s) => !gone.has(signInKey(s))) });
    return Promise.resolve(gone.size);
  });
}

async function saveSignIn(store: string, next: StoredSignIn, timeoutMs: number): Promise<void> {
  await withCredentialsLock(store, timeoutMs, () => {
    const data = readCredentials(store);
    // A new sign-in replaces the one of the same client, and an earlier one-off registration for the
    // same server and resource (a sign-in again registers afresh): one sign-in per tenant and client.
    const replaced = (s: StoredSignIn) =>
      signInKey(s) === signInKey(next) ||
      (s.server === next.server &&
        s.resource === next.resource &&
        s.client !== undefined &&
        next.client !== undefined);
    writeCredentials(store, { ...data, signIns: [...data.signIns.filter((s) => !replaced(s)), next] });
    return Promise.resolve();
  });
}

const failure = (url: string, why: string) =>
  new ToolscoreError("AUTH_REQUIRED", `could not sign in to ${url}: ${why}`, {
    url,
    problem: "sign-in-failed",
  });

// The server's own challenge names its resource metadata and the scope it wants (the scope order
// of the specification starts there); a server that asks for nothing still gets discovery.
async function probe(
  url: string,
  extract: (res: Response) => { resourceMetadataUrl?: URL; scope?: string },
): Promise<{ resourceMetadataUrl?: URL; scope?: string }> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "ping" }),
      signal: AbortSignal.timeout(15_000),
      redirect: "manual",
    });
    await res.body?.cancel();
    return res.status === 401 ? extract(res) : {};
  } catch (e) {
    throw new ToolscoreError(
      "CONNECTION_FAILED",
      `cannot connect to ${url}: ${(e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message}`,
      { url, problem: "unreachable" },
    );
  }
}

interface Listener {
  redirectUrl: string;
  callback(timeoutMs: number): Promise<URLSearchParams>;
  close(): Promise<void>;
}

// The redirect target: one path on 127.0.0.1 and an ephemeral port, answering once.
async function listen(): Promise<Listener> {
  let resolveBack: (q: URLSearchParams) => void = () => {};
  const back = new Promise<URLSearchParams>((r) => (resolveBack = r));
  const server: Server = createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://127.0.0.1");
    if (u.pathname !== "/callback") return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    res.end("toolscore: signed in; you may close this window.\n");
    resolveBack(u.searchParams);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return {
    redirectUrl: `http://127.0.0.1:${port}/callback`,
    callback: (timeoutMs) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, fail) => {
        timer = setTimeout(
          () =>
            fail(
              new ToolscoreError("TIMEOUT", `no sign-in came back within ${Math.round(timeoutMs / 1000)}s`, {
                method: "login",
              }),
            ),
          timeoutMs,
        );
      });
      return Promise.race([back, late]).finally(() => clearTimeout(timer));
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

// The program named by BROWSER (as other command-line tools read it: a list of commands separated
// by ':', the first used, `%s` standing for the URL or else the URL appended), or else the
// platform's own opener; detached. Where it fails, the printed URL is the way.
function openInBrowser(url: string, env: Record<string, string | undefined>): void {
  const [cmd, ...args] = browserCommand(url, env);
  try {
    const child = spawn(cmd!, args, { stdio: "ignore", detached: true, env });
    child.on("error", () => {});
    child.unref();
  } catch {
    // The URL was printed.
  }
}

/**
 * Whether a browser can be opened for a sign-in: the program BROWSER names, always; else the
 * platform's opener where there is a display (DISPLAY or WAYLAND_DISPLAY on Linux, always on
 * macOS and Windows) and `person` says someone is there to use it.
 */
export function canOpenBrowser(env: Record<string, string | undefined>, person: boolean): boolean {
  if (env.BROWSER?.trim()) return true;
  const display = Boolean(env.DISPLAY || env.WAYLAND_DISPLAY) || process.platform !== "linux";
  return person && display;
}

/** The command that opens `url`: BROWSER's first command when it is set, else the platform's opener. */
function browserCommand(url: string, env: Record<string, string | undefined>): string[] {
  const chosen = (env.BROWSER ?? "")
    .split(process.platform === "win32" ? ";" : ":")
    .map((c) => c.trim())
    .find((c) => c !== "");
  if (chosen) {
    const words = chosen.split(/\s+/);
    return words.some((w) => w.includes("%s")) ? words.map((w) => w.replaceAll("%s", url)) : [...words, url];
  }
  if (process.platform === "darwin") return ["open", url];
  if (process.platform === "win32") return ["rundll32", "url.dll,FileProtocolHandler", url];
  return ["xdg-open", url];
}
