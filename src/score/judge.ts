import type { CallOutcome } from "../mcp/types.js";
import { isToolscoreError } from "../util/errors.js";
import {
  ENVIRONMENT_PATTERNS,
  INPUT_PROBLEM_PATTERN,
  NEEDS_INPUT_CODES,
  NEEDS_INPUT_PATTERN,
  NOT_FOUND_PATTERN,
  PROTOCOL_ERROR_CODES,
  SOFT_ERROR_PATTERN,
  type EnvironmentWhat,
} from "./outcome-patterns.js";
import { isObject } from "./schema.js";
import type { Answer, CallSaid, OutputProblem } from "./call-facts.js";
import type { CallClass, CallOutcomeKind } from "./types.js";
import { NotChecked, compileProblem, compileSchema, tooLargeToCheck } from "./validate.js";

/** How a call ended, what that means, whether it passes and counts, and why. */
export interface Verdict {
  ok: boolean;
  outcome: CallOutcomeKind;
  class: CallClass;
  /** false when the call says nothing about the server (its backend was unreachable, …). */
  counted: boolean;
  /** What happened, as facts (the reports make the call's detail from them). */
  said: CallSaid;
  latencyMs: number | null;
}

/** What the judge knows about an edge case: whether its arguments break the schema, and where. */
export interface EdgeFacts {
  /** true when the schema rejects the arguments (a careful server rejects them too). */
  invalid: boolean;
  /** The argument the case changed, so an error that names it says what was wrong. */
  property?: string;
}

const cut = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The text of a result's content, for messages. */
export function resultText(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? result.content : [];
  return content
    .map((c) => (isObject(c) && typeof c.text === "string" ? c.text : ""))
    .filter(Boolean)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/** How a call that threw ended: a timeout, a crash, or a call that could not be made. */
export function judgeThrown(e: unknown): Verdict {
  const base = { ok: false, class: "tool-error" as const, counted: true, latencyMs: null };
  if (isToolscoreError(e, "TIMEOUT")) return { ...base, outcome: "timeout", said: { what: "timeout" } };
  if (isToolscoreError(e, "SERVER_EXITED") && e.data.crash === true) {
    const message = cut(e.message, 300);
    // A crash that names an unreachable backend (its stderr's last words) is still the server's to fix.
    const unreachable = ENVIRONMENT_PATTERNS.some((p) => p.pattern.test(message));
    return { ...base, outcome: "crash", said: { what: "crash", message, unreachable } };
  }
  const message = cut(e instanceof Error ? e.message : String(e), 300);
  return { ...base, outcome: "failed", said: { what: "failed", message } };
}

/** What an error's text says: the environment, "not found", a request for input, or none of these. */
export function errorClass(text: string, code?: number): "environment" | "not-found" | "needs-input" | null {
  if (code !== undefined && NEEDS_INPUT_CODES.includes(code)) return "needs-input";
  // The protocol's own refusals (no such method or tool, invalid params) are the server's answer.
  if (code !== undefined && PROTOCOL_ERROR_CODES.includes(code)) return null;
  if (ENVIRONMENT_PATTERNS.some((p) => p.pattern.test(text))) return "environment";
  if (NEEDS_INPUT_PATTERN.test(text)) return "needs-input";
  if (NOT_FOUND_PATTERN.test(text)) return "not-found";
  return null;
}

/**
 * The text a JSON-encoded string answer holds (`"\"Failed to list products\""` holds `Failed to list
 * products`), unwrapped up to three times; any other text as it is.
 */
function unquoted(text: string): string {
  let out = text;
  for (let i = 0; i < 3 && /^\s*"/.test(out); i++) {
    try {
      const parsed: unknown = JSON.parse(out);
      if (typeof parsed !== "string") break;
      out = parsed.trim();
    } catch {
      break;
    }
  }
  return out;
}

/**
 * The error a successful answer carries as its only content (`Failed to …`, `{"error": …}`, or
 * either as a JSON-encoded string), or null. An answer whose error words are one of the call's
 * string arguments repeated is about that argument (a tool asked for an "error" message returns
 * one), not a failure; an argument echoed elsewhere in an error (`Invalid library ID format:
 * bravo`) excuses nothing.
 */
export function softError(
  result: Record<string, unknown>,
  args: Record<string, unknown> = {},
): string | null {
  const sc = result.structuredContent;
  if (isObject(sc) && sc.error && Object.keys(sc).length <= 3) return JSON.stringify(sc);
  const content = Array.isArray(result.content) ? result.content : [];
  if (content.length === 0 || !content.every((c) => isObject(c) && c.type === "text")) return null;
  const raw = resultText(result);
  if (raw.length === 0 || raw.length > 500) return null;
  const text = unquoted(raw);
  const words = SOFT_ERROR_PATTERN.exec(text);
  if (words) return echoed(text, words.index + words[0].length, args) ? null : text;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isObject(parsed) && parsed.error && Object.keys(parsed).length <= 3) return text;
  } catch {
    // Not JSON: an ordinary answer.
  }
  return null;
}

/** Whether one of the string arguments stands in `text` where it overlaps its first `end` characters. */
function echoed(text: string, end: number, args: Record<string, unknown>): boolean {
  const lower = text.toLowerCase();
  return Object.values(args).some((v) => {
    if (typeof v !== "string" || v.length < 3) return false;
    const at = lower.indexOf(v.toLowerCase());
    return at !== -1 && at < end;
  });
}

/** Whether an environment error came from the backend or the way to it (network, rate limit), not from a missing program or credentials. */
function reachedBackend(what: EnvironmentWhat | undefined): boolean {
  return what === "network" || what === "rate limit";
}

/**
 * Judges an answer. A valid-input call passes when it is a real answer: not a JSON-RPC error, not
 * `isError: true`, not an error returned as a normal result (a soft error), and, with an
 * outputSchema, with structuredContent that validates. An answer that shows the environment failed
 * (an unreachable backend, missing credentials, a missing browser), "not found" for a generated id
 * or path, or a request for a person's input is not counted. An edge call with invalid arguments
 * passes only when the server rejects them with an error that says what was wrong (or "not
 * found"), and fails when they reached the backend unchecked (a network error or a rate limit);
 * one whose arguments the schema allows passes on any answer.
 */
export function judgeOutcome(
  o: CallOutcome,
  kind: "happy" | "edge",
  outputSchema: unknown,
  edge: EdgeFacts = { invalid: true },
  args: Record<string, unknown> = {},
): Verdict {
  const latencyMs = Math.round(o.latencyMs * 10) / 10;
  const needs = needsInput(o);
  if (needs !== null) {
    const outcome = o.ok ? "result" : "rpc-error";
    return { ok: false, outcome, class: "needs-input", counted: false, said: needs, latencyMs };
  }
  const rpc = !o.ok;
  const outcome: CallOutcomeKind = rpc ? "rpc-error" : o.result.isError === true ? "tool-error" : "result";
  const errorText = !o.ok
    ? o.error.message
    : o.result.isError === true
      ? resultText(o.result) || "(no text)"
      : softError(o.result, args);
  const answer: Answer = !o.ok
    ? { said: "rpc-error", code: o.error.code, message: cut(o.error.message) }
    : o.result.isError === true
      ? { said: "error-result", text: cut(resultText(o.result)) }
      : errorText !== null
        ? { said: "soft-error", text: cut(errorText) }
        : { said: "ok" };
  const v = (
    ok: boolean,
    cls: CallClass,
    counted: boolean,
    said: CallSaid = { what: "answer", answer },
  ): Verdict => ({ ok, outcome, class: cls, counted, said, latencyMs });
  if (errorText !== null) {
    const cls = errorClass(errorText, o.ok ? undefined : o.error.code);
    // What the environment lacked, as the server's text says (the fix names it).
    const cause =
      cls === "environment" ? ENVIRONMENT_PATTERNS.find((p) => p.pattern.test(errorText))?.what : undefined;
    // Invalid input that reached the backend was not checked by the server: that counts.
    if (cls === "environment" && kind === "edge" && edge.invalid && reachedBackend(cause))
      return v(false, outcome === "result" ? "soft-error" : "tool-error", true, {
        what: "reached-backend",
        text: cut(errorText),
      });
    if (cls === "environment" && cause !== undefined)
      return v(false, cls, false, { what: "environment", answer, cause });
    if (cls === "needs-input") return v(false, cls, false, { what: "needs-person", answer });
    if (cls === "not-found")
      return kind === "happy" ? v(false, cls, false, { what: "not-found", answer }) : v(true, cls, true);
    const soft = outcome === "result";
    if (kind === "happy") return v(false, soft ? "soft-error" : "tool-error", true);
    if (!edge.invalid) return v(true, soft ? "soft-error" : "tool-error", true);
    if (soft) return v(false, "soft-error", true, { what: "rejected-as-result", text: cut(errorText) });
    const says =
      INPUT_PROBLEM_PATTERN.test(errorText) ||
      (edge.property !== undefined && errorText.toLowerCase().includes(edge.property.toLowerCase()));
    return says
      ? v(true, "tool-error", true)
      : v(false, "tool-error", true, { what: "rejected-unclear", text: cut(errorText) });
  }
  if (kind === "edge")
    return edge.invalid ? v(false, "ok", true, { what: "accepted-silently" }) : v(true, "ok", true);
  if (outputSchema !== undefined && o.ok) {
    const problem = outputProblem(o.result, outputSchema);
    if (problem)
      return {
        ...v(false, "tool-error", true, { what: "output-invalid", problem }),
        outcome: "invalid-output",
      };
  }
  return v(true, "ok", true);
}

/**
 * Why a call could not finish without input toolscore does not give, or null: an MCP 2026-07-28
 * `input_required` result (sampling, or a request of a capability not declared), or the
 * missing-client-capability error (-32021).
 */
export function needsInput(o: CallOutcome): CallSaid | null {
  if (!o.ok)
    return o.error.code === -32021 ? { what: "needs-capability", message: cut(o.error.message, 120) } : null;
  if (o.result.resultType !== "input_required") return null;
  const requests = isObject(o.result.inputRequests) ? Object.values(o.result.inputRequests) : [];
  const methods = [
    ...new Set(requests.map((r) => (isObject(r) && typeof r.method === "string" ? r.method : "a request"))),
  ].sort();
  return { what: "input-required", methods };
}

/**
 * Why a result breaks its tool's outputSchema, or null when it honours it. A result that could not
 * be checked (the schema does not compile or holds a pattern past `pattern-chars`, or one of its
 * patterns ran past `regex-ms` on the result) is never passed: it is invalid output whose reason
 * says what was not checked, and why.
 */
export function outputProblem(result: Record<string, unknown>, outputSchema: unknown): OutputProblem | null {
  if (!("structuredContent" in result) || result.structuredContent === undefined)
    return { problem: "missing" };
  const check = compileSchema(outputSchema);
  if (!check) {
    const reason = cut(compileProblem(outputSchema) ?? "", 160);
    // A schema too large for the compiler is not known to be broken: say only that it was not checked.
    return tooLargeToCheck(outputSchema)
      ? { problem: "too-large", reason }
      : { problem: "uncompilable", reason };
  }
  let err: string | null;
  try {
    err = check.check(result.structuredContent);
  } catch (e) {
    if (e instanceof NotChecked) return { problem: "unfinished", reason: e.message };
    throw e;
  }
  return err === null ? null : { problem: "mismatch", error: err };
}
