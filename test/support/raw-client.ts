// An independent witness for fidelity tests: a few lines of raw newline-delimited JSON-RPC that
// record exactly what a stdio server writes for tools/list, with no toolscore code involved.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** What the server wrote: its initialize result and the concatenated tools of every page. */
export interface WireCapture {
  initialize: Record<string, unknown>;
  tools: Array<Record<string, unknown>>;
}

/** Spawns `argv`, initializes with `capabilities`, lists every tools page, and kills the server. */
export async function captureToolsList(
  argv: string[],
  opts: { capabilities?: Record<string, unknown>; env?: Record<string, string>; protocolVersion: string },
): Promise<WireCapture> {
  const child = spawn(argv[0]!, argv.slice(1), {
    stdio: ["pipe", "pipe", "ignore"],
    env: { ...process.env, ...opts.env },
  });
  const waiting = new Map<number, (m: Record<string, unknown>) => void>();
  const lines = createInterface({ input: child.stdout });
  lines.on("line", (line) => {
    let m: Record<string, unknown>;
    try {
      m = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return;
    }
    if (typeof m.method === "string" && m.id !== undefined) {
      // The server asks something (roots/list, ...): answer so it never waits on us.
      const reply =
        m.method === "roots/list"
          ? { result: { roots: [] } }
          : { error: { code: -32601, message: "not supported" } };
      child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: m.id, ...reply }) + "\n");
      return;
    }
    if (typeof m.id === "number") waiting.get(m.id)?.(m);
  });
  let id = 0;
  const request = (method: string, params: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const n = ++id;
      const timer = setTimeout(() => reject(new Error(`no answer to ${method}`)), 30_000);
      waiting.set(n, (m) => {
        clearTimeout(timer);
        if (m.error) reject(new Error(JSON.stringify(m.error)));
        else resolve(m.result as Record<string, unknown>);
      });
      child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: n, method, params }) + "\n");
    });
  try {
    const initialize = await request("initialize", {
      protocolVersion: opts.protocolVersion,
      capabilities: opts.capabilities ?? {},
      clientInfo: { name: "wire-witness", version: "0" },
    });
    child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
    const tools: Array<Record<string, unknown>> = [];
    let cursor: string | undefined;
    do {
      const page = await request("tools/list", cursor === undefined ? {} : { cursor });
      tools.push(...(page.tools as Array<Record<string, unknown>>));
      cursor = page.nextCursor as string | undefined;
    } while (cursor);
    return { initialize, tools };
  } finally {
    child.kill("SIGKILL");
  }
}
