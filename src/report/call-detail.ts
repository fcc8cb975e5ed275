// The words of a scorecard's calls, made from their facts: each call's `detail`, the examples of an
// incomplete card, what the environment fix quotes, and why arguments were not generated. The
// scorecard reports what happened as facts (src/score/call-facts.ts); its sentences are made here.
import type {
  Answer,
  ArgumentsProblem,
  CallFacts,
  CallSaid,
  CapFacts,
  EdgeChange,
  OutputProblem,
} from "../score/call-facts.js";
import type { CallRecord, CallRecordJson } from "../score/types.js";
import { limitPhrase } from "../util/limits.js";

/** The text of an error answer alone (`(no text)` for an error result without any). */
function answerText(a: Exclude<Answer, { said: "ok" }>): string {
  return a.said === "rpc-error" ? a.message : a.said === "error-result" ? a.text || "(no text)" : a.text;
}

/** An answer in words: `ok`, `JSON-RPC error -32000: …`, `error result: …`, `error as a normal result: …`. */
function answerWords(a: Answer): string {
  switch (a.said) {
    case "ok":
      return "ok";
    case "rpc-error":
      return `JSON-RPC error ${a.code}: ${a.message}`;
    case "error-result":
      return `error result: ${answerText(a)}`;
    case "soft-error":
      return `error as a normal result: ${a.text}`;
  }
}

function outputWords(p: OutputProblem): string {
  switch (p.problem) {
    case "missing":
      return "no structuredContent, though the tool declares an outputSchema";
    case "too-large":
      return `not checked: structuredContent could not be checked, the outputSchema is ${p.reason}`;
    case "uncompilable":
      return `not checked: structuredContent could not be checked, the outputSchema does not compile (${p.reason})`;
    case "unfinished":
      return `not checked: structuredContent could not be checked against the outputSchema, ${p.reason}`;
    case "mismatch":
      return `structuredContent does not match the outputSchema: ${p.error}`;
  }
}

const within = (timeoutMs: number) => `no answer within ${timeoutMs / 1000} s`;

// An unanswered call that most likely met an unreachable backend, after "could not reach its backend: ".
const unreachedWords = (s: Extract<CallSaid, { what: "timeout-unreachable" }>) =>
  `${within(s.timeoutMs)}, ${s.because === "network-tool" ? "and the tool reaches the network" : "and other calls could not reach their backend"}`;

/** What happened on a call, in words. */
function saidWords(s: CallSaid): string {
  switch (s.what) {
    case "answer":
      return answerWords(s.answer);
    case "timeout":
      return "timed out";
    case "timeout-hung":
      return `timed out: ${within(s.timeoutMs)}, ${s.answeredOther ? "though the tool answered other valid input" : "and the tool answered no valid input"}`;
    case "timeout-unreachable":
      return `could not reach its backend: ${unreachedWords(s)}`;
    case "crash":
    case "failed":
      return s.message;
    case "needs-capability":
      return `needs input: it requires a client capability toolscore did not declare (${s.message})`;
    case "input-required":
      return `needs input: the server asked for ${s.methods.join(", ") || "a retry"}, which toolscore does not give`;
    case "environment":
      return `could not reach its backend: ${answerWords(s.answer)}`;
    case "needs-person":
      return `needs a person's input: ${answerWords(s.answer)}`;
    case "not-found":
      return `not found: ${answerWords(s.answer)}`;
    case "reached-backend":
      return `not checked: the invalid input reached the backend (${s.text})`;
    case "rejected-as-result":
      return `rejected, but as a normal result without isError: ${s.text}`;
    case "rejected-unclear":
      return `rejected without saying what was wrong: ${s.text}`;
    case "accepted-silently":
      return "accepted silently";
    case "output-invalid":
      return outputWords(s.problem);
  }
}

/** What an edge case changed: `without required 'title'`, `'limit' above its maximum`. */
export function edgeChangeWords(e: EdgeChange): string {
  const p = `'${e.property}'`;
  switch (e.change) {
    case "missing":
      return `without required ${p}`;
    case "unknown-id":
      return `${p} an id that does not exist`;
    case "wrong-type":
      return `${p} given ${JSON.stringify(e.value)} (the schema says ${e.types.join(" or ")})`;
    case "empty-string":
      return `${p} empty`;
    case "empty-list":
      return `${p} an empty list`;
    case "zero":
      return `${p} zero`;
    case "above-maximum":
      return `${p} above its maximum`;
    case "at-exclusive-maximum":
      return `${p} at its exclusive maximum`;
    case "below-minimum":
      return `${p} below its minimum`;
    case "past-max-length":
      return `${p} longer than its maxLength`;
    case "past-max-items":
      return `${p} longer than its maxItems`;
    case "outside-enum":
      return `${p} outside its enum`;
  }
}

/** Which cap of argument generation a schema went past: `its minLength 2000000 is past the string-chars limit …`. */
export function capWords(c: CapFacts): string {
  switch (c.cap) {
    case "min-length":
      return `its minLength ${c.value} is past ${limitPhrase(c.limit.name, c.limit.value)}`;
    case "pattern-length":
      return `its pattern of ${c.length} characters is past ${limitPhrase(c.limit.name, c.limit.value)}`;
    case "pattern-output":
      return `its pattern can make strings past ${limitPhrase(c.limit.name, c.limit.value)}`;
    case "min-items":
      return `its minItems ${c.value} is past ${limitPhrase(c.limit.name, c.limit.value)}`;
    case "min-properties":
      return `its minProperties ${c.value} is past ${limitPhrase(c.limit.name, c.limit.value)}`;
    case "multiple-of":
      return `its multipleOf ${c.value} is smaller than a double can step (1e-15)`;
    case "budget":
      return "the arguments would be larger than the string-chars and array-items caps allow";
    case "time":
      return `making them took longer than ${limitPhrase(c.limit.name, c.limit.value)}`;
    case "depth":
      return `generation stopped at depth ${c.depth}: the schema nests itself (a recursive $ref) with required children`;
  }
}

/** Why generated arguments are not known to be valid, in words. */
export function argumentsProblemWords(p: ArgumentsProblem): string {
  switch (p.problem) {
    case "invalid":
      return `generated arguments do not validate: ${p.error}`;
    case "admits-none":
      return "the schema admits no value toolscore can make (an empty enum, contradictory bounds, a false schema)";
    case "capped":
      return capWords(p.capped);
    case "uncompilable":
      return "the input schema does not compile as JSON Schema";
    case "network-ref":
      return `the arguments could not be checked: the input schema it refers to ${p.ref}, which is never fetched`;
    case "unfinished":
      return `the arguments could not be checked: ${p.reason}`;
  }
}

const unprovenWords = (f: CallFacts) =>
  f.unproven === undefined ? "" : ` (${argumentsProblemWords(f.unproven)})`;

/**
 * A call's `detail`: what happened, after what an edge case changed (`without required 'q': …`)
 * and before why a failed valid-input call's arguments were not known to be valid (` (…)`).
 */
export function formatCallDetail(f: CallFacts): string {
  const said = saidWords(f.said);
  return `${f.edge === undefined ? said : `${edgeChangeWords(f.edge)}: ${said}`}${unprovenWords(f)}`;
}

/**
 * What an incomplete card shows of a call that could not reach its backend: what the backend or
 * the way to it said (`getaddrinfo ENOTFOUND api.example.com`), or why a timeout is taken for it.
 */
export function environmentExample(f: CallFacts): string {
  const s = f.said;
  if (s.what === "timeout-unreachable") return `${unreachedWords(s)}${unprovenWords(f)}`;
  if (s.what !== "environment") return formatCallDetail(f);
  return `${s.answer.said === "ok" ? "ok" : answerText(s.answer)}${unprovenWords(f)}`;
}

/** What the environment fix quotes of its first call: the detail, without "could not reach its backend: error result: ". */
export function environmentFixDetail(f: CallFacts): string {
  const s = f.said;
  if (f.edge !== undefined) return formatCallDetail(f);
  if (s.what === "timeout-unreachable") return `${unreachedWords(s)}${unprovenWords(f)}`;
  if (s.what !== "environment") return formatCallDetail(f);
  const said = s.answer.said === "error-result" ? answerText(s.answer) : answerWords(s.answer);
  return `${said}${unprovenWords(f)}`;
}

/** The document form of a call, its keys in the document's order. */
export function callRecordJson(c: CallRecord): CallRecordJson {
  return {
    tool: c.tool,
    kind: c.kind,
    case: c.case,
    arguments: c.arguments,
    ok: c.ok,
    outcome: c.outcome,
    class: c.class,
    counted: c.counted,
    detail: formatCallDetail(c.facts),
    latency_ms: c.latency_ms,
  };
}
