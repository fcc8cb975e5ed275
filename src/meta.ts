import { createRequire } from "node:module";

// In the bundle these are constants put in by scripts/build.mjs; when the sources run directly
// (tests under tsx) they are read from package.json and the SDK's files instead.
const bundled = typeof __TOOLSCORE_VERSION__ === "string";
const devRequire = bundled ? undefined : createRequire(import.meta.url);

/** The version of toolscore. */
export const VERSION: string = bundled
  ? __TOOLSCORE_VERSION__
  : (devRequire!("../package.json") as { version: string }).version;

const sdkLegacy = bundled
  ? undefined
  : (
      devRequire!("../scripts/sdk-protocol.cjs") as {
        sdkLegacyProtocols(): { latest: string; supported: string[] };
      }
    ).sdkLegacyProtocols();

/**
 * The MCP revisions of the stateless era that toolscore speaks, newest first: each request
 * carries its version and the client's capabilities in `_meta`, and `server/discover` replaces
 * the `initialize` handshake.
 */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = ["2026-07-28"];

/** The newest 2025-era (initialize handshake) protocol version the bundled SDK supports. */
export const LATEST_LEGACY_PROTOCOL_VERSION: string = bundled ? __MCP_LATEST_PROTOCOL__ : sdkLegacy!.latest;

/** Every 2025-era protocol version the SDK accepts from a server, newest first. */
export const LEGACY_PROTOCOL_VERSIONS: readonly string[] = bundled
  ? __MCP_SUPPORTED_PROTOCOLS__.split(",")
  : sdkLegacy!.supported;

/** Every protocol version toolscore speaks, newest first. */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [
  ...MODERN_PROTOCOL_VERSIONS,
  ...LEGACY_PROTOCOL_VERSIONS,
];
