// The second half of a scorecard run: from the calls made (and the lint and probes), the tools'
// scores, the rates, the grade and the fixes. Pure: every call has been made.
import { estimateTokens } from "../lint/index.js";
import type { LintFinding } from "../lint/types.js";
import type { ServerSnapshot } from "../mcp/snapshot.js";
import { collectFixes } from "./fixes.js";
import { gradeOf, lintRate, rate, scoreOf } from "./grade.js";
import { notGradedReason } from "./not-graded.js";
import type { PlannedCall, SkipFacts, ToolPlan } from "./plan.js";
import type { CallFacts, CallSaid } from "./call-facts.js";
import {
  SCORECARD_KIND,
  SCORECARD_VERSION,
  type CallRecord,
  type PassCount,
  type ProbeResult,
  type Rates,
  type Scorecard,
  type ScorecardSettings,
  type ToolScore,
} from "./types.js";

// Only counted calls make a rate: an unreachable backend says nothing about the server.
const count = (records: CallRecord[]): PassCount => ({
  passed: records.filter((r) => r.counted && r.ok).length,
  total: records.filter((r) => r.counted).length,
});

/** What {@link tallyScorecard} is made from: the run's plans, its calls in plan order, and the rest. */
export interface Tally {
  snapshot: ServerSnapshot;
  plans: readonly ToolPlan[];
  /** Every planned call, in the order of `calls`. */
  planned: readonly PlannedCall[];
  calls: CallRecord[];
  lint: LintFinding[];
  probes: ProbeResult[];
  settings: ScorecardSettings;
}

/**
 * The scorecard of a run: each tool's counts and latency (a tool whose every valid call asked for
 * input toolscore does not give is skipped, with why), the rates, the grade or why there is none,
 * whether the card is incomplete, and the fixes.
 */
export function tallyScorecard({
  snapshot,
  plans,
  planned,
  calls,
  lint,
  probes,
  settings,
}: Tally): Scorecard {
  const { cases, probes: probesOn } = settings;
  // A tool whose every happy call asked for input toolscore does not give is reported
  // skipped, with why.
  const byTool = new Map<string, CallRecord[]>();
  for (const c of calls) {
    const mine = byTool.get(c.tool);
    if (mine) mine.push(c);
    else byTool.set(c.tool, [c]);
  }
  const callsOf = (tool: string) => byTool.get(tool) ?? [];
  const needsInput = new Map<string, SkipFacts>();
  for (const p of plans) {
    const mine = callsOf(p.name).filter((c) => c.kind === "happy");
    if (mine.length && mine.every((c) => c.class === "needs-input"))
      needsInput.set(p.name, { rule: "needs-input", call: mine[0]!.facts });
  }
  const tools: ToolScore[] = plans.map((p) => {
    const mine = callsOf(p.name);
    const lat = mine.map((c) => c.latency_ms).filter((l): l is number => l !== null);
    return {
      name: p.name,
      capabilities: p.capabilities.map((c) => c.capability),
      skipped: p.skipped ?? needsInput.get(p.name) ?? null,
      happy: count(mine.filter((c) => c.kind === "happy")),
      edge: count(mine.filter((c) => c.kind === "edge")),
      avg_latency_ms: lat.length ? Math.round((lat.reduce((a, b) => a + b, 0) / lat.length) * 10) / 10 : null,
      tokens: estimateTokens(p.tool),
      ...(p.notGenerated.length ? { not_generated: p.notGenerated } : {}),
    };
  });
  const happy = count(calls.filter((c) => c.kind === "happy"));
  const edgeCount = count(calls.filter((c) => c.kind === "edge"));
  const judged = probes.filter((p) => p.status !== "skip");
  const probeCount = { passed: judged.filter((p) => p.status === "pass").length, total: judged.length };
  const skipped = plans
    .filter((p) => p.skipped !== null || needsInput.has(p.name))
    .map((p) => ({ tool: p.name, skipped: p.skipped ?? needsInput.get(p.name)! }));
  const called = plans.filter((p) => p.calls.length > 0).length;
  const classCount = (k: CallRecord["class"]) => calls.filter((c) => c.class === k).length;
  const notCounted = {
    environment: classCount("environment"),
    not_found: calls.filter((c) => c.class === "not-found" && !c.counted).length,
    needs_input: classCount("needs-input"),
  };
  const environment = calls.filter((c) => c.class === "environment");
  const incomplete = environment.length
    ? { calls: environment.length, examples: environmentExamples(environment) }
    : null;
  // No valid-input call reached its backend: full credit for an empty valid-input component would
  // grade the machine, so the score stands on the components that still say something about the
  // server (the edge cases' error style, the lint of its definitions, the probes), and the card is
  // incomplete.
  const unreached = happy.total === 0 && notCounted.environment > 0;
  const rates: Rates = {
    ...(unreached ? {} : { happy: rate(happy) }),
    ...(unreached && edgeCount.total === 0 ? {} : { edge: rate(edgeCount) }),
    lint: lintRate(lint, snapshot.tools.length),
    ...(probesOn && !(unreached && probeCount.total === 0) ? { probes: rate(probeCount) } : {}),
  };
  const notGraded = notGradedReason({
    tools: snapshot.tools.length,
    cases,
    called,
    plans,
    happy,
    edge: edgeCount,
    probes: probeCount,
    notCounted,
  });
  const score = notGraded ? null : scoreOf(rates);
  return {
    kind: SCORECARD_KIND,
    scorecard_version: SCORECARD_VERSION,
    server: {
      name: typeof snapshot.server.name === "string" ? snapshot.server.name : null,
      version: typeof snapshot.server.version === "string" ? snapshot.server.version : null,
    },
    protocol: snapshot.protocol,
    settings,
    grade: score === null ? null : gradeOf(score),
    not_graded: notGraded,
    score,
    rates,
    counts: {
      happy,
      edge: edgeCount,
      probes: probeCount,
      edge_informative: planned.filter((c, i) => c.edge?.shouldReject && calls[i]!.counted).length,
      not_counted: notCounted,
    },
    incomplete,
    coverage: { called, total: plans.length, skipped },
    restarts: 0,
    tools,
    calls,
    lint,
    probes,
    fixes: collectFixes(calls, lint, probes),
  };
}

/**
 * The first two different things that calls which could not reach their backend said: the text of
 * the answer (whatever error form it took), or why a timeout was taken for it, with the note on
 * arguments not shown valid; what an edge case changed is left out.
 */
function environmentExamples(calls: readonly CallRecord[]): CallFacts[] {
  const seen = new Map<string, CallFacts>();
  for (const { facts } of calls) {
    const { edge: _edge, ...example } = facts;
    const key = JSON.stringify([shownText(example.said), example.unproven ?? null]);
    if (!seen.has(key)) seen.set(key, example);
  }
  return [...seen.values()].slice(0, 2);
}

// What an example shows of an answer, to tell two apart: its text, whatever error form it took.
function shownText(s: CallSaid): unknown {
  if (s.what !== "environment") return s;
  const a = s.answer;
  return a.said === "rpc-error" ? a.message : a.said === "ok" ? "" : a.text;
}
