// What the guard reads of a message before it decides anything: its JSON-RPC shape. A message is
// a request, a notification or an answer only when it is exactly one of them; anything else is
// something the guard has not judged, and is dropped. Values are taken from the parsed message,
// so that what passes is re-serialized from what was read, never forwarded as the bytes received.
import { isObject } from "../util/json.js";
import { UNPARSEABLE } from "./frame.js";
import { isRequestId, type RequestId } from "./ids.js";

/** Why a message was dropped; each is logged once, then counted. */
export type DropReason =
  "unparseable" | "invalid" | "unsolicited" | "notification" | "request" | "unrelated" | "nested-batch";

/** A JSON-RPC error object as the protocol defines it. */
export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** One message, by its shape. */
export type Inbound =
  | { type: "request"; id: RequestId; method: string; params?: Record<string, unknown> }
  | { type: "notification"; method: string; params?: Record<string, unknown> }
  | { type: "answer"; id: unknown; result?: Record<string, unknown>; error?: RpcError; malformed?: true }
  | { type: "drop"; reason: DropReason };

function isRpcError(e: unknown): e is RpcError {
  return isObject(e) && Number.isInteger(e.code) && typeof e.message === "string";
}

/**
 * The shape of one parsed message (not a batch). An answer that is neither one result object nor
 * one error object is `malformed`: the request it names is answered with the guard's own error.
 */
export function readInbound(m: unknown): Inbound {
  if (m === UNPARSEABLE) return { type: "drop", reason: "unparseable" };
  if (Array.isArray(m)) return { type: "drop", reason: "nested-batch" };
  if (!isObject(m) || m.jsonrpc !== "2.0") return { type: "drop", reason: "invalid" };
  const params = m.params;
  if (params !== undefined && !isObject(params)) return { type: "drop", reason: "invalid" };
  if (typeof m.method === "string") {
    if (Object.hasOwn(m, "result") || Object.hasOwn(m, "error")) return { type: "drop", reason: "invalid" };
    if (!Object.hasOwn(m, "id")) return { type: "notification", method: m.method, params };
    if (!isRequestId(m.id)) return { type: "drop", reason: "invalid" };
    return { type: "request", id: m.id, method: m.method, params };
  }
  if (m.method !== undefined || !Object.hasOwn(m, "id")) return { type: "drop", reason: "invalid" };
  const hasResult = Object.hasOwn(m, "result");
  const hasError = Object.hasOwn(m, "error");
  if (hasResult && !hasError && isObject(m.result)) return { type: "answer", id: m.id, result: m.result };
  if (hasError && !hasResult && isRpcError(m.error)) {
    const { code, message, data } = m.error;
    return {
      type: "answer",
      id: m.id,
      error: data === undefined ? { code, message } : { code, message, data },
    };
  }
  return { type: "answer", id: m.id, malformed: true };
}

/** A request as the guard sends it on: under the id given, with the params read. */
export function requestMessage(
  id: RequestId,
  method: string,
  params: Record<string, unknown> | undefined,
): Record<string, unknown> {
  return params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params };
}

/** A notification as the guard sends it on. */
export function notificationMessage(
  method: string,
  params: Record<string, unknown> | undefined,
): Record<string, unknown> {
  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };
}

/** An answer as the guard sends it on: under the id given, a result or an error. */
export function answerMessage(
  id: RequestId,
  outcome: { result?: Record<string, unknown>; error?: RpcError },
): Record<string, unknown> {
  return outcome.error !== undefined
    ? { jsonrpc: "2.0", id, error: outcome.error }
    : { jsonrpc: "2.0", id, result: outcome.result ?? {} };
}
