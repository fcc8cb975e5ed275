import { resolve } from "node:path";
import { connectTarget } from "../mcp/connect.js";
import { ServerSnapshot } from "../mcp/snapshot.js";
import { resolveTarget, type ServerTarget } from "../mcp/target.js";
import { readJsonFile } from "../util/fs.js";
import { ToolscoreError } from "../util/errors.js";
import { connectOptions, targetOptions } from "./args.js";
import type { CliContext } from "./context.js";

/** A snapshot and where it came from. */
export interface SnapshotSource {
  snapshot: ServerSnapshot;
  target: ServerTarget;
  /** `live` (a server was started or reached), `snapshot` or `lock` (read from disk). */
  origin: "live" | "snapshot" | "lock";
}

/** Reads a saved file: a snapshot, or a lock whose definitions stand in for the tools. */
export async function readSavedFile(
  path: string,
): Promise<{ snapshot: ServerSnapshot; origin: "snapshot" | "lock" }> {
  const data = readJsonFile(path, "snapshot or lock");
  const kind = (data as { kind?: unknown } | null)?.kind;
  if (kind === "toolscore.mcp-lock") {
    const { parseLock, snapshotFromLock } = await import("../pin/lock.js");
    return { snapshot: snapshotFromLock(parseLock(data, path)), origin: "lock" };
  }
  return { snapshot: ServerSnapshot.parse(data, path), origin: "snapshot" };
}

/**
 * The snapshot of a SERVER argument: a saved file is read; a live server is started (or reached),
 * listed and always stopped again.
 */
export async function obtainSnapshot(
  arg: string | undefined,
  values: Record<string, unknown>,
  ctx: CliContext,
): Promise<SnapshotSource> {
  const target = resolveTarget(arg, targetOptions(values, ctx));
  if (target.kind === "file") {
    const { snapshot, origin } = await readSavedFile(resolve(ctx.cwd, target.path));
    return { snapshot, target, origin };
  }
  // A launched server starts in the context's working directory unless told otherwise.
  const live = target.kind === "stdio" && target.cwd === undefined ? { ...target, cwd: ctx.cwd } : target;
  const client = await connectTarget(live, connectOptions(values, ctx));
  try {
    return { snapshot: await ServerSnapshot.fromClient(client), target, origin: "live" };
  } finally {
    await client.close();
  }
}

/** Fails with a usage error when a command that needs a live server gets a file. */
export function requireLive(target: ServerTarget, what: string): void {
  if (target.kind === "file") {
    throw new ToolscoreError(
      "USAGE",
      `${what} needs a live server (a launch command or a URL), not the file ${target.path}`,
    );
  }
}
