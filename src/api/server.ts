import type { Transport } from "@modelcontextprotocol/client";
import { resolve } from "node:path";
import type { ConnectOptions } from "../mcp/client.js";
import { ServerSnapshot } from "../mcp/snapshot.js";
import { resolveTarget, type ServerTarget, type TargetOptions } from "../mcp/target.js";
import type { Lock } from "../pin/lock.js";
import { readJsonFile } from "../util/fs.js";
import { rememberLaunchSecrets } from "../mcp/redact.js";
import { openServer } from "./open.js";

/**
 * A server brought by the caller: an SDK `Transport` joined to it (for example one end of
 * `InMemoryTransport.createLinkedPair()` with an in-process `McpServer` on the other), or a
 * function that makes a fresh one (needed by `test` to start the server again after a crash).
 */
export interface TransportServer {
  transport: Transport | (() => Transport | Promise<Transport>);
  /** How reports name the server (default "transport"). */
  label?: string;
}

/**
 * What every API function takes for SERVER: a string as on the command line (a launch command, a
 * URL, a saved snapshot or lock), a target, or a transport. Undefined names the entry of
 * `target.config` (and `target.server`), as `--config PATH` does.
 */
export type ServerInput = string | ServerTarget | TransportServer;

/** How to find and reach a server: the CLI's server options, typed. */
export interface ServerOptions {
  /** For a string SERVER: --config, --server, --env, --cwd, --header, and the folder paths are read from. */
  target?: TargetOptions;
  /** --timeout, --client-capabilities, --protocol, and the environment a launched server inherits. */
  connect?: ConnectOptions;
  /** Receives notes about the listing (for example a server that lists nothing). */
  onNote?: (message: string) => void;
}

/** A SERVER made concrete: a target, or the caller's transport. */
export type ResolvedServer =
  { kind: "target"; target: ServerTarget } | { kind: "transport"; server: TransportServer };

/** Resolves a SERVER argument once (a string names a target as the CLI reads it). */
export function resolveServer(input: ServerInput | undefined, opts: ServerOptions = {}): ResolvedServer {
  if (input !== undefined && typeof input === "object" && "transport" in input)
    return { kind: "transport", server: input };
  if (input !== undefined && typeof input === "object") {
    // Whatever toolscore is given to reach the server is kept out of every output.
    if (input.kind === "stdio") rememberLaunchSecrets({ env: input.env, argv: input.argv });
    if (input.kind === "http") rememberLaunchSecrets({ headers: input.headers, url: input.url });
    return { kind: "target", target: input };
  }
  return { kind: "target", target: resolveTarget(input, { onNote: opts.onNote, ...opts.target }) };
}

/** The label reports use for a server. */
export function serverLabel(server: ResolvedServer): string {
  return server.kind === "target" ? server.target.label : (server.server.label ?? "transport");
}

/** A server's surface as read: listed live, or read from a saved snapshot or lock. */
export type Listed =
  | { snapshot: ServerSnapshot; origin: "live" }
  | { snapshot: ServerSnapshot; origin: "snapshot" }
  | { snapshot: ServerSnapshot; origin: "lock"; lock: Lock };

/** Reads a saved file: a snapshot, or a lock whose definitions stand in for the tools. */
export async function readSaved(path: string): Promise<Listed> {
  const data = readJsonFile(path, "snapshot or lock");
  const kind = (data as { kind?: unknown } | null)?.kind;
  if (kind === "toolscore.mcp-lock") {
    const { parseLock, snapshotFromLock } = await import("../pin/lock-read.js");
    const lock = parseLock(data, path);
    return { snapshot: snapshotFromLock(lock), origin: "lock", lock };
  }
  return { snapshot: ServerSnapshot.parse(data, path), origin: "snapshot" };
}

/** A server's surface: a saved file is read; a live server is listed and always stopped again. */
export async function listResolved(server: ResolvedServer, opts: ServerOptions = {}): Promise<Listed> {
  if (server.kind === "target" && server.target.kind === "file")
    return readSaved(resolve(opts.target?.baseDir ?? ".", server.target.path));
  const client = await openServer(server, { connect: opts.connect });
  try {
    return { snapshot: await ServerSnapshot.fromClient(client, { onNote: opts.onNote }), origin: "live" };
  } finally {
    await client.close();
  }
}
