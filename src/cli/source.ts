import { requireLive as requireLiveServer } from "../api/open.js";
import type { ServerTarget } from "../mcp/target.js";

/** Fails with a usage error when a command that needs a live server gets a file. */
export function requireLive(target: ServerTarget, what: string): void {
  requireLiveServer({ kind: "target", target }, what);
}
