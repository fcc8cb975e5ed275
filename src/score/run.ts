import { lintServer } from "../lint/index.js";
import type { LintFinding } from "../lint/types.js";
import type { ServerSnapshot } from "../mcp/snapshot.js";
import type { CallTool } from "../mcp/types.js";
import type { Effect } from "../pin/effects.js";
import { harvest } from "./harvest.js";
import { judgeOutcome, judgeThrown, type Verdict } from "./judge.js";
import { isToolscoreError } from "../util/errors.js";
import { isReadOnly, observe, pickObserver } from "./observe.js";
import { emptyKnown, hasKnownSlot, withKnown, type Known } from "./known.js";
import { planCalls, type PlannedCall } from "./plan.js";
import { DEFAULT_CONCURRENCY, runPool } from "./pool.js";
import { runProbes } from "./probes.js";
import { tallyScorecard } from "./tally.js";
import { classifyTimeouts } from "./timeouts.js";
import { isObject } from "./schema.js";
import type { CallRecord, Scorecard } from "./types.js";
import type { CallFacts } from "./call-facts.js";
import { appendAll } from "../util/order.js";

/** What a scorecard is made from: the server's snapshot and a way to call its tools. */
export interface ScorecardInput {
  snapshot: ServerSnapshot;
  /** The narrow "call this tool" function (see `RestartableCaller` for one that survives crashes). */
  call: CallTool;
  /**
   * The calls carry `Mcp-Param-*` headers (Streamable HTTP in MCP 2026-07-28, see
   * `MCPClient.mirrorsParamHeaders`): a tool with invalid `x-mcp-header` declarations is not called.
   */
  paramHeaders?: boolean;
}

/** Settings of a scorecard run; every one has a default. */
export interface ScorecardOptions {
  /** Seed of the argument generator (default "1"): the same seed gives the same calls. */
  seed?: number | string;
  /** Happy calls (valid input) per tool (default 3). 0 makes the run "not graded". */
  cases?: number;
  /** Send edge-case calls (default true). */
  edgeCases?: boolean;
  /** Call tools that may write, delete or execute, or whose capabilities are unknown (default false). */
  allowWrites?: boolean;
  /** Call read tools that reach the network (default true); false skips them with the reason. */
  network?: boolean;
  /** Run the effect probes (default false). */
  probes?: boolean;
  /** Milliseconds each call may take (default 30 000). */
  timeoutMs?: number;
  /** Calls in flight at once (default 8). Probes always run one at a time. */
  concurrency?: number;
  /** Capabilities to use instead of the derived ones, by tool name. */
  effectOverrides?: Record<string, Effect[]>;
  /** Told after each call, for a progress indicator. */
  onProgress?: (done: number, total: number) => void;
}

export { warmUp } from "./warm-up.js";

async function execute(
  call: CallTool,
  c: PlannedCall,
  outputSchema: unknown,
  timeoutMs: number,
  known?: Required<Known>,
): Promise<Verdict> {
  try {
    const o = await call(c.tool, c.args, { timeoutMs });
    const v = judgeOutcome(
      o,
      c.kind,
      outputSchema,
      c.edge && { invalid: c.edge.shouldReject, property: c.edge.property },
      c.args,
    );
    if (known && o.ok && v.class === "ok") harvest(o.result, known);
    return v;
  } catch (e) {
    // A server that refuses the credentials (a sign-in, a scope) has not answered the call: the
    // card cannot be made, and the command says what to do instead of failing the tool.
    if (isToolscoreError(e, "AUTH_REQUIRED")) throw e;
    return judgeThrown(e);
  }
}

/**
 * Grades a server (SPEC 7): plans calls from each tool's input schema (seeded), calls the tools
 * that are safe to call with bounded concurrency, judges the answers, lints the definitions,
 * optionally runs the effect probes, and scores A–F. Touches no disk and no process: the only way
 * out is `call`.
 */
export async function runScorecard(input: ScorecardInput, opts: ScorecardOptions = {}): Promise<Scorecard> {
  const { snapshot, call } = input;
  const seed = String(opts.seed ?? 1);
  const cases = Math.max(0, Math.floor(opts.cases ?? 3));
  const edge = opts.edgeCases ?? true;
  const allowWrites = opts.allowWrites ?? false;
  const probesOn = opts.probes ?? false;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const plans = planCalls(snapshot.tools, {
    seed,
    cases,
    edgeCases: edge,
    allowWrites,
    network: opts.network ?? true,
    effectOverrides: opts.effectOverrides,
    paramHeaders: input.paramHeaders,
  });
  const observer = pickObserver(plans);
  const planOf = new Map(plans.map((p) => [p.name, p]));
  const caseIndex = (c: PlannedCall) => Number(c.case.slice("happy-".length)) - 1;
  const look = async (): Promise<Known> => {
    const o = observer ? await observe(call, observer.name, timeoutMs) : undefined;
    return o ?? emptyKnown();
  };
  // What list-like tools (read-only, nothing required) show: ids, names and paths that exist.
  const initial = emptyKnown();
  const planned = plans.flatMap((p) => p.calls);
  const outputSchemas = new Map(plans.map((p) => [p.name, p.tool.outputSchema]));
  const readOnly = new Set(plans.filter(isReadOnly).map((p) => p.name));
  let done = 0;
  const listLike = new Set(
    plans.filter((p) => readOnly.has(p.name) && !hasRequired(p.tool.inputSchema)).map((p) => p.name),
  );
  const job = (c: PlannedCall) => async () => {
    // A call that may change state looks at the server first: an earlier call may have removed what it saw.
    if (c.kind === "happy" && hasKnownSlot(c.args) && !listLike.has(c.tool)) {
      const known = readOnly.has(c.tool) ? initial : await look();
      c.args = withKnown(c.args, planOf.get(c.tool)!.tool.inputSchema, known, caseIndex(c));
    }
    const gather = c.kind === "happy" && listLike.has(c.tool) ? initial : undefined;
    const v = await execute(call, c, outputSchemas.get(c.tool), timeoutMs, gather);
    opts.onProgress?.(++done, planned.length);
    return v;
  };
  // Reads run side by side; tools that may change state run one call at a time, in a fixed order,
  // so their results do not depend on timing.
  // List-like reads go first: what they show is what the others are tried on.
  const reads = [
    ...planned.filter((c) => listLike.has(c.tool) && c.kind === "happy"),
    ...planned.filter((c) => readOnly.has(c.tool) && !(listLike.has(c.tool) && c.kind === "happy")),
  ];
  const firstReads = reads.filter((c) => listLike.has(c.tool) && c.kind === "happy").length;
  // Tools that may delete go last, so they do not remove what the others are tried on.
  const deletes = new Set(
    plans.filter((p) => p.capabilities.some((c) => c.capability === "delete")).map((p) => p.name),
  );
  const writes = [
    ...planned.filter((c) => !readOnly.has(c.tool) && !deletes.has(c.tool)),
    ...planned.filter((c) => deletes.has(c.tool)),
  ];
  const byCall = new Map<PlannedCall, Verdict>();
  const limit = opts.concurrency ?? DEFAULT_CONCURRENCY;
  // Lint needs nothing from the server: it runs once the first calls are on their way (their
  // requests are written when the pending promise callbacks have run), while the server works.
  let lint: LintFinding[] | undefined;
  const inFlight = async <T>(pool: Promise<T>): Promise<T> => {
    await new Promise((resolve) => setImmediate(resolve));
    lint ??= lintServer(snapshot);
    return pool;
  };
  const pools = [reads.slice(0, firstReads), reads.slice(firstReads)].filter((p) => p.length > 0);
  const readVerdicts: Verdict[] = [];
  for (const p of pools) appendAll(readVerdicts, await inFlight(runPool(p.map(job), limit)));
  reads.forEach((c, i) => byCall.set(c, readVerdicts[i]!));
  const writeVerdicts = await inFlight(runPool(writes.map(job), 1));
  writes.forEach((c, i) => byCall.set(c, writeVerdicts[i]!));
  // A timeout is judged by what the other calls showed: an unreachable backend or a tool that hangs.
  const verdicts = classifyTimeouts(
    planned.map((c) => ({ tool: c.tool, kind: c.kind, verdict: byCall.get(c)! })),
    plans,
    timeoutMs,
  );
  const calls: CallRecord[] = planned.map((c, i) => {
    const v = verdicts[i]!;
    // What an edge case changed goes with its detail; why arguments were not shown valid, with a
    // valid-input call's that did not pass.
    const facts: CallFacts = {
      said: v.said,
      ...(c.edge ? { edge: c.edge.change } : {}),
      ...(c.kind === "happy" && c.unproven && !v.ok ? { unproven: c.unproven } : {}),
    };
    return {
      tool: c.tool,
      kind: c.kind,
      case: c.case,
      arguments: c.args,
      ok: v.ok,
      outcome: v.outcome,
      class: v.class,
      counted: v.counted,
      facts,
      latency_ms: v.latencyMs,
    };
  });
  // The same findings as `mcp lint`, so the two commands never disagree.
  lint ??= lintServer(snapshot);
  const probes = probesOn
    ? await runProbes({ plans, records: calls, call, seed, timeoutMs, allowWrites })
    : [];

  return tallyScorecard({
    snapshot,
    plans,
    planned,
    calls,
    lint,
    probes,
    settings: {
      seed,
      cases,
      edge_cases: edge,
      allow_writes: allowWrites,
      network: opts.network ?? true,
      probes: probesOn,
      timeout_ms: timeoutMs,
    },
  });
}

function hasRequired(schema: unknown): boolean {
  return isObject(schema) && Array.isArray(schema.required) && schema.required.length > 0;
}
