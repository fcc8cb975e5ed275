// The guard between a client and a server: an allow-list, not a relay with exceptions. Toward the
// client pass only answers to requests the guard itself forwarded (under ids of its own, mapped
// back to the client's), each once and after its verdict; the notifications it knows; and the
// server's requests to the client, again under ids of the guard's. Everything else is dropped and
// counted. What passes is serialized from the value the guard judged, never the bytes received.
// What it decides about the surface, SurfaceVerdicts decides; what waits, HeldMessages holds;
// this class only routes.
import type { Lock } from "../pin/lock.js";
import { isObject } from "../util/json.js";
import { DropCounter } from "./drops.js";
import type { GuardEvent, GuardLog } from "./events.js";
import { frameOf, messageOf, type Frame } from "./frame.js";
import { HANDSHAKE_METHODS, metaProtocolVersion, protocolMeta } from "./handshake.js";
import { HeldMessages } from "./held.js";
import { RequestTable, type RequestId } from "./ids.js";
import {
  answerMessage,
  notificationMessage,
  readInbound,
  requestMessage,
  type Inbound,
  type RpcError,
} from "./inbound.js";
import { pinnedKinds, type KindSpec } from "./kinds.js";
import type { DriftMode } from "./modes.js";
import { MALFORMED_ANSWER, undeliveredError, type Refusal } from "./refusal.js";
import { ServerTraffic } from "./server-traffic.js";
import { OwnRequests } from "./survey.js";
import { SurfaceVerdicts, type TemplateMatcher } from "./verdicts.js";
import type { PackageResolution } from "../pin/package.js";

export type { DriftMode } from "./modes.js";

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
  /**
   * The package the server runs, read when the surface is checked (after the launch installed
   * it): null for a launch of no package; absent when the guard launched nothing it can read.
   */
  launchPackage?: () => PackageResolution | null | undefined;
}

type Judged = { type: "handshake"; method: string } | { type: "list"; spec: KindSpec } | { type: "pass" };
type ClientRequest = Extract<Inbound, { type: "request" }>;
type ClientMessage = ClientRequest | Extract<Inbound, { type: "notification" }>;
type Answer = Extract<Inbound, { type: "answer" }>;

/** A client's request in flight: the id it used, and what its answer is judged as. */
export interface Forwarded {
  original: RequestId;
  judged: Judged;
  progressToken?: string;
}

const PASS: Judged = { type: "pass" };

/**
 * The decisions of the guard over frames; it owns no stream or process (see `serveStdio` and
 * `createGuard`). Feed it what each side sends; it calls `toServer` and `toClient`.
 */
export class GuardCore {
  private readonly verdicts: SurfaceVerdicts;
  private readonly byList: Map<string, KindSpec>;
  private readonly byUse: Map<string, KindSpec>;
  private readonly own: OwnRequests;
  private readonly drops: DropCounter;
  private readonly forwarded = new RequestTable<Forwarded>();
  private readonly traffic: ServerTraffic;
  private readonly holding: HeldMessages<ClientMessage>;
  private sentInitialized = false;
  private eraMeta: Record<string, unknown> | undefined;
  private templatesLoading: Promise<void> | undefined;

  constructor(private readonly opts: GuardCoreOptions) {
    const kinds = pinnedKinds(opts.lock);
    this.verdicts = new SurfaceVerdicts({ ...opts, kinds });
    this.byList = new Map(kinds.map((k) => [k.listMethod, k]));
    this.byUse = new Map(kinds.filter((k) => k.useMethod).map((k) => [k.useMethod!, k]));
    this.own = new OwnRequests(opts.toServer, opts.timeoutMs);
    this.drops = new DropCounter(opts.log);
    this.traffic = new ServerTraffic({
      forwarded: this.forwarded,
      drops: this.drops,
      listChanged: new Set(kinds.map((k) => k.listChanged)),
      onListChanged: () => this.verdicts.markStale(),
      toClient: (m) => this.opts.toClient(frameOf(m)),
      toServer: (m) => this.opts.toServer(frameOf(m)),
    });
    // Lists the whole surface with the guard's own requests, over the same server, and checks it.
    this.holding = new HeldMessages(
      (msg) => this.judgeClient(msg),
      () => this.verdicts.verify(this.own, this.eraMeta, () => this.holding.closed),
    );
  }

  /**
   * Lets reads through resource templates the lock pins, once `match` has loaded (see
   * `templateMatcher`); a read that comes first waits for it. Until then the session goes on.
   */
  useTemplateMatcher(match: Promise<TemplateMatcher>): void {
    const loading = match.then(
      (m) => {
        this.verdicts.templateMatcher = m;
      },
      () => {}, // without it, a read through a template is refused: fail closed
    );
    this.templatesLoading = loading.then(() => {
      this.templatesLoading = undefined;
      if (!this.holding.closed) this.holding.drain();
    });
  }

  /** A frame from the client: a message, or a batch of them. */
  fromClient(frame: Frame): void {
    const m = messageOf(frame);
    if (Array.isArray(m)) for (const one of m) this.clientMessage(readInbound(one));
    else this.clientMessage(readInbound(m));
  }

  /** A frame from the server: a message, or a batch of them, each judged on its own. */
  fromServer(frame: Frame): void {
    const m = messageOf(frame);
    if (Array.isArray(m)) for (const one of m) this.serverMessage(readInbound(one));
    else this.serverMessage(readInbound(m));
  }

  /**
   * A message could not be delivered to the server (HTTP): the guard's own request fails; a
   * client's request is answered with an error that names only the reason (a status or a code),
   * or, when the server refused the guard's `credentials`, the line that says what to run.
   */
  undelivered(message: unknown, why: string, credentials = false): void {
    if (!isObject(message) || typeof message.method !== "string" || message.id === undefined) return;
    if (this.own.fail(message.id, why)) return;
    const entry = this.take(message.id);
    if (!entry) return;
    this.opts.log({ event: "undelivered", method: message.method, reason: why });
    this.answer(entry.original, { error: undeliveredError(why, credentials) });
    if (entry.judged.type === "handshake") {
      this.holding.handshakeInFlight = false;
      this.holding.drain();
    }
  }

  /** A tool's input schema, as last listed or else as pinned (see SurfaceVerdicts.inputSchema). */
  toolInputSchema(name: string): unknown {
    return this.verdicts.inputSchema(name);
  }

  /** Resolves once nothing waits: no handshake answer, no check running, no frame held. */
  async settled(): Promise<void> {
    await this.holding.settled();
  }

  /** The server is gone: the guard's own requests fail, waiting frames are dropped. */
  close(): void {
    this.holding.close();
    this.own.close();
    this.forwarded.clear();
    this.traffic.clear();
  }

  private clientMessage(msg: Inbound): void {
    if (msg.type === "drop") return this.drops.drop(msg.reason, "client");
    if (msg.type === "answer") return this.traffic.clientAnswer(msg);
    // Until the handshake is answered and while the surface is checked, requests and
    // notifications wait, in order (see HeldMessages.mustWait).
    const handshake = msg.type === "request" && HANDSHAKE_METHODS.has(msg.method);
    if (this.holding.mustWait(handshake)) return this.holding.hold(msg);
    this.judgeClient(msg);
  }

  private judgeClient(msg: ClientMessage): void {
    const meta = protocolMeta({ params: msg.params });
    if (meta) {
      this.eraMeta = meta;
      const version = metaProtocolVersion(meta);
      if (version !== undefined) this.opts.onProtocolVersion?.(version);
    }
    if (msg.type === "notification") return this.clientNotification(msg);
    const method = msg.method;
    if (HANDSHAKE_METHODS.has(method)) {
      // What the client declares decides which of the lock's profiles its surface is checked against.
      this.verdicts.handshakeRequest({ method, params: msg.params });
      this.holding.handshakeInFlight = true;
      return this.forward(msg, { type: "handshake", method });
    }
    const list = this.byList.get(method);
    const use = this.byUse.get(method);
    const read = method === "resources/read" && this.verdicts.readsPinned;
    if (!list && !use && !read) return this.forward(msg, PASS);
    if (read && this.templatesLoading) return this.holding.holdFirst(msg);
    if (this.verdicts.stale) {
      this.holding.holdFirst(msg);
      this.holding.startVerification();
      return;
    }
    const refused = list
      ? this.verdicts.listRequest(list)
      : use
        ? this.verdicts.use(use, msg.params)
        : this.verdicts.read(msg.params);
    if (refused) return this.refuse(msg.id, refused.refusal, refused.event);
    this.forward(msg, list ? { type: "list", spec: list } : PASS);
  }

  private clientNotification(msg: Extract<Inbound, { type: "notification" }>): void {
    // The guard sent it already, to list the server before answering the client's initialize.
    if (msg.method === "notifications/initialized" && this.sentInitialized) return;
    let params = msg.params;
    if (msg.method === "notifications/cancelled") {
      // It names the request by the client's id; the server knows it by the guard's.
      const id = this.forwarded.byOriginal(params?.requestId);
      if (id === undefined) return;
      params = { ...params, requestId: id };
    }
    this.opts.toServer(frameOf(notificationMessage(msg.method, params)));
  }

  private forward(msg: ClientRequest, judged: Judged): void {
    const progressToken = this.traffic.progressStarted(msg.params);
    const id = this.forwarded.issue({ original: msg.id, judged, progressToken });
    this.opts.toServer(frameOf(requestMessage(id, msg.method, msg.params)));
  }

  private take(id: unknown): Forwarded | undefined {
    const entry = this.forwarded.take(id);
    if (entry) this.traffic.progressEnded(entry.progressToken);
    return entry;
  }

  private answer(id: RequestId, outcome: { result?: Record<string, unknown>; error?: RpcError }): void {
    this.opts.toClient(frameOf(answerMessage(id, outcome)));
  }

  private refuse(id: RequestId, refusal: Refusal, event: GuardEvent): void {
    this.opts.log(event);
    const { code, message, data } = refusal;
    this.answer(id, { error: { code, message, data } });
  }

  private serverMessage(msg: Inbound): void {
    if (msg.type === "drop") return this.drops.drop(msg.reason);
    if (msg.type === "request") return this.traffic.serverRequest(msg);
    if (msg.type === "notification") return this.traffic.serverNotification(msg);
    if (this.own.answer(msg.id, msg)) return;
    const entry = this.take(msg.id);
    if (!entry) return this.drops.drop("unsolicited");
    if (entry.judged.type === "handshake") return this.onHandshake(entry, msg, entry.judged.method);
    if (msg.malformed) return this.answer(entry.original, { error: MALFORMED_ANSWER });
    if (entry.judged.type === "list" && msg.result) return this.onList(entry, msg.result, entry.judged.spec);
    this.answer(entry.original, msg);
  }

  private onHandshake(entry: Forwarded, msg: Answer, method: string): void {
    this.holding.handshakeInFlight = false;
    const result = msg.result;
    if (!result) {
      // A refused handshake: the client hears the error; the next list or call checks again.
      this.answer(entry.original, msg.malformed ? { error: MALFORMED_ANSWER } : msg);
      this.holding.drain();
      return;
    }
    this.verdicts.handshake(result, this.eraMeta);
    if (method === "initialize") {
      if (typeof result.protocolVersion === "string") this.opts.onProtocolVersion?.(result.protocolVersion);
      // The server is listed before the client hears the answer, so the guard completes the
      // handshake itself; the client's own `initialized` is then not sent twice.
      this.sentInitialized = true;
      this.opts.toServer(frameOf(notificationMessage("notifications/initialized", undefined)));
    }
    this.verdicts.markStale();
    this.holding.startVerification(() =>
      this.answer(entry.original, { result: this.verdicts.handshakeResult(result) }),
    );
  }

  private onList(entry: Forwarded, result: Record<string, unknown>, spec: KindSpec): void {
    const outcome = this.verdicts.listAnswer(spec, result);
    if (outcome.type === "refuse") this.refuse(entry.original, outcome.refusal, outcome.event);
    else this.answer(entry.original, { result: outcome.type === "rewrite" ? outcome.result : result });
  }
}
