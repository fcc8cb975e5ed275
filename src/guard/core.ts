// The guard between a client and a server: a relay first. Frames pass on unread and unchanged,
// with their ids, unless they are what the guard exists to judge: the handshake answer (for the
// instructions), list requests and their answers, item calls (a set lookup), and list_changed.
import { randomUUID } from "node:crypto";
import type { Lock } from "../pin/lock.js";
import type { PinRule } from "../pin/verify.js";
import { isObject } from "../util/json.js";
import {
  checkPage,
  checkSurface,
  indexLock,
  type HandshakeFacts,
  type LockIndex,
  type WithheldItems,
  type Withholding,
} from "./check.js";
import type { GuardEvent, GuardLog } from "./events.js";
import { frameOf, idKey, messageOf, type Frame } from "./frame.js";
import { HANDSHAKE_METHODS, handshakeFacts, metaProtocolVersion, protocolMeta } from "./handshake.js";
import { pinnedKinds, type ItemKind, type KindSpec } from "./kinds.js";
import { driftBlocked, GUARD_ERRORS, notApproved, unverified, type Refusal } from "./refusal.js";

/** What the guard does on drift: withhold the drifted items, refuse everything, or only log. */
export type DriftMode = "hide" | "block" | "warn";
/** The `--on-drift` choices. */
export const DRIFT_MODES: readonly DriftMode[] = ["hide", "block", "warn"];

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

interface OwnRequest {
  resolve: (message: Record<string, unknown>) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

// A reason the surface could not be checked, in words that quote nothing the server sent.
class Unverifiable extends Error {}

const MAX_PAGES = 10_000;
const METHOD_NOT_FOUND = -32601;
const NO_FACTS: HandshakeFacts = { server: {}, protocol: "", capabilities: {}, instructions: null };

/**
 * The decisions of the guard over frames; it owns no stream or process (see `serveStdio` and
 * `createGuard`). Feed it what each side sends; it calls `toServer` and `toClient`.
 */
export class GuardCore {
  private readonly index: LockIndex;
  private readonly kinds: readonly KindSpec[];
  private readonly byList: Map<string, KindSpec>;
  private readonly byUse: Map<string, KindSpec>;
  private readonly byListChanged: Set<string>;
  private readonly judged = new Map<string, Judged>();
  private readonly own = new Map<string, OwnRequest>();
  private readonly held: Frame[] = [];
  // The guard's own requests use ids no client picks, so their answers are never confused.
  private readonly idPrefix = `toolscore-guard-${randomUUID()}-`;
  private nextOwn = 1;
  private facts: HandshakeFacts | undefined;
  private serverCapabilitiesKnown = false;
  private handshakeInFlight = false;
  private sentInitialized = false;
  private eraMeta: Record<string, unknown> | undefined;
  private stale = true;
  private verifying: Promise<void> | undefined;
  private withheld: WithheldItems = new Map();
  private instructionsChanged = false;
  private driftRules: PinRule[] = [];
  private unverifiedReason: string | undefined;
  private closed = false;

  constructor(private readonly opts: GuardCoreOptions) {
    this.kinds = pinnedKinds(opts.lock);
    this.index = indexLock(opts.lock, this.kinds);
    this.byList = new Map(this.kinds.map((k) => [k.listMethod, k]));
    this.byUse = new Map(this.kinds.filter((k) => k.useMethod).map((k) => [k.useMethod!, k]));
    this.byListChanged = new Set(this.kinds.map((k) => k.listChanged));
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
    const own = key === undefined ? undefined : this.own.get(key);
    if (own) {
      this.own.delete(key!);
      clearTimeout(own.timer);
      own.resolve(m);
      return;
    }
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
    const own = key === undefined ? undefined : this.own.get(key);
    if (own) {
      this.own.delete(key!);
      clearTimeout(own.timer);
      own.reject(new Unverifiable(`the server could not be reached (${why})`));
      return;
    }
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
    for (const [key, own] of this.own) {
      clearTimeout(own.timer);
      this.own.delete(key);
      own.reject(new Unverifiable("the server is gone"));
    }
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
    const refusal = this.standingRefusal(spec.listMethod);
    if (refusal && this.opts.onDrift !== "warn") {
      this.refuse(m, refusal, { event: "refused", method: spec.listMethod, kind: spec.kind });
      return;
    }
    this.judged.set(key, { type: "list", spec });
    this.opts.toServer(frame);
  }

  private passUse(frame: Frame, m: Record<string, unknown>, spec: KindSpec): void {
    const method = spec.useMethod!;
    const params = isObject(m.params) ? m.params : {};
    const name = typeof params.name === "string" ? params.name : JSON.stringify(params.name ?? null);
    const refusal =
      this.standingRefusal(method, { kind: spec.kind, name }) ?? this.itemRefusal(spec, params.name);
    if (!refusal) {
      this.opts.toServer(frame);
      return;
    }
    const rule = (refusal.data.rule as PinRule | undefined) ?? undefined;
    const event: GuardEvent = { event: "refused", method, kind: spec.kind, name, rule };
    if (this.opts.onDrift === "warn") {
      this.opts.log({ ...event, event: "warned" });
      this.opts.toServer(frame);
      return;
    }
    this.refuse(m, refusal, event);
  }

  // Refusals that hold whatever is asked: the surface could not be checked, or drift blocks all.
  private standingRefusal(method: string, item?: { kind: ItemKind; name: string }): Refusal | undefined {
    if (this.unverifiedReason !== undefined)
      return unverified(method, this.unverifiedReason, this.opts.review);
    if (this.opts.onDrift === "block" && this.driftRules.length)
      return driftBlocked(method, this.driftRules, this.opts.review, item);
    return undefined;
  }

  // A call is let through only for an item in the lock that the latest verified listing did not withhold.
  private itemRefusal(spec: KindSpec, name: unknown): Refusal | undefined {
    const shown = typeof name === "string" ? name : JSON.stringify(name ?? null);
    const why = typeof name === "string" ? this.withheld.get(spec.kind)?.get(name) : undefined;
    if (why) return notApproved(spec.kind, shown, why, this.opts.review);
    if (typeof name !== "string" || !this.index.get(spec.kind)?.has(name))
      return notApproved(spec.kind, shown, { rule: spec.addedRule, fields: [] }, this.opts.review);
    return undefined;
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
    this.facts = handshakeFacts(result, this.eraMeta);
    this.serverCapabilitiesKnown = isObject(result.capabilities);
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
    const unapproved = this.instructionsChanged || this.unverifiedReason !== undefined;
    if (!unapproved || this.opts.onDrift === "warn" || !Object.hasOwn(result, "instructions")) {
      this.opts.toClient(frame);
      return;
    }
    const { instructions: _dropped, ...rest } = result;
    this.opts.toClient(frameOf({ ...m, result: rest }));
  }

  private onList(frame: Frame, m: Record<string, unknown>, spec: KindSpec): void {
    const result = m.result;
    const items = isObject(result) ? result[spec.resultKey] : undefined;
    if (!isObject(result) || !Array.isArray(items)) {
      this.opts.toClient(frame); // an error, or an answer that lists nothing a client could use
      return;
    }
    let page;
    try {
      page = checkPage(this.opts.lock, this.index, this.facts ?? NO_FACTS, spec, items);
    } catch {
      const refusal = unverified(spec.listMethod, "its answer could not be checked", this.opts.review);
      this.refuse(m, refusal, { event: "refused", method: spec.listMethod, kind: spec.kind });
      return;
    }
    const latest = this.withheld.get(spec.kind) ?? new Map<string, Withholding>();
    this.withheld.set(spec.kind, latest);
    for (const n of page.keys) {
      const why = page.withheld.get(n);
      if (why) latest.set(n, why);
      else latest.delete(n);
    }
    if (page.withheld.size === 0 && page.malformed === 0) {
      this.opts.toClient(frame);
      return;
    }
    const mode = this.opts.onDrift;
    for (const [name, why] of page.withheld)
      this.opts.log({
        event: mode === "warn" ? "warned" : "withheld",
        kind: spec.kind,
        name,
        rule: why.rule,
        fields: why.fields,
      });
    if (mode === "warn") {
      this.opts.toClient(frame);
      return;
    }
    if (mode === "block") {
      const rules = [...page.withheld.values()].map((w) => w.rule);
      this.driftRules = [...new Set([...this.driftRules, ...rules])];
      const refusal = driftBlocked(spec.listMethod, this.driftRules, this.opts.review);
      this.refuse(m, refusal, { event: "refused", method: spec.listMethod, kind: spec.kind });
      return;
    }
    const kept = items.filter((i) => isObject(i) && !page.withheld.has(spec.keyOf(i)));
    this.opts.toClient(frameOf({ ...m, result: { ...result, [spec.resultKey]: kept } }));
  }

  private startVerification(then?: () => void): void {
    if (this.verifying || this.handshakeInFlight || this.closed) return;
    this.verifying = this.verify().then(() => {
      this.verifying = undefined;
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
    try {
      this.facts ??= await this.discover();
      const items = new Map<KindSpec, unknown[]>();
      for (const spec of this.kinds) items.set(spec, await this.listAll(spec));
      const verdict = checkSurface(this.opts.lock, this.facts, items);
      this.withheld = verdict.withheld;
      this.instructionsChanged = verdict.instructionsChanged;
      this.driftRules = [...new Set(verdict.report.findings.filter((f) => f.failing).map((f) => f.rule))];
      this.unverifiedReason = undefined;
      this.logVerdict(items, verdict.withheld, verdict.report.ok);
    } catch (e) {
      this.unverifiedReason = e instanceof Unverifiable ? e.message : "the check failed";
      this.opts.log({ event: "unverified", reason: this.unverifiedReason });
    }
  }

  private logVerdict(items: Map<KindSpec, unknown[]>, withheld: WithheldItems, ok: boolean): void {
    const event = this.opts.onDrift === "warn" ? "warned" : "withheld";
    let count = 0;
    for (const [kind, byName] of withheld)
      for (const [name, why] of byName) {
        count++;
        this.opts.log({ event, kind, name, rule: why.rule, fields: why.fields });
      }
    if (this.instructionsChanged)
      this.opts.log({ event, kind: "instructions", rule: "pin-instructions-changed" });
    let listed = 0;
    for (const list of items.values()) listed += list.length;
    this.opts.log({ event: "verified", items: listed, withheld: count, ok });
  }

  // A stateless client may skip server/discover: the guard asks for itself, in the client's era.
  private async discover(): Promise<HandshakeFacts> {
    if (metaProtocolVersion(this.eraMeta) === undefined) return NO_FACTS;
    const m = await this.request("server/discover", this.eraMeta ? { _meta: this.eraMeta } : {});
    if (!isObject(m.result)) throw new Unverifiable("the server answered server/discover with an error");
    this.serverCapabilitiesKnown = isObject(m.result.capabilities);
    return handshakeFacts(m.result, this.eraMeta);
  }

  private async listAll(spec: KindSpec): Promise<unknown[]> {
    if (this.serverCapabilitiesKnown && !Object.hasOwn(this.facts?.capabilities ?? {}, spec.capability))
      return [];
    const items: unknown[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const params: Record<string, unknown> = {};
      if (cursor !== undefined) params.cursor = cursor;
      if (this.eraMeta) params._meta = this.eraMeta;
      const m = await this.request(spec.listMethod, params);
      // A declared kind whose list the server does not know is empty, as mcp pin reads it.
      if (spec.kind !== "tool" && isObject(m.error) && m.error.code === METHOD_NOT_FOUND) return items;
      const result = isObject(m.result) ? m.result : undefined;
      if (!result) throw new Unverifiable(`the server answered ${spec.listMethod} with an error`);
      const list = result[spec.resultKey];
      if (!Array.isArray(list))
        throw new Unverifiable(`the server's ${spec.listMethod} answer has no ${spec.resultKey} list`);
      for (const item of list) items.push(item);
      const next = result.nextCursor;
      if (next === undefined || next === null || next === "") return items;
      if (typeof next !== "string" || seen.has(next))
        throw new Unverifiable(`the server's ${spec.listMethod} pages do not end`);
      seen.add(next);
      cursor = next;
    }
    throw new Unverifiable(`the server sent more than ${MAX_PAGES} pages of ${spec.listMethod}`);
  }

  private request(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (this.closed) return Promise.reject(new Unverifiable("the server is gone"));
    const id = `${this.idPrefix}${this.nextOwn++}`;
    const key = idKey(id)!;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.own.delete(key);
        const cancel = { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id } };
        this.opts.toServer(frameOf(cancel));
        reject(new Unverifiable(`the server did not answer ${method} in time`));
      }, this.opts.timeoutMs);
      this.own.set(key, { resolve, reject, timer });
      this.opts.toServer(frameOf({ jsonrpc: "2.0", id, method, params }));
    });
  }
}
