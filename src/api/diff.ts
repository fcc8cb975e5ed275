import { diffSnapshots } from "../diff/diff.js";
import { digestLockSide } from "../diff/lock-side.js";
import type { ScorecardSummary } from "../diff/scorecards.js";
import type { ServerDiff } from "../diff/types.js";
import type { ServerSnapshot } from "../mcp/snapshot.js";
import type { Lock } from "../pin/lock.js";
import { scorecardForConnection } from "./scorecard.js";
import { openServer, requireLive } from "./open.js";
import { ToolscoreError, isToolscoreError } from "../util/errors.js";
import { escapeLine } from "../util/unicode.js";
import {
  listResolved,
  resolveServer,
  serverLabel,
  type ResolvedServer,
  type ServerInput,
  type ServerOptions,
} from "./server.js";

/** Options of {@link diff}. */
export interface DiffOptions extends ServerOptions {
  /** Also run the scorecard on both (live servers only) and compare (`--test`). */
  test?: boolean;
  /** With `test`: run the effect probes. */
  probes?: boolean;
  /** With `test`: also call tools that may write, delete or execute. */
  allowWrites?: boolean;
}

/** What {@link diff} returns. */
export interface DiffResult {
  /** The classified diff (`mcp diff --json` is `diffJson(diff)`, kind toolscore.mcp-diff). */
  diff: ServerDiff;
}

type Side = "A" | "B";

interface Loaded {
  /** A snapshot, or a lock as itself so that only what it holds is compared. */
  snapshot: ServerSnapshot | Lock;
  scorecard?: ScorecardSummary;
}

/** Names the side an error came from, keeping its code and facts. */
function onSide(side: Side, server: ResolvedServer, e: unknown): unknown {
  if (!isToolscoreError(e)) return e;
  const label = escapeLine(serverLabel(server));
  return new ToolscoreError(e.code, `${side} (${label}): ${e.message}`, e.data, { cause: e });
}

async function load(server: ResolvedServer, opts: DiffOptions): Promise<Loaded> {
  if (!opts.test) {
    const got = await listResolved(server, opts);
    // A lock's texts too long to diff are kept as digests: the other side is read meanwhile.
    return { snapshot: got.origin === "lock" ? digestLockSide(got.lock) : got.snapshot };
  }
  // One start of the server gives the tool list and the scorecard, with the same seed on both
  // sides so the two runs make the same calls.
  return scorecardForConnection(() => openServer(server, { connect: opts.connect }), {
    connect: opts.connect,
    probes: Boolean(opts.probes),
    allowWrites: Boolean(opts.allowWrites),
  });
}

/**
 * `toolscore mcp diff A B`: what changed between two servers, builds or configurations, with the
 * breaking changes classified. Both sides load at once; each stops its own server whatever
 * happens, and both are awaited before an error (named after its side) is passed on.
 *
 * ```ts
 * const { diff: d } = await diff("old-snapshot.json", "node server.js");
 * d.breaking.length; // 0
 * ```
 */
export async function diff(a: ServerInput, b: ServerInput, opts: DiffOptions = {}): Promise<DiffResult> {
  const sides = { A: resolveServer(a, opts), B: resolveServer(b, opts) };
  if (opts.test) {
    requireLive(sides.A, "mcp diff --test");
    requireLive(sides.B, "mcp diff --test");
  }
  const run = (side: Side) =>
    load(sides[side], opts).catch((e: unknown) => {
      throw onSide(side, sides[side], e);
    });
  const [ra, rb] = await Promise.allSettled([run("A"), run("B")]);
  if (ra.status === "rejected") throw ra.reason;
  if (rb.status === "rejected") throw rb.reason;
  const A = ra.value;
  const B = rb.value;
  const scorecards = A.scorecard && B.scorecard ? { a: A.scorecard, b: B.scorecard } : undefined;
  return { diff: diffSnapshots(A.snapshot, B.snapshot, { scorecards }) };
}
