// The sentences of a scorecard made from its facts: why a tool was skipped (in full, in the
// console's shorter form, and in a few words for a table), why a run is not graded, and the JSON
// report that carries them. The scorecard itself holds only the facts.
import type { NotGraded } from "../score/not-graded.js";
import type { SkipFacts } from "../score/plan.js";
import type { UnsafeArguments } from "../score/safety.js";
import type { ProbeJson, ProbeResult, Scorecard, ScorecardJson, ToolScore } from "../score/types.js";
import { callRecordJson, capWords, environmentExample, formatCallDetail } from "./call-detail.js";
import { fixJson } from "./fix-messages.js";
import { lintFindingJson } from "./lint-messages.js";
import { probeReason } from "./probe-messages.js";

const WITHOUT_WRITES = "not called without --allow-writes";
const WITHOUT_NETWORK = "not called with --no-network";

/** Why a read tool's arguments would still change something, in words. */
function unsafeArgumentsWords(u: UnsafeArguments): string {
  switch (u.kind) {
    case "described-change":
      return `its description says it changes something ('${u.said}')`;
    case "write-values":
      return `required '${u.parameter}' takes only write, delete or exec values (${u.values.map((v) => `'${v}'`).join(", ")})`;
    case "destination":
      return `required '${u.parameter}' says where to write ('${u.said}')`;
  }
}

/** What a skip says before what it was not called without (or the whole sentence, when it says nothing of that). */
export function skipCause(s: SkipFacts): string {
  switch (s.rule) {
    case "no-name":
      return "its name is not a string: it cannot be called";
    case "unsafe-effects":
      return s.effects
        .map((c) =>
          c.capability === "unknown"
            ? "its capabilities are unknown: nothing shows it only reads"
            : `may ${c.capability}${c.sources.length ? ` (${c.sources.join(", ")})` : ""}`,
        )
        .join("; ");
    case "unsafe-arguments":
      return unsafeArgumentsWords(s.says);
    case "network":
      return `reaches the network${s.sources.length ? ` (${s.sources.join(", ")})` : ""}`;
    case "writes-only":
      return "no arguments without a write, delete or exec value or a write-like parameter";
    case "generation-capped":
      return `its arguments were not generated: ${capWords(s.capped)}`;
    case "needs-input":
      return formatCallDetail(s.call);
    case "headers-invalid":
      return "its x-mcp-header declarations are invalid (x-mcp-header-invalid): clients over Streamable HTTP do not show it, so it is not called";
    case "network-ref":
      return `its arguments could not be generated: ${s.argument === null ? "the input schema" : `the required argument ${JSON.stringify(s.argument)}`} refers to ${s.ref}, a network $ref toolscore never fetches`;
  }
}

/** The flag a skipped tool is called with (`--allow-writes`) or without (`--no-network`), or null. */
export function skipFlag(s: SkipFacts): "--allow-writes" | "--no-network" | null {
  return s.rule === "unsafe-effects" || s.rule === "unsafe-arguments" || s.rule === "writes-only"
    ? "--allow-writes"
    : s.rule === "network"
      ? "--no-network"
      : null;
}

/** Why a tool was not called, in full: `may delete (name verb 'delete'): not called without --allow-writes`. */
export function skipReason(s: SkipFacts): string {
  const flag = skipFlag(s);
  const cause = skipCause(s);
  return flag === null ? cause : `${cause}: ${flag === "--allow-writes" ? WITHOUT_WRITES : WITHOUT_NETWORK}`;
}

/** Why a tool was not called in a few words, for a table (`may write, delete`, `network`), or null. */
export function skipNote(s: SkipFacts): string | null {
  switch (s.rule) {
    case "no-name":
      return "no name";
    case "unsafe-effects": {
      const may = s.effects.map((c) => c.capability).filter((c) => c !== "unknown");
      const parts = [
        ...(may.length ? [`may ${may.join(", ")}`] : []),
        ...(s.effects.some((c) => c.capability === "unknown") ? ["capabilities unknown"] : []),
      ];
      return parts.join("; ");
    }
    case "unsafe-arguments":
    case "writes-only":
      return "may write";
    case "network":
      return "network";
    case "generation-capped":
      return "too large";
    case "needs-input":
      return null;
    case "headers-invalid":
      return "x-mcp-header invalid";
    case "network-ref":
      return "network $ref";
  }
}

const n = (k: number, one: string, many = `${one}s`) => `${k} ${k === 1 ? one : many}`;

/** Why a run is not graded, naming the real reason and what to do. */
export function notGradedSentence(g: NotGraded): string {
  switch (g.rule) {
    case "no-tools":
      return "the server has no tools";
    case "no-cases":
      return "no valid-input calls were made (--cases 0)";
    case "none-called": {
      const { all, unknown, writes, network, unnamed, capped, netRef, headers } = g.skipped;
      const parts = [
        ...(unknown
          ? [
              `${n(unknown, "tool has", "tools have")} unknown capabilities (--capabilities FILE says what they do)`,
            ]
          : []),
        ...(writes
          ? [`${n(writes, "tool")} may write, delete or execute (run with --allow-writes to call them)`]
          : []),
        ...(network
          ? [`${n(network, "tool reaches", "tools reach")} the network (skipped by --no-network)`]
          : []),
        ...(unnamed ? [`${n(unnamed, "tool has", "tools have")} no usable name`] : []),
        ...(capped
          ? [
              `${n(capped, "tool's", "tools'")} arguments could not be generated (a bound of generation stopped them)`,
            ]
          : []),
        ...(netRef
          ? [
              `${n(netRef, "tool's", "tools'")} arguments could not be generated (a required one refers to a network $ref, never fetched)`,
            ]
          : []),
        ...(headers
          ? [
              `${n(headers, "tool has", "tools have")} invalid x-mcp-header declarations (clients over Streamable HTTP do not show them)`,
            ]
          : []),
      ];
      return `no tool was called: ${all ? "all " : ""}${parts.join("; ")}`;
    }
    case "none-measured":
      return `no call measured the server: ${n(g.environment, "call")} could not reach ${g.environment === 1 ? "its" : "their"} backend (the lint findings alone are mcp lint's answer)`;
    case "none-judged": {
      const parts = [
        ...(g.notFound ? [`${n(g.notFound, "call")} named something that does not exist`] : []),
        ...(g.needsInput ? [`${n(g.needsInput, "call")} needed a person's input`] : []),
      ];
      return `no valid-input call could be judged: ${parts.join(", ")}`;
    }
  }
}

/** A probe as the JSON report holds it: its outcome and its reason. */
export function probeJson(p: ProbeResult): ProbeJson {
  return { id: p.id, tool: p.tool, confidence: p.confidence, status: p.status, reason: probeReason(p) };
}

function toolJson(t: ToolScore): ScorecardJson["tools"][number] {
  const { name, capabilities, skipped, ...rest } = t;
  return {
    name,
    capabilities,
    skipped_reason: skipped === null ? null : skipReason(skipped),
    skipped_note: skipped === null ? null : skipNote(skipped),
    ...rest,
  };
}

/** The JSON report of a scorecard (`--report json`), its sentences made from the facts. */
export function scorecardJson(card: Scorecard): ScorecardJson {
  const { not_graded, coverage, tools, probes, fixes, ...rest } = card;
  const head = {
    kind: rest.kind,
    scorecard_version: rest.scorecard_version,
    server: rest.server,
    protocol: rest.protocol,
    settings: rest.settings,
    grade: rest.grade,
    not_graded_reason: not_graded === null ? null : notGradedSentence(not_graded),
    score: rest.score,
    rates: rest.rates,
    counts: rest.counts,
    incomplete:
      rest.incomplete === null
        ? null
        : { calls: rest.incomplete.calls, examples: rest.incomplete.examples.map(environmentExample) },
    coverage: {
      called: coverage.called,
      total: coverage.total,
      skipped: coverage.skipped.map((x) => ({ tool: x.tool, reason: skipReason(x.skipped) })),
    },
    restarts: rest.restarts,
  };
  return {
    ...head,
    tools: tools.map(toolJson),
    calls: rest.calls.map(callRecordJson),
    lint: rest.lint.map(lintFindingJson),
    probes: probes.map(probeJson),
    fixes: fixes.map(fixJson),
  };
}
