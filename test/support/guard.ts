// Shared by the guard tests: pin a fixture server, then put the built guard between the official
// SDK's client and it (or between a raw line client and it, for framing and exit codes).
import assert from "node:assert/strict";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { deserializeMessage, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { McpError, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { fixture, ROOT, runCli } from "./cli.js";

/** The built CLI. */
export const CLI = join(ROOT, "dist", "cli.js");

/** Pins a fixture server (launched with `env`) into `lock`; fails the test when pinning fails. */
export async function pinFixture(
  name: string,
  lock: string,
  env: Record<string, string> = {},
): Promise<void> {
  const r = await runCli(["mcp", "pin", `node ${JSON.stringify(fixture(name))}`, "--lock", lock], { env });
  if (r.code !== 0) throw new Error(`pin failed: ${r.stderr}`);
}

/**
 * Writes to `lock` the lock of a server named `name` (version 1.0.0, protocol 2025-06-18 unless
 * `protocol` says otherwise, tools only) listing `tools`: what pinning a fixture whose surface the
 * test knows would write, without starting it.
 */
export async function writeToolsLock(
  lock: string,
  name: string,
  tools: Array<Record<string, unknown>>,
  protocol = "2025-06-18",
): Promise<void> {
  // Loaded here, so that the files that import this one and never call it do not load them.
  const [{ snapshotOf }, { buildLock }, { writeLock }] = await Promise.all([
    import("./snapshot.js"),
    import("../../src/pin/lock.js"),
    import("../../src/pin/lock-file.js"),
  ]);
  const snapshot = snapshotOf({
    server: { name, version: "1.0.0" },
    protocol,
    capabilities: { tools: {} },
    tools: tools as never,
  });
  await writeLock(lock, buildLock(snapshot));
}

/** Pins the server at `url` into `lock`; fails the test when pinning fails. */
export async function pinUrl(url: string, lock: string): Promise<void> {
  const r = await runCli(["mcp", "pin", url, "--lock", lock]);
  if (r.code !== 0) throw new Error(`pin failed: ${r.stderr}`);
}

/** The guard's argv for a fixture server after `--`. */
export function guardArgs(
  lock: string,
  name: string,
  extra: string[] = [],
  serverArgs: string[] = [],
): string[] {
  return [
    CLI,
    "mcp",
    "guard",
    "--lock",
    lock,
    ...extra,
    "--",
    process.execPath,
    fixture(name),
    ...serverArgs,
  ];
}

/** An SDK client connected through the guard, with what the guard wrote on stderr. */
export interface GuardedClient {
  client: Client;
  transport: StdioClientTransport;
  stderr(): string;
  close(): Promise<void>;
}

/** Connects the official SDK client to the guard in front of a fixture server. */
export async function connectThroughGuard(
  args: string[],
  opts: {
    env?: Record<string, string>;
    capabilities?: Record<string, unknown>;
    setup?: (c: Client) => void;
  } = {},
): Promise<GuardedClient> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    env: { ...(process.env as Record<string, string>), ...opts.env },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: "guard-test", version: "0" }, { capabilities: opts.capabilities ?? {} });
  opts.setup?.(client);
  await client.connect(transport);
  return { client, transport, stderr: () => stderr, close: () => client.close() };
}

/**
 * An SDK client on a spawned guard that keeps every line the guard wrote to it as written, and
 * the ids of the requests it sent: one session checked both as the SDK client sees it and byte by
 * byte.
 */
export interface RecordedGuardedClient {
  client: Client;
  /** The lines the guard wrote on stdout, as written. */
  lines: string[];
  /** The ids of the requests the client sent, in order. */
  requestIds: Array<string | number>;
  stderr(): string;
  /** Closes the client; resolves with the guard's exit code. */
  close(): Promise<number | null>;
}

/** Connects the official SDK client to a spawned guard through a transport that records each line. */
export async function connectRecordedThroughGuard(
  args: string[],
  env: Record<string, string> = {},
): Promise<RecordedGuardedClient> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: "pipe" });
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const lines: string[] = [];
  const requestIds: Array<string | number> = [];
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  child.stdin.on("error", () => {});
  const transport: Transport = {
    start: () => {
      createInterface({ input: child.stdout }).on("line", (line) => {
        lines.push(line);
        let message: JSONRPCMessage;
        try {
          message = deserializeMessage(line);
        } catch (e) {
          transport.onerror?.(e as Error);
          return;
        }
        transport.onmessage?.(message);
      });
      return Promise.resolve();
    },
    send: (message) => {
      if ("method" in message && "id" in message) requestIds.push(message.id);
      child.stdin.write(serializeMessage(message));
      return Promise.resolve();
    },
    close: async () => {
      child.stdin.end();
      await exit;
      transport.onclose?.();
    },
  };
  const client = new Client({ name: "guard-test", version: "0" }, { capabilities: {} });
  await client.connect(transport);
  return {
    client,
    lines,
    requestIds,
    stderr: () => stderr,
    close: async () => {
      await client.close();
      return exit;
    },
  };
}

/** The MCP error a request through the guard was refused with; fails the test when it was answered. */
export async function mcpErrorOf(p: Promise<unknown>): Promise<McpError> {
  const e = await p.then(
    () => assert.fail("answered, not refused"),
    (err: unknown) => err,
  );
  assert.ok(e instanceof McpError, String(e));
  return e;
}

/** The tools/call names a fixture received (its CALL_LOG file). */
export function callsReceived(file: string): string[] {
  try {
    return readFileSync(file, "utf8").split("\n").filter(Boolean);
  } catch {
    return [];
  }
}

/** A raw line client on a spawned guard: write lines or bytes, read messages by id, get the exit code. */
export interface RawGuard {
  child: ChildProcessWithoutNullStreams;
  /** The lines the guard wrote on stdout, as written. */
  lines: string[];
  write(text: string | Buffer): void;
  /** Resolves with the first message whose id is `id`. */
  answer(id: number | string, timeoutMs?: number): Promise<Record<string, unknown>>;
  exit: Promise<number | null>;
  stderr(): string;
}

/** Spawns the guard with raw stdio, for tests of framing, bytes and exit codes. */
export function spawnGuard(args: string[], env: Record<string, string> = {}): RawGuard {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: "pipe" });
  const lines: string[] = [];
  const waiting: Array<{ id: number | string; resolve: (m: Record<string, unknown>) => void }> = [];
  let buffer = "";
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  // A guard that ends the session (a limit, a server gone) may exit while a test still writes.
  child.stdin.on("error", () => {});
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    buffer += chunk;
    let nl;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      lines.push(line);
      const m = JSON.parse(line) as Record<string, unknown>;
      for (const w of waiting.filter((x) => x.id === m.id)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    lines,
    write: (text) => void child.stdin.write(text),
    answer: (id, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const found = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((m) => m.id === id);
        if (found) return resolve(found);
        const timer = setTimeout(() => reject(new Error(`no answer to ${id}; stderr: ${stderr}`)), timeoutMs);
        waiting.push({
          id,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      }),
    exit,
    stderr: () => stderr,
  };
}

/** The opening of a session, as lines: initialize (id 1) and initialized. */
export function handshakeLines(protocolVersion = "2025-06-18"): string {
  const init = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion, capabilities: {}, clientInfo: { name: "raw", version: "0" } },
  };
  return `${JSON.stringify(init)}\n${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`;
}
