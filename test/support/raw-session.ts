// An MCP client of plain JSON-RPC lines on a spawned stdio process (the guard, or what a config
// entry launches): the handshake, then requests by id and their answers as the process sent them.
// For tests that check answers and error codes, without loading the SDK's client.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** An answer as the process sent it: a result or an error. */
export interface RawAnswer {
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** A session on the spawned process. */
export interface RawSession {
  /** Sends a request and resolves with its answer; fails when none comes within 60 s. */
  request(method: string, params?: Record<string, unknown>): Promise<RawAnswer>;
  stderr(): string;
  /** Ends the process's stdin and waits for it to exit (killed when it does not within 10 s). */
  close(): Promise<void>;
}

/** Spawns `command` with `args` (`env` laid over this process's) and opens a session on it. */
export async function openRawSession(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<RawSession> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  child.stdin.on("error", () => {});
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const pending = new Map<number, { resolve(a: RawAnswer): void; reject(e: Error): void }>();
  void exited.then(() => {
    for (const p of pending.values()) p.reject(new Error(`the process exited; stderr: ${stderr}`));
    pending.clear();
  });
  const send = (m: object) => void child.stdin.write(`${JSON.stringify(m)}\n`);
  createInterface({ input: child.stdout }).on("line", (line) => {
    let m: { id?: unknown; method?: unknown } & RawAnswer;
    try {
      m = JSON.parse(line) as typeof m;
    } catch {
      return;
    }
    if (typeof m.method === "string") {
      // A request of the process's own: a ping is answered, anything else is not offered.
      if (m.id !== undefined)
        send(
          m.method === "ping"
            ? { jsonrpc: "2.0", id: m.id, result: {} }
            : { jsonrpc: "2.0", id: m.id, error: { code: -32601, message: "Method not found" } },
        );
      return;
    }
    const waiting = typeof m.id === "number" ? pending.get(m.id) : undefined;
    if (!waiting) return;
    pending.delete(m.id as number);
    waiting.resolve({ result: m.result, error: m.error });
  });
  let next = 0;
  const request = (method: string, params?: Record<string, unknown>) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const id = ++next;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`no answer to ${method} within 60 s; stderr: ${stderr}`));
      }, 60_000);
      pending.set(id, {
        resolve: (a) => (clearTimeout(timer), resolve(a)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      send({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) });
    });
  const init = await request("initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw-session", version: "0" },
  });
  if (!init.result) {
    child.kill("SIGKILL");
    throw new Error(`initialize failed: ${JSON.stringify(init.error)}; stderr: ${stderr}`);
  }
  send({ jsonrpc: "2.0", method: "notifications/initialized" });
  return {
    request,
    stderr: () => stderr,
    close: async () => {
      child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
