import type { CallOutcome } from "../mcp/types.js";
import { isToolscoreError } from "../util/errors.js";
import { isObject } from "./schema.js";
import type { CallOutcomeKind } from "./types.js";
import { compileSchema } from "./validate.js";

/** How a call ended, whether it passes, and why. */
export interface Verdict {
  ok: boolean;
  outcome: CallOutcomeKind;
  detail: string;
  latencyMs: number | null;
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
  if (isToolscoreError(e, "TIMEOUT"))
    return { ok: false, outcome: "timeout", detail: "timed out", latencyMs: null };
  if (isToolscoreError(e, "SERVER_EXITED") && e.data.crash === true)
    return { ok: false, outcome: "crash", detail: cut(e.message, 300), latencyMs: null };
  const message = e instanceof Error ? e.message : String(e);
  return { ok: false, outcome: "failed", detail: cut(message, 300), latencyMs: null };
}

/**
 * Judges an answer. A happy call passes when it is not an error (no JSON-RPC error, no
 * `isError: true`) and, with an outputSchema, its structuredContent validates. An edge call passes
 * whenever the server answers.
 */
export function judgeOutcome(o: CallOutcome, kind: "happy" | "edge", outputSchema: unknown): Verdict {
  const latencyMs = Math.round(o.latencyMs * 10) / 10;
  if (!o.ok) {
    const detail = `JSON-RPC error ${o.error.code}: ${cut(o.error.message)}`;
    return { ok: kind === "edge", outcome: "rpc-error", detail, latencyMs };
  }
  if (o.result.isError === true) {
    const text = resultText(o.result);
    return {
      ok: kind === "edge",
      outcome: "tool-error",
      detail: `error result: ${cut(text || "(no text)")}`,
      latencyMs,
    };
  }
  if (outputSchema !== undefined) {
    const problem = outputProblem(o.result, outputSchema);
    if (problem) return { ok: kind === "edge", outcome: "invalid-output", detail: problem, latencyMs };
  }
  return { ok: true, outcome: "result", detail: "ok", latencyMs };
}

/** Why a result breaks its tool's outputSchema, or null when it honours it. */
export function outputProblem(result: Record<string, unknown>, outputSchema: unknown): string | null {
  if (!("structuredContent" in result) || result.structuredContent === undefined)
    return "no structuredContent, though the tool declares an outputSchema";
  const check = compileSchema(outputSchema);
  if (!check) return null;
  const err = check.check(result.structuredContent);
  return err === null ? null : `structuredContent does not match the outputSchema: ${err}`;
}
