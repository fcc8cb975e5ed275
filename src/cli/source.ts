import { resolve } from "node:path";
import { connectTarget } from "../mcp/connect.js";
import { ServerSnapshot } from "../mcp/snapshot.js";
import { resolveTarget, type ServerTarget } from "../mcp/target.js";
import { readJsonFile } from "../util/fs.js";
import { ToolscoreError } from "../util/errors.js";
import { connectOptions, targetOptions } from "./args.js";
import type { CliContext } from "./context.js";
import type { Lock } from "../pin/lock.js";

/** A snapshot and where it came from. */
export interface SnapshotSource {
  snapshot: ServerSnapshot;
  target: ServerTarget;
  /** `live` (a server was started or reached), `snapshot` or `lock` (read from disk). */
  origin: "live" | "snapshot" | "lock";
}

/** A saved file as read: a snapshot, or a lock (with the snapshot its definitions stand for). */
export type SavedFile =
  { snapshot: ServerSnapshot; origin: "snapshot" } | { snapshot: ServerSnapshot; origin: "lock"; lock: Lock };

/** Reads a saved file: a snapshot, or a lock whose definitions stand in for the tools. */
export async function readSavedFile(path: string): Promise<SavedFile> {
  const data = readJsonFile(path, "snapshot or lock");
  const kind = (data as { kind?: unknown } | null)?.kind;
  if (kind === "toolscore.mcp-lock") {
    const { parseLock, snapshotFromLock } = await import("../pin/lock.js");
    const lock = parseLock(data, path);
    return { snapshot: snapshotFromLock(lock), origin: "lock", lock };
  }
  return { snapshot: ServerSnapshot.parse(data, path), origin: "snapshot" };
}

/** A target's snapshot: a saved file is read; a live server is listed and always stopped again. */
export async function snapshotOfTarget(
  target: ServerTarget,
  values: Record<string, unknown>,
  ctx: CliContext,
): Promise<SavedFile | { snapshot: ServerSnapshot; origin: "live" }> {
  if (target.kind === "file") return readSavedFile(resolve(ctx.cwd, target.path));
  const client = await connectTarget(target, connectOptions(values, ctx));
  try {
    const onNote = (m: string) => ctx.stderr(`toolscore: note: ${m}\n`);
    return { snapshot: await ServerSnapshot.fromClient(client, { onNote }), origin: "live" };
  } finally {
    await client.close();
  }
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
  return { ...(await snapshotOfTarget(target, values, ctx)), target };
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
