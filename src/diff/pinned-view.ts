// When one side of a diff is a lock, both sides are compared as a lock sees them. A lock keeps the
// pinned fields of each tool and of each prompt, resource template and resource it holds, the
// instructions' hash and the capabilities (overrides applied); a field it does not keep is not
// "absent", it is unknown, so comparing it with a live server's would report changes that are not
// there (an `execution` on every tool, the whole instructions "added").
import { ServerSnapshot } from "../mcp/snapshot.js";
import type { RawTool } from "../mcp/types.js";
import type { EffectFinding } from "../pin/effects.js";
import { SURFACE_KINDS, type SurfaceKey, type SurfaceLists } from "../mcp/surface.js";
import { LOCK_KIND, lockBody, type Lock, type LockedTool } from "../pin/lock.js";
import type { LockedSurfaceItem } from "../pin/surface-lock.js";

/** One side of a diff as a lock holds it. */
export interface PinnedSide {
  /** The tools reduced to their pinned fields; no instructions (they are compared by hash). */
  snapshot: ServerSnapshot;
  /** SHA-256 of the instructions, or null when there are none. */
  instructionsSha256: string | null;
  /** Each tool's capabilities, as the lock records them (the first tool of a repeated name). */
  capabilities: Map<string, EffectFinding[]>;
}

/** A side of a diff: a snapshot (saved or live) or a lock. */
export type DiffInput = ServerSnapshot | Lock;

/** Whether a diff input is a lock. */
export function isLock(x: DiffInput): x is Lock {
  return (x as { kind?: unknown }).kind === LOCK_KIND;
}

type Body = Omit<Lock, "lock_sha256">;

function sideOf(body: Body, kinds: readonly SurfaceKey[]): PinnedSide {
  const capabilities = new Map<string, EffectFinding[]>();
  for (const t of body.tools) if (!capabilities.has(t.name)) capabilities.set(t.name, t.capabilities);
  // The prompts, resource templates and resources the lock holds, as their pinned definitions.
  const surface: SurfaceLists = {};
  for (const key of kinds) {
    const list = body[key] as LockedSurfaceItem[] | undefined;
    if (list !== undefined) surface[key] = list.map((t) => t.definition);
  }
  return {
    snapshot: ServerSnapshot.of({
      server: body.server,
      protocol: body.protocol,
      capabilities: {},
      client_capabilities: body.client_capabilities,
      instructions: null,
      tools: body.tools.map((t: LockedTool) => t.definition as RawTool),
      ...surface,
    }),
    instructionsSha256: body.instructions_sha256,
    capabilities,
  };
}

/**
 * Both sides in the pinned view when either is a lock, else undefined (two snapshots are compared
 * in full). A snapshot side is locked with the other side's capability overrides, so that the
 * same build gives the same capabilities on both sides. Prompts, resource templates and resources
 * are compared in the kinds every lock side holds: a lock without a kind pins nothing of it (as
 * verify-pin reads it), and resources only when the lock was made with them.
 */
export function pinnedSides(a: DiffInput, b: DiffInput): { a: PinnedSide; b: PinnedSide } | undefined {
  if (!isLock(a) && !isLock(b)) return undefined;
  const locks = [a, b].filter(isLock);
  const kinds = SURFACE_KINDS.map((k) => k.key).filter((key) => locks.every((l) => l[key] !== undefined));
  const lockOf = (x: DiffInput, other: DiffInput): Body =>
    isLock(x)
      ? x
      : lockBody(x, {
          overrides: isLock(other) ? other.capability_overrides : {},
          resources: kinds.includes("resources"),
        });
  return { a: sideOf(lockOf(a, b), kinds), b: sideOf(lockOf(b, a), kinds) };
}
