// `toolscore mcp guard` as a library call: the server named as the command line names it, the
// lock, and a relay between the client's stdio and the server, opened through openServer.
import type { Readable, Writable } from "node:stream";
import type { DriftMode } from "../guard/core.js";
import type { GuardLog } from "../guard/events.js";
import { startGuard } from "../guard/start.js";
import { joinCommand } from "../mcp/argv.js";
import type { ServerTarget } from "../mcp/target.js";
import type { Lock } from "../pin/lock.js";
import { ToolscoreError } from "../util/errors.js";
import { launchPackage } from "./launch-package.js";
import { openServer, requireLive } from "./open.js";
import type { ResolvedServer, ServerOptions } from "./server.js";

/** A server the guard can relay: a launch or a URL. */
export type GuardedServer = ResolvedServer & {
  kind: "target";
  target: Extract<ServerTarget, { kind: "stdio" | "http" }>;
};

/**
 * The guard's server: `command` (the argv after `--`, taken as it is), or SERVER and the target
 * options as the other commands read them. Config files and launch strings are parsed by modules
 * loaded only for them: a guard started with `-- CMD ARG...`, as clients' entries start it, goes
 * without.
 */
export async function guardServer(
  arg: string | undefined,
  command: string[] | undefined,
  opts: ServerOptions = {},
): Promise<GuardedServer> {
  const target = opts.target ?? {};
  if (command !== undefined) {
    if (command.length === 0) throw new ToolscoreError("USAGE", "name the server's command after --");
    if (arg !== undefined || target.config !== undefined)
      throw new ToolscoreError(
        "USAGE",
        "give the server either as SERVER, --config or after --, not two of them",
      );
    return {
      kind: "target",
      target: {
        kind: "stdio",
        argv: command,
        env: target.env?.length ? (await import("../mcp/target.js")).parseEnv(target.env) : {},
        cwd: target.cwd,
        label: joinCommand(command),
      },
    };
  }
  const { resolveTarget } = await import("../mcp/target.js");
  const server: ResolvedServer = { kind: "target", target: resolveTarget(arg, target) };
  requireLive(server, "the guard");
  return server as GuardedServer;
}

/** Options of {@link createStdioGuard}. */
export interface StdioGuardOptions extends ServerOptions {
  /** The server, from {@link guardServer}. */
  server: GuardedServer;
  /** The lock enforced, its own hashes already checked. */
  lock: Lock;
  onDrift: DriftMode;
  /** Receives each decision. */
  log: GuardLog;
  /** The command a refusal names to review the drift. */
  review: string;
  /** Milliseconds for each of the guard's own list requests. */
  timeoutMs: number;
  /** Where a launched server's stderr goes (the client shows it). */
  stderr: (text: string) => void;
}

/** A guard ready to serve one client. */
export interface StdioGuard {
  /**
   * Launches (or reaches) the server and relays between the client (`input`, `output`) and it
   * until one side ends; resolves with the exit code (the server's own when it exits).
   */
  serve(input: Readable, output: Writable & { cork(): void; uncork(): void }): Promise<number>;
}

/** The guard of `mcp guard`: the server opened as a relay upstream, the lock enforced on it. */
export async function createStdioGuard(opts: StdioGuardOptions): Promise<StdioGuard> {
  const upstream = await openServer(opts.server, {
    as: "relay",
    connect: opts.connect,
    stderr: opts.stderr,
    what: "the guard",
  });
  return {
    serve: (input, output) =>
      startGuard({
        lock: opts.lock,
        onDrift: opts.onDrift,
        log: opts.log,
        review: opts.review,
        timeoutMs: opts.timeoutMs,
        upstream,
        // What the server runs, read once it is up (npx has installed it by then).
        launchPackage: () => launchPackage(opts.server, opts.connect) ?? null,
        input,
        output,
      }),
  };
}
