import { pathToFileURL } from "node:url";
import { isObject } from "../util/json.js";
import type { ClientCapabilityName } from "./client-capabilities.js";

/** How many times a call is retried with answers before it is reported as needing input. */
export const MAX_INPUT_ROUNDS = 3;

/** True when a result is the 2026-07-28 `input_required` interim result, not a final one. */
export function isInputRequired(result: Record<string, unknown>): boolean {
  return result.resultType === "input_required";
}

/**
 * The params of the retry of a request that answered `input_required`, or undefined when
 * toolscore cannot answer every request in it. Answers are those a 2025 session gives: roots/list
 * with the working directory and elicitation declined, each only when declared with
 * --client-capabilities; sampling is never done. `requestState` is echoed exactly.
 */
export function retryParams(
  params: Record<string, unknown>,
  result: Record<string, unknown>,
  declared: readonly ClientCapabilityName[],
  rootsDir: string,
): Record<string, unknown> | undefined {
  const requests = isObject(result.inputRequests) ? result.inputRequests : {};
  const responses: Record<string, unknown> = {};
  for (const [key, request] of Object.entries(requests)) {
    const method = isObject(request) ? request.method : undefined;
    if (method === "roots/list" && declared.includes("roots"))
      responses[key] = { roots: [{ uri: pathToFileURL(rootsDir).href, name: "working directory" }] };
    else if (method === "elicitation/create" && declared.includes("elicitation"))
      responses[key] = { action: "decline" };
    else return undefined;
  }
  if (Object.keys(responses).length === 0 && typeof result.requestState !== "string") return undefined;
  const { inputResponses: _drop, requestState: _state, ...rest } = params;
  return {
    ...rest,
    ...(Object.keys(responses).length ? { inputResponses: responses } : {}),
    ...(typeof result.requestState === "string" ? { requestState: result.requestState } : {}),
  };
}
