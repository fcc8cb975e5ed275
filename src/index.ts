// The public API of toolscore. Every export is an API decision; test/unit/exports.test.ts pins the list.

// Connection layer and snapshots
export { MCPClient, MCPStdioClient } from "./mcp/client.js";
export type { ConnectOptions, StdioConnectOptions, HttpConnectOptions } from "./mcp/client.js";
export { MCPHttpClient, redactUrl } from "./mcp/http.js";
export { connectTarget } from "./mcp/connect.js";
export { resolveTarget } from "./mcp/target.js";
export type { ServerTarget, TargetOptions } from "./mcp/target.js";
export { splitCommand } from "./mcp/argv.js";
export { readConfigEntry } from "./mcp/config.js";
export type { ConfigEntry } from "./mcp/config.js";
export { ServerSnapshot, SNAPSHOT_KIND, SNAPSHOT_VERSION, sortTools } from "./mcp/snapshot.js";
export type { RawTool, CallOutcome, CallTool } from "./mcp/types.js";
export type { ClientCapabilityName, InitializeInfo } from "./mcp/session.js";

// Errors and text safety
export { ToolscoreError, isToolscoreError } from "./util/errors.js";
export type { ErrorCode } from "./util/errors.js";
export { escapeForDisplay, findHiddenChars } from "./util/unicode.js";
export type { HiddenChar } from "./util/unicode.js";
export { VERSION, LATEST_PROTOCOL_VERSION } from "./meta.js";

// Pinning: capabilities, canonical JSON, the lock, verification

// Lint

// Scorecard

// Diff
