import type { Verdict } from "./judge.js";
import type { ToolPlan } from "./plan.js";

// What a call that got no answer says about the server. A grade measures the server, not the
// machine it ran on, and a timeout alone cannot tell the two apart: a tool waiting on a backend
// that never answers (a firewall that drops packets, an HTTP client without a timeout of its own)
// and a tool that hangs look the same from outside. So the other calls of the run are the evidence:
//
// - the same tool answered a valid-input call (a result, an error, "not found"): its backend, if it
//   has one, answers, so the call that hung hung in the tool. It counts against the server, as a
//   tool that hangs on some input does in use.
// - otherwise, when the tool reaches the network (capability `network`) or another call of this run
//   could not reach its backend, the timeout is most likely the same unreachable backend: the call
//   is `environment` (not counted, the card is incomplete), never an F.
// - otherwise (a local tool, nothing unreachable, and no answer to any valid input) the tool hangs:
//   it counts against the server.
//
// A crash is never the environment: even when the trigger was an unreachable backend, a missing
// program or credentials, a server that exits instead of answering with an error takes every other
// tool down with it, and that is the server's to fix (see the crash fix in fixes.ts, which says when
// the crash followed an unreachable backend). Which call caused a crash is already settled by the
// caller that restarts the server: a call that shared the server when it died is run again alone,
// and only one that crashes it alone is charged.

/** A call and how it ended. */
interface Judged {
  tool: string;
  kind: "happy" | "edge";
  verdict: Verdict;
}

/** A valid-input call the tool answered itself (not a timeout, a crash, nor an unreachable backend). */
const answered = ({ kind, verdict: v }: Judged) =>
  kind === "happy" &&
  v.outcome !== "timeout" &&
  v.outcome !== "crash" &&
  v.outcome !== "failed" &&
  v.class !== "environment" &&
  v.class !== "needs-input";

/**
 * The verdicts with each timeout classified by the evidence of the other calls (see above): a
 * timeout that is most likely an unreachable backend becomes `environment`, not counted, with the
 * reason in its facts; the others stay `tool-error` and count.
 */
export function classifyTimeouts(
  calls: readonly Judged[],
  plans: readonly ToolPlan[],
  timeoutMs: number,
): Verdict[] {
  if (!calls.some((c) => c.verdict.outcome === "timeout")) return calls.map((c) => c.verdict);
  const networkTools = new Set(
    plans.filter((p) => p.capabilities.some((c) => c.capability === "network")).map((p) => p.name),
  );
  const answers = new Set(calls.filter(answered).map((c) => c.tool));
  const unreachable = calls.some((c) => c.verdict.class === "environment");
  return calls.map(({ tool, verdict: v }): Verdict => {
    if (v.outcome !== "timeout") return v;
    if (answers.has(tool)) return { ...v, said: { what: "timeout-hung", timeoutMs, answeredOther: true } };
    const because = networkTools.has(tool) ? "network-tool" : unreachable ? "others-unreachable" : undefined;
    if (because === undefined)
      return { ...v, said: { what: "timeout-hung", timeoutMs, answeredOther: false } };
    return {
      ...v,
      class: "environment",
      counted: false,
      said: { what: "timeout-unreachable", timeoutMs, because },
    };
  });
}
