import { requireLive as requireLiveServer } from "../api/open.js";
import { listResolved, type Listed } from "../api/server.js";
import type { ServerTarget } from "../mcp/target.js";
import { serverOptions } from "./args.js";
import type { CliContext } from "./context.js";

/**
 * A target's snapshot as the command line asks (parsed `values`), through the API's one way of
 * listing: a saved file is read; a live server is listed and always stopped again.
 */
export async function snapshotOfTarget(
  target: ServerTarget,
  values: Record<string, unknown>,
  ctx: CliContext,
): Promise<Listed> {
  return listResolved({ kind: "target", target }, serverOptions(values, ctx));
}

/** Fails with a usage error when a command that needs a live server gets a file. */
export function requireLive(target: ServerTarget, what: string): void {
  requireLiveServer({ kind: "target", target }, what);
}
