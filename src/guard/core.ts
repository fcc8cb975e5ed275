// The guard between a client and a server: a relay first. Frames pass on unread and unchanged,
// with their ids, unless they are what the guard exists to judge: the handshake answer (for the
// instructions), list requests and their answers, item calls (a set lookup), and list_changed.
// The relay holds and orders frames; what it decides about the surface, SurfaceVerdicts decides.
import type { Lock } from "../pin/lock.js";
import { isObject } from "../util/json.js";
import type { GuardEvent, GuardLog } from "./events.js";
import { frameOf, idKey, messageOf, type Frame } from "./frame.js";
import { HANDSHAKE_METHODS, metaProtocolVersion, protocolMeta } from "./handshake.js";
import { pinnedKinds, type KindSpec } from "./kinds.js";
import type { DriftMode } from "./modes.js";
import { GUARD_ERRORS, type Refusal } from "./refusal.js";
import { OwnRequests } from "./survey.js";
import { SurfaceVerdicts } from "./verdicts.js";

export { DRIFT_MODES, type DriftMode } from "./modes.js";

/** How a core is set up: the lock, the mode, and where frames and decisions go. */
export interface GuardCoreOptions {
  lock: Lock;
  onDrift: DriftMode;
  log: GuardLog;
  /** The command that reviews the drift, named in every refusal. */
  review: string;
  /** Milliseconds for each of the guard's own requests. */
  timeoutMs: number;
  toClient: (frame: Frame) => void;
  toServer: (frame: Frame) => void;
  /** Told the protocol version once known (an HTTP transport sends it as a header). */
  onProtocolVersion?: (version: string) => void;
}

type Judged = { type: "handshake"; method: string } | { type: "list"; spec: KindSpec };

/**
 * The decisions of the guard over frames; it owns no stream or process (see `serveStdio` and
 * `createGuard`). Feed it what each side sends; it calls `toServer` and `toClient`.
 */
export class GuardCore {
  private readonly verdicts: SurfaceVerdicts;
  private readonly byList: Map<string, KindSpec>;
  private readonly byUse: Map<string, KindSpec>;
  private readonly byListChanged: Set<string>;
  private readonly judged = new Map<string, Judged>();
  private readonly own: OwnRequests;
  private readonly held: Frame[] = [];
  private handshakeInFlight = false;
  private sentInitialized = false;
  private eraMeta: Record<string, unknown> | undefined;
  private stale = true;
  private verifying: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly opts: GuardCoreOptions) {
    const kinds = pinnedKinds(opts.lock);
    this.verdicts = new SurfaceVerdicts({ ...opts, kinds });
    this.byList = new Map(kinds.map((k) => [k.listMethod, k]));
    this.byUse = new Map(kinds.filter((k) => k.useMethod).map((k) => [k.useMethod!, k]));
    this.byListChanged = new Set(kinds.map((k) => k.listChanged));
    this.own = new OwnRequests(opts.toServer, opts.timeoutMs);
  }

  /** A frame from the client. */
  fromClient(frame: Frame): void {
    // Without a "method" key (escaped or not) a line is a reply to the server: passed on unread.
    if (frame.text !== undefined && !frame.text.includes('"method"') && !frame.text.includes("\\u")) {
      this.opts.toServer(frame);
      return;
    }
    const m = messageOf(frame);
    if (Array.isArray(m)) {
      for (const one of m) this.fromClient(frameOf(one));
      return;
    }
    if (!isObject(m) || typeof m.method !== "string") {
      this.opts.toServer(frame);
      return;
    }
    // Until the handshake is answered and while the surface is checked, requests and
    // notifications wait, in order; a second handshake does not (a client that probed with
    // server/discover and heard nothing tries initialize).
    const waits = this.handshakeInFlight && !HANDSHAKE_METHODS.has(m.method);
    if (this.verifying || waits || this.held.length) {
      this.held.push(frame);
      return;
    }
    this.judgeClient(frame, m);
  }

  /** A frame from the server. */
  fromServer(frame: Frame): void {
    if (
      frame.text !== undefined &&
      this.judged.size === 0 &&
      this.own.size === 0 &&
      !frame.text.includes("list_changed") &&
      !frame.text.includes("\\u")
    ) {
      this.opts.toClient(frame);
      return;
    }
    const m = messageOf(frame);
    if (Array.isArray(m)) {
      for (const one of m) this.fromServer(frameOf(one));
      return;
    }
    if (!isObject(m)) {
      this.opts.toClient(frame);
      return;
    }
    if (typeof m.method === "string") {
      if (m.id === undefined && this.byListChanged.has(m.method)) this.stale = true;
      this.opts.toClient(frame);
      return;
    }
    const key = idKey(m.id);
    if (this.own.answer(key, m)) return;
    const judged = key === undefined ? undefined : this.judged.get(key);
    if (!judged) {
      this.opts.toClient(frame);
      return;
    }
    this.judged.delete(key!);
    if (judged.type === "handshake") this.onHandshake(frame, m, judged.method);
    else this.onList(frame, m, judged.spec);
  }

  /**
   * A message could not be delivered to the server (HTTP): the guard's own request fails; a
   * client's request is answered with an error that names only the reason (a status or a code).
   */
  undelivered(message: unknown, why: string): void {
    if (!isObject(message) || typeof message.method !== "string" || message.id === undefined) return;
    const key = idKey(message.id);
    if (this.own.fail(key, why)) return;
    if (key !== undefined) this.judged.delete(key);
    if (key !== undefined && HANDSHAKE_METHODS.has(message.method)) this.handshakeInFlight = false;
    const error = {
      code: GUARD_ERRORS.UPSTREAM_FAILED,
      message: `toolscore guard: the server could not be reached (${why})`,
    };
    this.opts.toClient(frameOf({ jsonrpc: "2.0", id: message.id, error }));
  }

  /** Resolves once nothing waits: no handshake answer, no check running, no frame held. */
  async settled(): Promise<void> {
    while (!this.closed && (this.verifying || this.handshakeInFlight || this.held.length)) {
      await (this.verifying ?? new Promise((resolve) => setTimeout(resolve, 10)));
    }
  }

  /** The server is gone: the guard's own requests fail, waiting frames are dropped. */
  close(): void {
    this.closed = true;
    this.held.length = 0;
    this.own.close();
  }

  private judgeClient(frame: Frame, m: Record<string, unknown>): void {
    const method = m.method as string;
    const key = idKey(m.id);
    const meta = protocolMeta(m);
    if (meta) {
      this.eraMeta = meta;
      const version = metaProtocolVersion(meta);
      if (version !== undefined) this.opts.onProtocolVersion?.(version);
    }
    if (HANDSHAKE_METHODS.has(method) && key !== undefined) {
      this.verdicts.handshakeRequest(m);
      this.judged.set(key, { type: "handshake", method });
      this.handshakeInFlight = true;
      this.opts.toServer(frame);
      return;
    }
    // The guard sent it already, to list the server before answering the client's initialize.
    if (method === "notifications/initialized" && this.sentInitialized) return;
    const list = this.byList.get(method);
    const use = this.byUse.get(method);
    if (!list && !use) {
      this.opts.toServer(frame);
      return;
    }
    if (this.stale) {
      this.held.unshift(frame);
      this.startVerification();
      return;
    }
    if (list && key !== undefined) this.passList(frame, m, key, list);
    else if (use) this.passUse(frame, m, use);
    else this.opts.toServer(frame);
  }

  private passList(frame: Frame, m: Record<string, unknown>, key: string, spec: KindSpec): void {
    const refused = this.verdicts.listRequest(spec);
    if (refused) return this.refuse(m, refused.refusal, refused.event);
    this.judged.set(key, { type: "list", spec });
    this.opts.toServer(frame);
  }

  private passUse(frame: Frame, m: Record<string, unknown>, spec: KindSpec): void {
    const refused = this.verdicts.use(spec, m);
    if (refused) this.refuse(m, refused.refusal, refused.event);
    else this.opts.toServer(frame);
  }

  private refuse(m: Record<string, unknown>, refusal: Refusal, event: GuardEvent): void {
    this.opts.log(event);
    if (m.id === undefined) return; // a notification gets no answer, and never reaches the server
    const { code, message, data } = refusal;
    this.opts.toClient(frameOf({ jsonrpc: "2.0", id: m.id, error: { code, message, data } }));
  }

  private onHandshake(frame: Frame, m: Record<string, unknown>, method: string): void {
    this.handshakeInFlight = false;
    const result = m.result;
    if (!isObject(result)) {
      // A refused handshake: the client hears it as sent; the next list or call checks again.
      this.opts.toClient(frame);
      this.drain();
      return;
    }
    this.verdicts.handshake(result, this.eraMeta);
    if (method === "initialize") {
      if (typeof result.protocolVersion === "string") this.opts.onProtocolVersion?.(result.protocolVersion);
      // The server is listed before the client hears the answer, so the guard completes the
      // handshake itself; the client's own `initialized` is then not sent twice.
      this.sentInitialized = true;
      this.opts.toServer(frameOf({ jsonrpc: "2.0", method: "notifications/initialized" }));
    }
    this.stale = true;
    this.startVerification(() => this.answerHandshake(frame, m, result));
  }

  private answerHandshake(frame: Frame, m: Record<string, unknown>, result: Record<string, unknown>): void {
    const changed = this.verdicts.handshakeAnswer(m, result);
    this.opts.toClient(changed ? frameOf(changed) : frame);
  }

  private onList(frame: Frame, m: Record<string, unknown>, spec: KindSpec): void {
    const outcome = this.verdicts.listAnswer(spec, m);
    if (outcome.type === "pass") this.opts.toClient(frame);
    else if (outcome.type === "refuse") this.refuse(m, outcome.refusal, outcome.event);
    else this.opts.toClient(frameOf({ ...m, result: outcome.result }));
  }

  private startVerification(then?: () => void): void {
    if (this.verifying || this.handshakeInFlight || this.closed) return;
    this.verifying = this.verify().then(() => {
      this.verifying = undefined;
      if (this.closed) return; // nothing more reaches the client once the session is over
      then?.();
      this.drain();
    });
  }

  private drain(): void {
    while (this.held.length && !this.verifying && !this.handshakeInFlight) {
      const frame = this.held.shift()!;
      this.judgeClient(frame, messageOf(frame) as Record<string, unknown>);
    }
  }

  // Lists the whole surface with the guard's own requests, over the same server, and checks it.
  private async verify(): Promise<void> {
    this.stale = false; // a list_changed that arrives meanwhile makes it stale again
    await this.verdicts.verify(this.own, this.eraMeta, () => this.closed);
  }
}
