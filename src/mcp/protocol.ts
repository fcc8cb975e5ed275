import { LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS } from "../meta.js";
import { ToolscoreError } from "../util/errors.js";
import { isObject } from "../util/json.js";
import { escapeLine } from "../util/unicode.js";

/**
 * The two families of MCP revisions: `legacy` opens with the `initialize` handshake (2024-11-05 to
 * 2025-11-25), `modern` is stateless (2026-07-28 on): `server/discover`, and every request carries
 * its version and the client's capabilities in `_meta`.
 */
export type ProtocolEra = "legacy" | "modern";

// Reserved `_meta` keys of the 2026-07-28 revision (the SDK exports the same strings; a unit test
// holds them equal, and the lean stdio path does not load the SDK to read four constants).
/** `_meta` key: the protocol version a modern request is made in. */
export const PROTOCOL_VERSION_META_KEY = "io.modelcontextprotocol/protocolVersion";
/** `_meta` key: the client's capabilities, declared on every modern request. */
export const CLIENT_CAPABILITIES_META_KEY = "io.modelcontextprotocol/clientCapabilities";
/** `_meta` key: who the client is, on every modern request. */
export const CLIENT_INFO_META_KEY = "io.modelcontextprotocol/clientInfo";
/** `_meta` key of a result: who the server is. */
export const SERVER_INFO_META_KEY = "io.modelcontextprotocol/serverInfo";

/** JSON-RPC error codes the 2026-07-28 revision defines. */
export const MODERN_ERROR = {
  headerMismatch: -32020,
  missingClientCapability: -32021,
  unsupportedProtocolVersion: -32022,
} as const;

/** The era a protocol version belongs to (date strings compare in order). */
export function eraOf(version: string): ProtocolEra {
  return version >= MODERN_PROTOCOL_VERSIONS[MODERN_PROTOCOL_VERSIONS.length - 1]! ? "modern" : "legacy";
}

/** What `--protocol` asks for: negotiate (`auto`), or exactly one version. */
export type ProtocolChoice = "auto" | (string & {});

/** Checks a `--protocol` value: `auto` or a version toolscore speaks. */
export function parseProtocolChoice(raw: string | undefined): ProtocolChoice {
  if (raw === undefined || raw === "auto") return "auto";
  if (SUPPORTED_PROTOCOL_VERSIONS.includes(raw)) return raw;
  throw new ToolscoreError(
    "USAGE",
    `--protocol takes auto or one of ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")}; got ${JSON.stringify(raw)}`,
  );
}

/** What the server said about itself, from `server/discover` or `initialize`, as sent. */
export interface ServerHello {
  /** The version both sides now speak. */
  protocolVersion: string;
  era: ProtocolEra;
  serverInfo: Record<string, unknown>;
  capabilities: Record<string, unknown>;
  instructions: string | null;
}

/**
 * The newest version toolscore speaks among `offered` (a server's list), modern ones first; or
 * undefined when there is none.
 */
export function mutualVersion(offered: readonly unknown[]): string | undefined {
  return SUPPORTED_PROTOCOL_VERSIONS.find((v) => offered.includes(v));
}

/** The one-line reason a list of versions has nothing in common with toolscore's. */
export function noMutualVersion(offered: readonly unknown[], how: string): ToolscoreError {
  const shown = offered
    .slice(0, 8)
    .map((v) => JSON.stringify(typeof v === "string" ? escapeLine(v.slice(0, 40)) : v));
  return new ToolscoreError(
    "PROTOCOL_ERROR",
    `the server ${how} ${shown.join(", ") || "no protocol version"}, and toolscore speaks none of them (it speaks ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`,
    { offered },
  );
}

/**
 * Reads a `server/discover` result: `supportedVersions` and `capabilities` are required; server
 * identity is in the result's `_meta` (the final 2026-07-28 text) or, from drafts, in `serverInfo`.
 * Returns the server's versions and what it said; fails on a result missing required fields.
 */
export function readDiscoverResult(result: Record<string, unknown>): {
  supportedVersions: unknown[];
  hello: Omit<ServerHello, "protocolVersion" | "era">;
} {
  const bad = (why: string) =>
    new ToolscoreError(
      "PROTOCOL_ERROR",
      `the server's server/discover answer ${why}: it does not follow MCP 2026-07-28`,
      { problem: "discover-invalid", legacyProtocol: LEGACY_PROTOCOL_VERSIONS[0] },
    );
  if (!Array.isArray(result.supportedVersions)) throw bad("has no supportedVersions list");
  if (!isObject(result.capabilities)) throw bad("has no capabilities object");
  if (result.instructions !== undefined && typeof result.instructions !== "string")
    throw bad("has instructions that are not a string");
  const meta = isObject(result._meta) ? result._meta : {};
  const identity = isObject(meta[SERVER_INFO_META_KEY])
    ? meta[SERVER_INFO_META_KEY]
    : isObject(result.serverInfo)
      ? result.serverInfo
      : {};
  return {
    supportedVersions: result.supportedVersions,
    hello: {
      serverInfo: identity,
      capabilities: result.capabilities,
      instructions: typeof result.instructions === "string" ? result.instructions : null,
    },
  };
}
