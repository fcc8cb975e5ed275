import type { CallOutcome, CallTool } from "../mcp/types.js";
import { generateArguments } from "./generate.js";
import { withKnown } from "./known.js";
import { resultText } from "./judge.js";
import { isObject } from "./schema.js";
import { isReadOnly, lostFacts, observe, pickObserver, type Observation } from "./observe.js";
import { streamFor, type ToolPlan } from "./plan.js";
import type { CallRecord, ProbeId, ProbeResult } from "./types.js";
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
  const add = (id: ProbeId, tool: string, status: ProbeResult["status"], reason: string) =>
    out.push({ id, tool, confidence: CONFIDENCE[id], status, reason });
  const called = ctx.plans.filter((p) => p.skippedReason === null);
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
  const noObserver = observer
    ? undefined
    : "no read-only tool without required arguments (a list tool) to observe the server's state";

  // Does the observer itself give the same answer twice? If not, nothing can be compared.
  let unstable: string | undefined;
  if (observer) {
    const [a, b] = [await look(), await look()];
    if (!a || !b) unstable = `the observer ${observer.name} did not answer`;
    else if (a.text !== b.text) unstable = `the observer ${observer.name} answers differently each time`;
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
    if (r instanceof Error) add("readonly-no-side-effect", p.name, "skip", `the call failed: ${r.message}`);
    else if (!before || !after) add("readonly-no-side-effect", p.name, "skip", "the observer did not answer");
    else if (before.text === after.text)
      add(
        "readonly-no-side-effect",
        p.name,
        "pass",
        `${observer!.name} shows the same state before and after`,
      );
    else
      add(
        "readonly-no-side-effect",
        p.name,
        "fail",
        `declared read-only, but ${observer!.name} shows a different state after the call`,
      );
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
    const missing = `a call without required '${required[0]}'`;
    if (r instanceof Error)
      add("invalid-input-rejected", p.name, "fail", `${missing} did not get an answer: ${r.message}`);
    else if (failed(r)) add("invalid-input-rejected", p.name, "pass", `${missing} was rejected (${why(r)})`);
    else add("invalid-input-rejected", p.name, "fail", `${missing} succeeded instead of returning an error`);
  }

  for (const p of called.filter((p) => p.tool.outputSchema !== undefined)) {
    const mine = ctx.records.filter((r) => r.tool === p.name && r.kind === "happy");
    const bad = mine.find((r) => r.outcome === "invalid-output");
    const good = mine.filter((r) => r.outcome === "result").length;
    if (bad) add("output-schema-conformance", p.name, "fail", `${bad.case}: ${bad.detail}`);
    else if (good && compileSchema(p.tool.outputSchema) === null)
      add(
        "output-schema-conformance",
        p.name,
        "skip",
        "the outputSchema does not compile: results not checked",
      );
    else if (good)
      add("output-schema-conformance", p.name, "pass", `${good} result(s) matched the outputSchema`);
    else
      add(
        "output-schema-conformance",
        p.name,
        "skip",
        "no successful call to check against the outputSchema",
      );
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
      add("write-visible", p.name, "skip", "no free-text argument to carry a marker");
      continue;
    }
    const before = await look();
    const r = await safeCall(p.name, args);
    const after = await look();
    if (r instanceof Error || failed(r))
      add("write-visible", p.name, "skip", `the call failed: ${r instanceof Error ? r.message : why(r)}`);
    else if (!before || !after) add("write-visible", p.name, "skip", "the observer did not answer");
    else if (!before.text.includes(marker) && after.text.includes(marker))
      add("write-visible", p.name, "pass", `the marker ${marker} appears in ${observer!.name}`);
    else
      add(
        "write-visible",
        p.name,
        "fail",
        `the call succeeded, but the marker ${marker} does not appear in ${observer!.name}`,
      );
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
      add(
        "non-destructive-hint-honoured",
        p.name,
        "skip",
        `the call failed: ${r instanceof Error ? r.message : why(r)}`,
      );
    else if (!before || !after)
      add("non-destructive-hint-honoured", p.name, "skip", "the observer did not answer");
    else {
      const lost = lostFacts(before, after);
      if (lost.length === 0)
        add(
          "non-destructive-hint-honoured",
          p.name,
          "pass",
          `nothing ${observer!.name} showed before is gone`,
        );
      else
        add(
          "non-destructive-hint-honoured",
          p.name,
          "fail",
          `declares destructiveHint: false, but ${observer!.name} no longer shows ${JSON.stringify(lost[0]!.slice(0, 80))}${lost.length > 1 ? ` (and ${lost.length - 1} more)` : ""}`,
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
      add(
        "idempotent-hint-honoured",
        p.name,
        "skip",
        `the first call failed: ${first instanceof Error ? first.message : why(first)}`,
      );
      continue;
    }
    const second = await safeCall(p.name, args);
    const twice = await look();
    if (second instanceof Error)
      add("idempotent-hint-honoured", p.name, "skip", `the second call failed: ${second.message}`);
    else if (!once || !twice) add("idempotent-hint-honoured", p.name, "skip", "the observer did not answer");
    else if (once.text === twice.text)
      add("idempotent-hint-honoured", p.name, "pass", "a second identical call changed nothing more");
    else
      add(
        "idempotent-hint-honoured",
        p.name,
        "fail",
        `declares idempotentHint: true, but a second identical call changed what ${observer!.name} shows`,
      );
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
