import { createRequire } from "node:module";

// In the bundle these are constants put in by scripts/build.mjs; when the sources run directly
// (tests under tsx) they are read from package.json and the SDK instead.
const bundled = typeof __TOOLSCORE_VERSION__ === "string";
const devRequire = bundled ? undefined : createRequire(import.meta.url);

/** The version of toolscore. */
export const VERSION: string = bundled
  ? __TOOLSCORE_VERSION__
  : (devRequire!("../package.json") as { version: string }).version;

const sdkTypes = bundled
  ? undefined
  : (devRequire!("@modelcontextprotocol/sdk/types.js") as {
      LATEST_PROTOCOL_VERSION: string;
      SUPPORTED_PROTOCOL_VERSIONS: string[];
    });

/** The newest MCP protocol version the bundled SDK supports: the one toolscore offers. */
export const LATEST_PROTOCOL_VERSION: string = bundled
  ? __MCP_LATEST_PROTOCOL__
  : sdkTypes!.LATEST_PROTOCOL_VERSION;

/** Every protocol version the SDK accepts from a server. */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = bundled
  ? __MCP_SUPPORTED_PROTOCOLS__.split(",")
  : sdkTypes!.SUPPORTED_PROTOCOL_VERSIONS;
