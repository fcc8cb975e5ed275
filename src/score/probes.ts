import type { CallOutcome, CallTool } from "../mcp/types.js";
import { generateArguments } from "./arguments.js";
import { withKnown } from "./known.js";
import { resultText } from "./judge.js";
import { isObject } from "./schema.js";
import { isReadOnly, lostFacts, observe, pickObserver, type Observation } from "./observe.js";
import { streamFor, type ToolPlan } from "./plan.js";
import type { CallRecord, ProbeId, ProbeResult } from "./types.js";
import type { ProbeFacts, ProbeMessage, ProbeSaid } from "./probe-messages.js";
import { compileSchema } from "./validate.js";

/** What the probes need: the plans, the calls already made, and a way to call. */
export interface ProbeContext {
  plans: readonly ToolPlan[];
  records: readonly CallRecord[];
  call: CallTool;
  seed: string;
  timeoutMs: number;
  allowWrites: boolean;
}

const CREATE_WORDS =
  /(^|[_\-.]|(?<=[a-z])(?=[A-Z]))(create|add|insert|append|post|put|save|write|new|upload|publish|store|submit|record)/i;

const annotations = (p: ToolPlan) => (isObject(p.tool.annotations) ? p.tool.annotations : {});
const failed = (o: CallOutcome) => !o.ok || o.result.isError === true;
const why = (o: CallOutcome) =>
  o.ok
    ? resultText(o.result).slice(0, 120) || "an error result"
    : `JSON-RPC error ${o.error.code}: ${o.error.message.slice(0, 120)}`;

/**
 * Runs the effect probes (SPEC 7), one tool at a time so that one probe's writes never blur
 * another's observation: read-only and input probes always, write probes with allowWrites.
 */
export async function runProbes(ctx: ProbeContext): Promise<ProbeResult[]> {
  const out: ProbeResult[] = [];
  const add = (id: ProbeId, tool: string, status: ProbeResult["status"], said: ProbeSaid) =>
    out.push({ id, tool, confidence: CONFIDENCE[id], status, ...said });
  const say = <M extends ProbeMessage>(message: M, args: ProbeFacts[M]) => ({ message, args }) as ProbeSaid;
  const failedCall = (which: "the call" | "the first call" | "the second call", r: Error | CallOutcome) =>
    say("call-failed", { which, error: r instanceof Error ? r.message : why(r) });
  const silent = say("observer-silent", { observer: null });
  const called = ctx.plans.filter((p) => p.skipped === null);
  const observer = pickObserver(ctx.plans);
  const opts = { timeoutMs: ctx.timeoutMs };
  const look = () =>
    observer ? observe(ctx.call, observer.name, ctx.timeoutMs) : Promise.resolve(undefined);
  const safeCall = async (name: string, args: Record<string, unknown>) => {
    try {
      return await ctx.call(name, args, opts);
    } catch (e) {
      return e instanceof Error ? e : new Error(String(e));
    }
  };
  const noObserver = observer ? undefined : say("no-observer", {});

  // Does the observer itself give the same answer twice? If not, nothing can be compared.
  let unstable: ProbeSaid | undefined;
  if (observer) {
    const [a, b] = [await look(), await look()];
    if (!a || !b) unstable = say("observer-silent", { observer: observer.name });
    else if (a.text !== b.text) unstable = say("observer-unstable", { observer: observer.name });
  }
  const blind = noObserver ?? unstable;

  for (const p of called.filter(isReadOnly)) {
    if (blind) {
      add("readonly-no-side-effect", p.name, "skip", blind);
      continue;
    }
    const before = await look();
    const args = argsFor(ctx, p, "probe-read", before);
    const r = await safeCall(p.name, args);
    const after = await look();
    if (r instanceof Error) add("readonly-no-side-effect", p.name, "skip", failedCall("the call", r));
    else if (!before || !after) add("readonly-no-side-effect", p.name, "skip", silent);
    else if (before.text === after.text)
      add("readonly-no-side-effect", p.name, "pass", say("state-same", { observer: observer!.name }));
    else add("readonly-no-side-effect", p.name, "fail", say("state-changed", { observer: observer!.name }));
  }

  for (const p of called) {
    const schema = isObject(p.tool.inputSchema) ? p.tool.inputSchema : {};
    const required = Array.isArray(schema.required)
      ? schema.required.filter((r) => typeof r === "string")
      : [];
    if (required.length === 0) continue;
    const args = {
      ...generateArguments(schema, streamFor(ctx.seed, p.name, "probe-invalid"), {
        full: true,
        safe: !ctx.allowWrites,
      }).args,
    };
    delete args[required[0]!];
    const r = await safeCall(p.name, args);
    const parameter = String(required[0]);
    if (r instanceof Error)
      add(
        "invalid-input-rejected",
        p.name,
        "fail",
        say("missing-unanswered", { parameter, error: r.message }),
      );
    else if (failed(r))
      add("invalid-input-rejected", p.name, "pass", say("missing-rejected", { parameter, answer: why(r) }));
    else add("invalid-input-rejected", p.name, "fail", say("missing-accepted", { parameter }));
  }

  for (const p of called.filter((p) => p.tool.outputSchema !== undefined)) {
    const mine = ctx.records.filter((r) => r.tool === p.name && r.kind === "happy");
    const bad = mine.find((r) => r.outcome === "invalid-output");
    const good = mine.filter((r) => r.outcome === "result").length;
    if (bad)
      add(
        "output-schema-conformance",
        p.name,
        "fail",
        say("output-invalid", { case: bad.case, call: bad.facts }),
      );
    else if (good && compileSchema(p.tool.outputSchema) === null)
      add("output-schema-conformance", p.name, "skip", say("output-uncompilable", {}));
    else if (good) add("output-schema-conformance", p.name, "pass", say("output-matched", { results: good }));
    else add("output-schema-conformance", p.name, "skip", say("no-success", {}));
  }

  if (!ctx.allowWrites) return out;
  const writers = called.filter((p) => !isReadOnly(p) && annotations(p).readOnlyHint !== true);

  for (const p of writers.filter(
    (p) => p.capabilities.some((c) => c.capability === "write") && CREATE_WORDS.test(p.name),
  )) {
    if (blind) {
      add("write-visible", p.name, "skip", blind);
      continue;
    }
    const marker = `tsprobe${streamFor(ctx.seed, p.name, "marker").int(100000, 999999)}`;
    const args = generateArguments(p.tool.inputSchema, streamFor(ctx.seed, p.name, "probe-write"), {
      full: true,
      marker,
    }).args;
    if (!JSON.stringify(args).includes(marker)) {
      add("write-visible", p.name, "skip", say("no-marker-argument", {}));
      continue;
    }
    const before = await look();
    const r = await safeCall(p.name, args);
    const after = await look();
    if (r instanceof Error || failed(r)) add("write-visible", p.name, "skip", failedCall("the call", r));
    else if (!before || !after) add("write-visible", p.name, "skip", silent);
    else if (!before.text.includes(marker) && after.text.includes(marker))
      add("write-visible", p.name, "pass", say("marker-visible", { marker, observer: observer!.name }));
    else add("write-visible", p.name, "fail", say("marker-missing", { marker, observer: observer!.name }));
  }

  for (const p of writers.filter((p) => annotations(p).destructiveHint === false)) {
    if (blind) {
      add("non-destructive-hint-honoured", p.name, "skip", blind);
      continue;
    }
    const before = await look();
    const args = argsFor(ctx, p, "probe-nondestructive", before);
    const r = await safeCall(p.name, args);
    const after = await look();
    if (r instanceof Error || failed(r))
      add("non-destructive-hint-honoured", p.name, "skip", failedCall("the call", r));
    else if (!before || !after) add("non-destructive-hint-honoured", p.name, "skip", silent);
    else {
      const lost = lostFacts(before, after);
      const o = observer!.name;
      if (lost.length === 0)
        add("non-destructive-hint-honoured", p.name, "pass", say("nothing-lost", { observer: o }));
      else
        add(
          "non-destructive-hint-honoured",
          p.name,
          "fail",
          say("facts-lost", { observer: o, first: lost[0]!.slice(0, 80), more: lost.length - 1 }),
        );
    }
  }

  for (const p of writers.filter((p) => annotations(p).idempotentHint === true)) {
    if (blind) {
      add("idempotent-hint-honoured", p.name, "skip", blind);
      continue;
    }
    const before = await look();
    const args = argsFor(ctx, p, "probe-idempotent", before);
    const first = await safeCall(p.name, args);
    const once = await look();
    if (first instanceof Error || failed(first)) {
      add("idempotent-hint-honoured", p.name, "skip", failedCall("the first call", first));
      continue;
    }
    const second = await safeCall(p.name, args);
    const twice = await look();
    if (second instanceof Error)
      add("idempotent-hint-honoured", p.name, "skip", failedCall("the second call", second));
    else if (!once || !twice) add("idempotent-hint-honoured", p.name, "skip", silent);
    else if (once.text === twice.text)
      add("idempotent-hint-honoured", p.name, "pass", say("repeat-unchanged", {}));
    else add("idempotent-hint-honoured", p.name, "fail", say("repeat-changed", { observer: observer!.name }));
  }
  return out;
}

const CONFIDENCE: Record<ProbeId, ProbeResult["confidence"]> = {
  "readonly-no-side-effect": "high",
  "invalid-input-rejected": "high",
  "output-schema-conformance": "high",
  "write-visible": "medium",
  "idempotent-hint-honoured": "medium",
  "non-destructive-hint-honoured": "medium",
};

/**
 * Valid arguments with every property; id-like and path-like arguments take an id or a path the
 * observer showed, so a probe acts on something that exists (kept only when the schema accepts it).
 */
function argsFor(
  ctx: ProbeContext,
  p: ToolPlan,
  purpose: string,
  seen?: Observation,
): Record<string, unknown> {
  const args = generateArguments(p.tool.inputSchema, streamFor(ctx.seed, p.name, purpose), {
    full: true,
    safe: !ctx.allowWrites,
  }).args;
  return seen ? withKnown(args, p.tool.inputSchema, seen) : args;
}
