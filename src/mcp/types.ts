/** A tool definition exactly as the server sent it: every field, unknown ones too. */
export type RawTool = Record<string, unknown> & { name?: unknown };

/** The raw result of a `tools/call`, or the JSON-RPC error the server answered with. */
export type CallOutcome =
  | { ok: true; result: Record<string, unknown>; latencyMs: number }
  | { ok: false; error: { code: number; message: string; data?: unknown }; latencyMs: number };

/** The one thing the scorecard may do with a live server: call a tool. */
export type CallTool = (
  name: string,
  args: Record<string, unknown>,
  opts?: { timeoutMs?: number },
) => Promise<CallOutcome>;
