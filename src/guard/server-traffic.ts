// What the server may send the client besides answers, as an allow-list: the notifications the
// guard knows, each only where it belongs (progress and log messages for requests in flight, a
// cancellation for a request the server made, a subscription's notifications for a subscription
// the client opened), and the requests a server may make of a client (ping, roots, sampling,
// elicitation) under ids of the guard's own, whose answers from the client are mapped back.
import { isObject } from "../util/json.js";
import type { DropCounter } from "./drops.js";
import { PROTOCOL_META_PREFIX } from "./handshake.js";
import { RequestTable, isRequestId, type RequestId } from "./ids.js";
import { answerMessage, notificationMessage, requestMessage, type Inbound } from "./inbound.js";

type Message = Record<string, unknown>;

/** The requests a server may make of the client. */
const SERVER_REQUESTS = new Set(["ping", "roots/list", "sampling/createMessage", "elicitation/create"]);

/** The notifications that pass whenever they come (list changes re-check the surface first). */
const ALWAYS = new Set([
  "notifications/tools/list_changed",
  "notifications/prompts/list_changed",
  "notifications/resources/list_changed",
  "notifications/resources/updated",
  "notifications/elicitation/complete",
  "notifications/subscriptions/acknowledged",
]);

const SUBSCRIPTION_ID = `${PROTOCOL_META_PREFIX}subscriptionId`;
const METHOD_NOT_FOUND = -32601;

/** What {@link ServerTraffic} shares with the core. */
export interface TrafficOptions {
  /** The client's requests in flight, under the guard's ids. */
  forwarded: RequestTable<{ original: RequestId }>;
  drops: DropCounter;
  /** The list_changed notifications of the kinds the lock pins. */
  listChanged: ReadonlySet<string>;
  onListChanged: () => void;
  toClient: (m: Message) => void;
  toServer: (m: Message) => void;
}

/** Routes the server's notifications and requests, and the client's answers to those requests. */
export class ServerTraffic {
  private readonly asked = new RequestTable<{ original: RequestId }>();
  // Progress tokens of the client's requests in flight, with how many requests use each.
  private readonly tokens = new Map<string, number>();

  constructor(private readonly opts: TrafficOptions) {}

  /** A client request is forwarded: its progress token (as a key) now has a request in flight. */
  progressStarted(params: Message | undefined): string | undefined {
    const meta = isObject(params?._meta) ? params._meta : undefined;
    const key = tokenKey(meta?.progressToken);
    if (key !== undefined) this.tokens.set(key, (this.tokens.get(key) ?? 0) + 1);
    return key;
  }

  /** A client request was answered: its progress token has one request fewer. */
  progressEnded(key: string | undefined): void {
    if (key === undefined) return;
    const n = (this.tokens.get(key) ?? 1) - 1;
    if (n > 0) this.tokens.set(key, n);
    else this.tokens.delete(key);
  }

  /** A request from the server: passed under a new id when the client may be asked it. */
  serverRequest(msg: Extract<Inbound, { type: "request" }>): void {
    if (!SERVER_REQUESTS.has(msg.method)) {
      this.opts.drops.drop("request");
      const error = { code: METHOD_NOT_FOUND, message: "Method not found" };
      return this.opts.toServer(answerMessage(msg.id, { error }));
    }
    const id = this.asked.issue({ original: msg.id });
    this.opts.toClient(requestMessage(id, msg.method, msg.params));
  }

  /** The client's answer to a request the server made: back to the server under its own id. */
  clientAnswer(msg: Extract<Inbound, { type: "answer" }>): void {
    const entry = this.asked.take(msg.id);
    if (!entry) return this.opts.drops.drop("unsolicited", "client");
    const outcome = msg.malformed
      ? { error: { code: -32603, message: "the client's answer was not a valid JSON-RPC response" } }
      : msg;
    this.opts.toServer(answerMessage(entry.original, outcome));
  }

  /** A notification from the server: passed where it belongs, dropped otherwise. */
  serverNotification(msg: Extract<Inbound, { type: "notification" }>): void {
    const { method } = msg;
    let params = msg.params;
    // A subscription's notification names the subscription by the id of the client's request.
    const meta = isObject(params?._meta) ? params._meta : undefined;
    if (meta && Object.hasOwn(meta, SUBSCRIPTION_ID)) {
      const entry = this.opts.forwarded.peek(meta[SUBSCRIPTION_ID]);
      if (!entry) return this.opts.drops.drop("unrelated");
      params = { ...params, _meta: { ...meta, [SUBSCRIPTION_ID]: entry.original } };
    }
    if (ALWAYS.has(method)) {
      if (this.opts.listChanged.has(method)) this.opts.onListChanged();
    } else if (method === "notifications/progress") {
      const key = tokenKey(params?.progressToken);
      if (key === undefined || !this.tokens.has(key)) return this.opts.drops.drop("unrelated");
    } else if (method === "notifications/message") {
      if (this.opts.forwarded.size === 0) return this.opts.drops.drop("unrelated");
    } else if (method === "notifications/cancelled") {
      // The server withdraws a request it made of the client: named by the guard's id there.
      const id = this.asked.byOriginal(params?.requestId);
      if (id === undefined || !this.asked.take(id)) return this.opts.drops.drop("unrelated");
      params = { ...params, requestId: id };
    } else {
      return this.opts.drops.drop("notification");
    }
    this.opts.toClient(notificationMessage(method, params));
  }

  /** Forgets every request in flight (the session is over). */
  clear(): void {
    this.asked.clear();
    this.tokens.clear();
  }
}

// A progress token as a map key that keeps the number 1 and the string "1" apart.
function tokenKey(token: unknown): string | undefined {
  if (!isRequestId(token)) return undefined;
  return typeof token === "number" ? `n${token}` : `s${token}`;
}
