import { listResolved, resolveServer, type Listed, type ServerInput, type ServerOptions } from "./server.js";
import type { ServerTarget } from "../mcp/target.js";

/** What {@link listServer} returns: the snapshot (`mcp list --json`) and where it came from. */
export type ListResult = Listed & {
  /** The target, for a server named by a string or a target (none for a transport). */
  target?: ServerTarget;
};

/**
 * `toolscore mcp list`: a server's tools, prompts, resource templates and resources exactly as it
 * sent them. A saved snapshot or lock is read; a live server is started, listed and stopped.
 *
 * ```ts
 * const { snapshot } = await listServer("node server.js");
 * ```
 */
export async function listServer(
  server: ServerInput | undefined,
  opts: ServerOptions = {},
): Promise<ListResult> {
  const resolved = resolveServer(server, opts);
  const listed = await listResolved(resolved, opts);
  return resolved.kind === "target" ? { ...listed, target: resolved.target } : listed;
}
