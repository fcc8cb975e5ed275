// The guard for embedding: an SDK `Transport` that a client connects to, in front of a transport
// to the server. The same decisions as the CLI's guard; messages pass as the same objects.
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { lockProblems, type Lock } from "../pin/lock.js";
import { pinMessage } from "../report/pin.js";
import { ToolscoreError } from "../util/errors.js";
import { GuardCore, type DriftMode } from "./core.js";
import type { GuardLog } from "./events.js";
import { messageOf } from "./frame.js";
import { pinsTemplates } from "./kinds.js";
import { templateMatcher } from "./reads.js";

/** Options of {@link createGuard}. */
export interface GuardOptions {
  /** The approved surface (read with `readLock`); a lock that fails its own hashes is refused. */
  lock: Lock;
  /** A transport to the server, not yet started. */
  upstream: Transport;
  /** On drift: withhold the drifted items (default), refuse every list and call, or only log. */
  onDrift?: DriftMode;
  /** Receives each decision. */
  log?: GuardLog;
  /** The command a refusal names to review the drift (default a generic `toolscore mcp verify-pin`). */
  review?: string;
  /** Milliseconds for each of the guard's own list requests (default 30 s). */
  timeoutMs?: number;
}

/**
 * Checks a lock's own hashes; a lock edited by hand is refused (FILE_INVALID) with the
 * `pin-lock-modified` message of `mcp verify-pin`, so that nothing is served under it.
 */
export function assertLockIntact(lock: Lock, shown = "the lock"): void {
  const problems = lockProblems(lock);
  if (!problems.length) return;
  const message = pinMessage({
    rule: "pin-lock-modified",
    severity: "error",
    tool: null,
    fields: [],
    diffs: [],
    capabilities: [],
    problems,
    failing: true,
  });
  throw new ToolscoreError(
    "FILE_INVALID",
    `${shown}: ${message} (pin-lock-modified); nothing is served under it: review the lock and pin the server again with toolscore mcp pin`,
    { problems },
  );
}

/** The client's side of a guard: connect an MCP client to it as to any transport. */
export class GuardTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  private readonly core: GuardCore;

  constructor(private readonly opts: GuardOptions) {
    const upstream = opts.upstream;
    this.core = new GuardCore({
      lock: opts.lock,
      onDrift: opts.onDrift ?? "hide",
      log: opts.log ?? (() => {}),
      review: opts.review ?? "toolscore mcp verify-pin SERVER --lock LOCK",
      timeoutMs: opts.timeoutMs ?? 30_000,
      toClient: (frame) => this.onmessage?.(messageOf(frame) as JSONRPCMessage),
      toServer: (frame) => {
        const message = messageOf(frame);
        upstream.send(message as JSONRPCMessage).catch((e: unknown) => {
          this.core.undelivered(message, e instanceof Error ? e.name : "the request failed");
        });
      },
      onProtocolVersion: (v) => upstream.setProtocolVersion?.(v),
    });
    upstream.onmessage = (m) => this.core.fromServer({ message: m });
    upstream.onclose = () => {
      this.core.close();
      this.onclose?.();
    };
    upstream.onerror = (e) => this.onerror?.(e);
  }

  /** Starts the transport to the server. */
  async start(): Promise<void> {
    if (pinsTemplates(this.opts.lock)) this.core.useTemplateMatcher(templateMatcher());
    await this.opts.upstream.start();
  }

  /** A message from the client: judged, then passed on, answered by the guard, or held. */
  send(message: JSONRPCMessage): Promise<void> {
    this.core.fromClient({ message });
    return Promise.resolve();
  }

  /** Closes the transport to the server (for a process: stops it). */
  async close(): Promise<void> {
    await this.opts.upstream.close();
  }
}

/**
 * A guard over transports, for embedding in a host: `await client.connect(createGuard({ lock,
 * upstream }))`. It lists the server itself before the client's handshake is answered, checks
 * every list answer against the lock with `checkPin`, withholds what drifted (or refuses all, or
 * only logs), and refuses calls to items that are not approved. Throws FILE_INVALID for a lock
 * that fails its own hashes.
 */
export function createGuard(opts: GuardOptions): GuardTransport {
  assertLockIntact(opts.lock);
  return new GuardTransport(opts);
}
