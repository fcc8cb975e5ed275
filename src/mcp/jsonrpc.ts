// JSON-RPC as the session writes and reads it: the outcome of a request (the raw result or the raw
// error, nothing validated or dropped), `_meta` laid over a request's params, and an answer read
// into an outcome.
import { ToolscoreError } from "../util/errors.js";
import { isObject } from "../util/json.js";

/** A JSON-RPC error object as the server sent it. */
export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** The answer to a request: the raw result, or the raw error. Nothing is validated or dropped. */
export type RpcOutcome = { result: Record<string, unknown> } | { error: RpcError };

/** `params` with `meta` laid over its own `_meta`; `params` as they are when there is no `meta`. */
export function withMeta(
  params: Record<string, unknown> | undefined,
  meta: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (meta === undefined) return params;
  const own = isObject(params?._meta) ? params._meta : {};
  return { ...params, _meta: { ...own, ...meta } };
}

/**
 * What the answer `msg` to a request of `method` comes to: its error, its result, or, when it is
 * neither, an empty result; or, for a `strict` request (the handshake), the error that fails it.
 */
export function answerOutcome(
  msg: Record<string, unknown>,
  method: string,
  strict: boolean,
): RpcOutcome | ToolscoreError {
  if (isObject(msg.error)) {
    const err = msg.error;
    return {
      error: {
        code: typeof err.code === "number" ? err.code : 0,
        message: typeof err.message === "string" ? err.message : "",
        ...("data" in err ? { data: err.data } : {}),
      },
    };
  } else if (isObject(msg.result)) {
    return { result: msg.result };
  } else if (strict) {
    return new ToolscoreError(
      "PROTOCOL_ERROR",
      `the server answered ${method} with something that is not a JSON-RPC result or error: it is not an MCP server, or it is broken`,
      { method },
    );
  } else {
    return { result: {} };
  }
}
