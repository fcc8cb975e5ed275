import type { AuthProvider, OAuthClientProvider } from "@modelcontextprotocol/client";

type UnauthorizedContext = Parameters<NonNullable<AuthProvider["onUnauthorized"]>>[0];
import { ToolscoreError, isToolscoreError } from "../util/errors.js";
import { SignInProvider, type PreRegisteredClient } from "./oauth-provider.js";
import { rememberSecret } from "./redact.js";
import {
  readCredentials,
  signInKey,
  signInsFor,
  tokenUsable,
  withCredentialsLock,
  writeCredentials,
  type StoredSignIn,
} from "./token-store.js";

/** How a command signs in to a server at a URL. */
export interface SignInUse {
  /** The sign-in store (see credentialsPath); absent, none is read or written. */
  store?: string;
  /** A pre-registered client: with a secret and no stored sign-in, the client-credentials grant. */
  client?: PreRegisteredClient;
  /**
   * Signs in now, writing the store (the guard where a browser can be opened): called once when
   * no sign-in is stored or the stored one cannot be refreshed; absent, that is an error.
   */
  signInNow?: (url: string) => Promise<void>;
}

/** The provider of a stored sign-in tells the scope its token was granted, for a step-up's advice. */
export type SignInAuth = (AuthProvider & { grantedScope?: () => string | undefined }) | OAuthClientProvider;

/** A challenge a server answered with (401 or 403), as the transport's fetch saw it. */
export interface Challenge {
  status: number;
  error?: string;
  scope?: string;
  description?: string;
}

const needSignIn = (url: string, why: "sign-in-needed" | "sign-in-expired") =>
  new ToolscoreError(
    "AUTH_REQUIRED",
    why === "sign-in-needed" ? `${url} needs a sign-in` : `the sign-in to ${url} has expired`,
    { url, problem: why },
  );

/**
 * The provider the transport asks for a token before each request: the stored sign-in's access
 * token while it lasts. On a 401 the store is read again under its lock (another process may have
 * refreshed it already) and, if not, the refresh token is spent through the SDK's `auth()` and
 * the new tokens written back before the lock is let go. Never opens a browser: a sign-in that
 * cannot be refreshed is an AUTH_REQUIRED error naming the server.
 */
export async function signInAuthProvider(
  url: string,
  use: SignInUse,
  timeoutMs: number,
): Promise<SignInAuth> {
  const store = use.store;
  const found = store ? pick(signInsFor(readCredentials(store), url, use.client?.clientId), url) : undefined;
  if (!found && use.client?.clientSecret) {
    const { ClientCredentialsProvider, discoverOAuthServerInfo } =
      await import("@modelcontextprotocol/client");
    // The secret goes only to the authorization server the resource's metadata names, checked
    // against its own metadata (the issuer echo); the SDK refuses any other.
    const info = await discoverOAuthServerInfo(url).catch(() => undefined);
    const expectedIssuer = info?.authorizationServerMetadata?.issuer;
    if (!expectedIssuer)
      throw new ToolscoreError(
        "AUTH_REQUIRED",
        `${url} names no authorization server to send the client's secret to`,
        {
          url,
          problem: "no-authorization-server",
        },
      );
    const provider = new ClientCredentialsProvider({
      clientId: use.client.clientId,
      clientSecret: use.client.clientSecret,
      expectedIssuer,
    });
    const save = provider.saveTokens.bind(provider);
    provider.saveTokens = (t) => {
      rememberSecret(t.access_token);
      save(t);
    };
    return provider;
  }
  let current = found;
  let signedInNow = false;
  if (!store) return { token: () => Promise.resolve(undefined) };
  return {
    grantedScope: () => (typeof current?.tokens.scope === "string" ? current.tokens.scope : undefined),
    token: () => Promise.resolve(current && tokenUsable(current) ? current.tokens.access_token : undefined),
    onUnauthorized: async (ctx) => {
      const renew = () =>
        withCredentialsLock(store, timeoutMs, async () => {
          const sent = current?.tokens.access_token;
          const now = pick(signInsFor(readCredentials(store), url, use.client?.clientId), url);
          if (!now) throw needSignIn(url, "sign-in-needed");
          if (now.tokens.access_token !== sent && tokenUsable(now)) {
            current = now;
            return;
          }
          if (!now.tokens.refresh_token) throw needSignIn(url, "sign-in-expired");
          current = await refresh(url, now, store, use.client, ctx);
        });
      try {
        await renew();
      } catch (e) {
        const gone = isToolscoreError(e, "AUTH_REQUIRED") && e.data.problem !== "scope-refused";
        if (!gone || !use.signInNow || signedInNow) throw e;
        // Once per session: a sign-in that does not help is not asked for again.
        signedInNow = true;
        await use.signInNow(url).catch((why: unknown) => {
          const detail = isToolscoreError(why) ? `: ${why.message}` : "";
          throw new ToolscoreError("AUTH_REQUIRED", `${url} needs a sign-in, and none was made${detail}`, {
            url,
            problem: "sign-in-needed",
          });
        });
        await renew();
      }
    },
  };
}

/**
 * The sign-in error (AUTH_REQUIRED) raised while the transport asked for a token, however deep the
 * SDK wrapped it; undefined when there is none.
 */
export function signInErrorIn(e: unknown): ToolscoreError | undefined {
  let cur: unknown = e;
  for (let depth = 0; depth < 6 && cur; depth++) {
    if (cur instanceof ToolscoreError && cur.code === "AUTH_REQUIRED") return cur;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

// Several sign-ins for one server (tenants, clients) are told apart by --client-id.
function pick(found: StoredSignIn[], url: string): StoredSignIn | undefined {
  if (found.length <= 1) return found[0];
  throw new ToolscoreError(
    "USAGE",
    `${url} has ${found.length} sign-ins stored, for different clients: name one with --client-id`,
  );
}

async function refresh(
  url: string,
  stored: StoredSignIn,
  store: string,
  client: PreRegisteredClient | undefined,
  ctx: UnauthorizedContext,
): Promise<StoredSignIn> {
  const { auth, extractWWWAuthenticateParams } = await import("@modelcontextprotocol/client");
  const provider = new SignInProvider({ server: url, stored, client });
  const { resourceMetadataUrl } = extractWWWAuthenticateParams(ctx.response);
  try {
    await auth(provider, { serverUrl: ctx.serverUrl, resourceMetadataUrl, fetchFn: ctx.fetchFn });
  } catch (e) {
    if (isToolscoreError(e)) throw needSignIn(url, "sign-in-expired");
    throw new ToolscoreError(
      "AUTH_REQUIRED",
      `could not refresh the sign-in to ${url}: ${(e as Error).message}`,
      { url, problem: "sign-in-expired" },
      { cause: e },
    );
  }
  const next = provider.result();
  if (!next) throw needSignIn(url, "sign-in-expired");
  const data = readCredentials(store);
  const key = signInKey(stored);
  const others = data.signIns.filter((s) => signInKey(s) !== key && signInKey(s) !== signInKey(next));
  writeCredentials(store, { ...data, signIns: [...others, next] });
  return next;
}

/**
 * The error for a connection that failed on credentials, or undefined when it did not: a 401 with
 * no credentials sent (a sign-in is needed), a 401 for the credentials sent (rejected), or a 403
 * `insufficient_scope` (the scope it names is refused). What the server said is kept as data; the
 * scope to sign in for is the one the token was `granted` and the one asked for together, since a
 * server may name only what is missing (the 2026-07-28 specification asks for the union).
 */
export function authFailure(
  url: string,
  challenge: Challenge | undefined,
  sentCredentials: boolean,
  granted?: string,
): ToolscoreError | undefined {
  if (!challenge) return undefined;
  if (challenge.status === 403 && challenge.error === "insufficient_scope") {
    const scope = challenge.scope ? scopeUnion(granted, challenge.scope) : undefined;
    return new ToolscoreError(
      "AUTH_REQUIRED",
      `${url} refused the request: the token lacks a scope it needs (insufficient_scope${challenge.scope ? `, scope ${JSON.stringify(challenge.scope)}` : ""})`,
      { url, problem: "scope-refused", ...(scope ? { scope } : {}) },
    );
  }
  if (challenge.status !== 401) return undefined;
  if (!sentCredentials) return needSignIn(url, "sign-in-needed");
  return new ToolscoreError(
    "AUTH_REQUIRED",
    `${url} rejected the access token (HTTP 401${challenge.error ? ` ${challenge.error}` : ""})`,
    { url, problem: "token-rejected" },
  );
}

// Scopes held, then those asked for that are not held, once each, in the order given.
function scopeUnion(held: string | undefined, asked: string): string {
  const words = [...(held ?? "").split(" "), ...asked.split(" ")].filter((w) => w !== "");
  return [...new Set(words)].join(" ");
}
