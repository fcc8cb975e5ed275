import { ToolscoreError, isToolscoreError } from "../util/errors.js";
import type { MCPClient } from "./client.js";
import type { CallOutcome, CallTool } from "./types.js";

/** Options of a {@link RestartableCaller}. */
export interface RestartableOptions {
  /** How many times a crashed server is started again before calls give up (default 10). */
  maxRestarts?: number;
}

interface Generation {
  client: MCPClient;
  /** Calls in flight on this client. */
  inFlight: number;
  /** How many calls were in flight when this client's server went away. */
  inFlightAtExit?: number;
}

/**
 * Calls tools on a server and starts it again when it crashes, so one crash does not fail every
 * later call. The crash is charged to the call that caused it: a call that was alone in flight
 * when the server died gets the crash (a `SERVER_EXITED` error); calls that were sharing the
 * server with others are run again alone, and only one that crashes it alone is charged.
 * Timeouts come back as `TIMEOUT` errors; the session has already sent `notifications/cancelled`.
 */
export class RestartableCaller implements AsyncDisposable {
  private gen: Generation;
  private restarting: Promise<Generation> | undefined;
  private soloActive = false;
  private soloWaiting = 0;
  private active = 0;
  private wake: Array<() => void> = [];
  private closedByUser = false;
  /** How many times the server was started again after a crash. */
  restarts = 0;

  private constructor(
    private readonly connect: () => Promise<MCPClient>,
    client: MCPClient,
    private readonly opts: RestartableOptions,
  ) {
    this.gen = { client, inFlight: 0 };
  }

  /** Connects for the first time (errors propagate, nothing is left running) and returns the caller. */
  static async start(
    connect: () => Promise<MCPClient>,
    opts: RestartableOptions = {},
  ): Promise<RestartableCaller> {
    return new RestartableCaller(connect, await connect(), opts);
  }

  /** The live client (the current one, after restarts). */
  get client(): MCPClient {
    return this.gen.client;
  }

  /** The narrow "call this tool" function the scorecard gets. */
  readonly call: CallTool = (name, args, opts) => this.attempt(name, args, opts, false);

  private async attempt(
    name: string,
    args: Record<string, unknown>,
    opts: { timeoutMs?: number } | undefined,
    solo: boolean,
  ): Promise<CallOutcome> {
    await this.enter(solo);
    let gen: Generation | undefined;
    try {
      gen = await this.current();
      gen.inFlight++;
      try {
        return await gen.client.callTool(name, args, opts);
      } catch (e) {
        if (!isToolscoreError(e, "SERVER_EXITED") || this.closedByUser) throw e;
        gen.inFlightAtExit ??= gen.inFlight;
        if (solo || gen.inFlightAtExit <= 1) {
          throw new ToolscoreError("SERVER_EXITED", `the server crashed during ${name}: ${e.message}`, {
            tool: name,
            crash: true,
          });
        }
      } finally {
        gen.inFlight--;
      }
    } finally {
      this.leave(solo);
    }
    // Other calls were in flight when the server died: run this one again on its own to know.
    return this.attempt(name, args, opts, true);
  }

  private async current(): Promise<Generation> {
    if (!this.gen.client.closed) return this.gen;
    if (this.closedByUser) throw new ToolscoreError("SERVER_EXITED", "the connection was closed");
    this.restarting ??= this.restart().finally(() => (this.restarting = undefined));
    return this.restarting;
  }

  private async restart(): Promise<Generation> {
    const max = this.opts.maxRestarts ?? 10;
    if (this.restarts >= max) {
      throw new ToolscoreError(
        "SERVER_EXITED",
        `the server crashed ${this.restarts + 1} times; it is not started again`,
        { restarts: this.restarts },
      );
    }
    await this.gen.client.close().catch(() => {});
    this.restarts++;
    const client = await this.connect();
    if (this.closedByUser) {
      await client.close();
      throw new ToolscoreError("SERVER_EXITED", "the connection was closed");
    }
    this.gen = { client, inFlight: 0 };
    return this.gen;
  }

  // A small shared/exclusive gate: ordinary calls share the server; a call run again to find the
  // culprit of a crash has it alone, and waiting solo calls go first.
  private async enter(solo: boolean): Promise<void> {
    if (solo) this.soloWaiting++;
    for (;;) {
      const free = solo ? !this.soloActive && this.active === 0 : !this.soloActive && this.soloWaiting === 0;
      if (free) break;
      await new Promise<void>((r) => this.wake.push(r));
    }
    if (solo) {
      this.soloWaiting--;
      this.soloActive = true;
    } else this.active++;
  }

  private leave(solo: boolean): void {
    if (solo) this.soloActive = false;
    else this.active--;
    const waiting = this.wake;
    this.wake = [];
    for (const w of waiting) w();
  }

  /** Stops the server. Safe to call twice. */
  async close(): Promise<void> {
    this.closedByUser = true;
    await this.restarting?.catch(() => {});
    await this.gen.client.close();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}
