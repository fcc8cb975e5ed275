import type { EffectOverrides } from "../pin/effects.js";
import { buildLock, toolName, type Lock } from "../pin/lock.js";
import type { ServerSnapshot } from "../mcp/snapshot.js";
import { ToolscoreError } from "../util/errors.js";
import { listServer } from "./list.js";
import type { ServerInput, ServerOptions } from "./server.js";

/** Options of {@link pin}. */
export interface PinOptions extends ServerOptions {
  /** Effect overrides, `{"tool_name": ["read"]}`, stored in the lock. */
  overrides?: EffectOverrides;
  /** Also pin the resources. */
  resources?: boolean;
}

/** Something to tell the person pinning, as facts. */
export type PinWarning =
  { kind: "override-unknown"; tool: string } | { kind: "tool-duplicated"; tool: string; count: number };

/** What {@link pin} returns. */
export interface PinResult {
  /** The lock (the file `mcp pin` writes, kind toolscore.mcp-lock). */
  lock: Lock;
  snapshot: ServerSnapshot;
  warnings: PinWarning[];
}

/**
 * `toolscore mcp pin`: the lock of a live server or a saved snapshot (a lock keeps only the hash of
 * the instructions, so it cannot be pinned again). Writing it is the caller's: `writeLock`.
 *
 * ```ts
 * const { lock } = await pin("node server.js");
 * ```
 */
export async function pin(server: ServerInput | undefined, opts: PinOptions = {}): Promise<PinResult> {
  const { snapshot, origin } = await listServer(server, opts);
  if (origin === "lock") {
    throw new ToolscoreError(
      "USAGE",
      "mcp pin needs a live server or a snapshot, not a lock (a lock keeps only the hash of the instructions)",
    );
  }
  const overrides = opts.overrides ?? {};
  const names = new Set(snapshot.tools.map(toolName));
  const warnings: PinWarning[] = Object.keys(overrides)
    .filter((n) => !names.has(n))
    .map((tool) => ({ kind: "override-unknown", tool }));
  const counts = new Map<string, number>();
  for (const t of snapshot.tools) counts.set(toolName(t), (counts.get(toolName(t)) ?? 0) + 1);
  for (const [tool, count] of counts) if (count > 1) warnings.push({ kind: "tool-duplicated", tool, count });
  const lock = buildLock(snapshot, { overrides, resources: opts.resources === true });
  return { lock, snapshot, warnings };
}
