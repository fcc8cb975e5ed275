import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthTokens,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import { randomBytes } from "node:crypto";
import { ToolscoreError } from "../util/errors.js";
import { rememberSecret } from "./redact.js";
import { serverKeyUrl, type StoredSignIn } from "./token-store.js";

/** A client identity given by the user rather than registered on the fly. */
export interface PreRegisteredClient {
  clientId: string;
  /** Read from an environment variable or a file, never from the command line. */
  clientSecret?: string;
}

/** What a sign-in provider is made from. */
export interface SignInProviderOptions {
  server: string;
  /** The sign-in to start from (a refresh), if any. */
  stored?: StoredSignIn;
  client?: PreRegisteredClient;
  /** A client ID metadata document URL (used when the authorization server supports them). */
  clientMetadataUrl?: string;
  /** Where the authorization server sends the browser back; absent, a refresh only. */
  redirectUrl?: string;
  /** Sends the person to the authorization URL; absent, a sign-in that needs one fails. */
  onRedirect?: (url: URL) => void;
}

/**
 * toolscore's side of the SDK's OAuth client: it holds one sign-in in memory while `auth()` runs
 * the protocol (discovery, registration, PKCE, the resource indicator, the issuer checks); the
 * caller writes {@link SignInProvider.result} to the store afterwards, under its lock.
 */
export class SignInProvider implements OAuthClientProvider {
  private verifier: string | undefined;
  private readonly stateValue = randomBytes(16).toString("base64url");
  private registered: StoredOAuthClientInformation | undefined;
  private saved: StoredOAuthTokens | undefined;
  private savedAt = 0;
  private discovery: OAuthDiscoveryState | undefined;
  private resource = "";

  constructor(private readonly opts: SignInProviderOptions) {
    const s = opts.stored;
    if (s) {
      this.saved = s.tokens as StoredOAuthTokens;
      this.savedAt = s.savedAt;
      this.resource = s.resource;
      this.discovery = s.discovery as OAuthDiscoveryState | undefined;
      if (s.client) this.registered = s.client as StoredOAuthClientInformation;
    }
    if (opts.clientMetadataUrl) this.clientMetadataUrl = opts.clientMetadataUrl;
  }

  clientMetadataUrl?: string;

  get redirectUrl(): string {
    // A refresh never redirects, but an absent redirect URL would make auth() a machine grant.
    return this.opts.redirectUrl ?? this.opts.stored?.redirectUrl ?? "http://127.0.0.1/callback";
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "toolscore",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: this.opts.client?.clientSecret ? "client_secret_basic" : "none",
    };
  }

  /** The state parameter sent with the authorization request, checked on the way back. */
  state(): string {
    return this.stateValue;
  }

  clientInformation(): StoredOAuthClientInformation | undefined {
    const pre = this.opts.client;
    if (pre) {
      return {
        client_id: pre.clientId,
        ...(pre.clientSecret ? { client_secret: pre.clientSecret } : {}),
        ...(this.registered?.issuer ? { issuer: this.registered.issuer } : {}),
      } as StoredOAuthClientInformation;
    }
    return this.registered;
  }

  saveClientInformation(info: StoredOAuthClientInformation): void {
    if (typeof info.client_secret === "string") rememberSecret(info.client_secret);
    this.registered = info;
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.saved;
  }

  saveTokens(tokens: StoredOAuthTokens): void {
    rememberSecret(tokens.access_token);
    rememberSecret(tokens.refresh_token);
    // A refresh may leave the refresh token out: the old one stays good (RFC 6749 §6).
    const keep = this.saved?.refresh_token;
    this.saved = tokens.refresh_token || !keep ? tokens : { ...tokens, refresh_token: keep };
    this.savedAt = Date.now();
  }

  redirectToAuthorization(url: URL): void {
    if (!this.opts.onRedirect) {
      throw new ToolscoreError("AUTH_REQUIRED", `${this.opts.server} needs a sign-in`, {
        url: this.opts.server,
        problem: "sign-in-needed",
      });
    }
    this.opts.onRedirect(url);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error("no PKCE code verifier was saved");
    return this.verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  saveResourceUrl(resource: string): void {
    this.resource = resource;
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    if (scope === "all" || scope === "tokens") this.saved = undefined;
    if (scope === "all" || scope === "client") this.registered = undefined;
    if (scope === "all" || scope === "verifier") this.verifier = undefined;
    if (scope === "all" || scope === "discovery") this.discovery = undefined;
  }

  /** The sign-in as it now stands, to be stored; undefined when no tokens were obtained. */
  result(): StoredSignIn | undefined {
    const tokens = this.saved as (OAuthTokens & Record<string, unknown>) | undefined;
    const client = this.clientInformation();
    if (!tokens || !client) return undefined;
    const registered = this.opts.client ? undefined : this.registered;
    return {
      server: serverKeyUrl(this.opts.server),
      resource: this.resource,
      clientId: client.client_id,
      ...(typeof tokens.issuer === "string" ? { issuer: tokens.issuer } : {}),
      redirectUrl: this.redirectUrl,
      ...(registered ? { client: registered as unknown as Record<string, unknown> } : {}),
      tokens: tokens as StoredSignIn["tokens"],
      savedAt: this.savedAt,
      ...(this.discovery ? { discovery: this.discovery as unknown as Record<string, unknown> } : {}),
    };
  }
}
