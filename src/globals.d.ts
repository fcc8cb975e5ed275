/** Replaced at build time (scripts/build.mjs); tests get them from test/setup.ts. */
declare const __TOOLSCORE_VERSION__: string;
declare const __MCP_LATEST_PROTOCOL__: string;
declare const __MCP_SUPPORTED_PROTOCOLS__: string; // comma-separated
