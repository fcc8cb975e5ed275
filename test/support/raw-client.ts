// An independent witness for fidelity tests: what a stdio server wrote on the wire, read from the
// record of test/fixtures/servers/wire-tap.mjs (raw JSON-RPC lines, no toolscore code involved).
import { readFileSync } from "node:fs";

/** What the server wrote: its initialize result and the concatenated tools of every page. */
export interface WireCapture {
  initialize: Record<string, unknown>;
  tools: Array<Record<string, unknown>>;
}

/**
 * Reads a wire-tap record: the server's answer to the client's `initialize`, and the tools of its
 * answers to every `tools/list`, in the order sent.
 */
export function readWireTap(file: string): WireCapture {
  const asked = new Map<unknown, string>();
  let initialize: Record<string, unknown> | undefined;
  const tools: Array<Record<string, unknown>> = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line) continue;
    const m = JSON.parse(line.slice(2)) as Record<string, unknown>;
    if (line.startsWith("> ")) {
      if (typeof m.method === "string" && m.id !== undefined) asked.set(m.id, m.method);
      continue;
    }
    if (m.method !== undefined || !("result" in m)) continue;
    const result = m.result as Record<string, unknown>;
    const method = asked.get(m.id);
    if (method === "initialize") initialize = result;
    if (method === "tools/list") tools.push(...(result.tools as Array<Record<string, unknown>>));
  }
  if (!initialize) throw new Error(`${file}: the server never answered initialize`);
  return { initialize, tools };
}
