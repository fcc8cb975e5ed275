// The guard's own requests to the server: the listing it makes itself, over the same server
// process, before the client's handshake is answered and after each list_changed. Each has a
// random id of its own, so that its answers are never confused with the client's, and a server
// cannot answer one before it was sent.
import type { UnlistedKinds } from "../mcp/surface.js";
import { isObject } from "../util/json.js";
import type { HandshakeFacts } from "./check.js";
import { frameOf, type Frame } from "./frame.js";
import { handshakeFacts, metaProtocolVersion } from "./handshake.js";
import { freshId } from "./ids.js";
import type { KindSpec } from "./kinds.js";

/** A reason the surface could not be checked, in words that quote nothing the server sent. */
export class Unverifiable extends Error {}

/** A kind's list answered with an error: only its JSON-RPC code is kept. */
class Unlisted extends Error {
  constructor(readonly code: number) {
    super("not listed");
  }
}

interface Pending {
  resolve: (message: Record<string, unknown>) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

const MAX_PAGES = 10_000;
const METHOD_NOT_FOUND = -32601;

/** The guard's requests in flight, each under a time limit. */
export class OwnRequests {
  private readonly pending = new Map<string, Pending>();
  private closed = false;

  constructor(
    private readonly toServer: (frame: Frame) => void,
    private readonly timeoutMs: number,
  ) {}

  /** How many are waiting for an answer. */
  get size(): number {
    return this.pending.size;
  }

  /** Sends a request; resolves with the server's answer (a result or an error). */
  request(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (this.closed) return Promise.reject(new Unverifiable("the server is gone"));
    const id = freshId();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        const cancel = { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id } };
        this.toServer(frameOf(cancel));
        reject(new Unverifiable(`the server did not answer ${method} in time`));
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.toServer(frameOf({ jsonrpc: "2.0", id, method, params }));
    });
  }

  /**
   * An answer with the id `id` (its result or error): true when it was the guard's, exactly that
   * id (and is now taken).
   */
  answer(id: unknown, message: { result?: Record<string, unknown>; error?: unknown }): boolean {
    const p = this.take(id);
    p?.resolve({ result: message.result, error: message.error });
    return p !== undefined;
  }

  /** A request with the id `id` could not be delivered: true when it was the guard's. */
  fail(id: unknown, why: string): boolean {
    const p = this.take(id);
    p?.reject(new Unverifiable(`the server could not be reached (${why})`));
    return p !== undefined;
  }

  /** The server is gone: every request fails, and so does any made later. */
  close(): void {
    this.closed = true;
    for (const key of [...this.pending.keys()])
      this.take(key)!.reject(new Unverifiable("the server is gone"));
  }

  private take(id: unknown): Pending | undefined {
    const p = typeof id === "string" ? this.pending.get(id) : undefined;
    if (!p) return undefined;
    this.pending.delete(id as string);
    clearTimeout(p.timer);
    return p;
  }
}

/**
 * Every page of one kind's list, in the client's era (`meta`). A declared kind whose list the
 * server does not know is empty, as mcp pin reads it; any other error, a page without its list,
 * or pages that do not end make the surface unverifiable.
 */
export async function listAll(
  requests: OwnRequests,
  spec: KindSpec,
  meta: Record<string, unknown> | undefined,
): Promise<unknown[]> {
  const items: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const params: Record<string, unknown> = {};
    if (cursor !== undefined) params.cursor = cursor;
    if (meta) params._meta = meta;
    const m = await requests.request(spec.listMethod, params);
    if (spec.kind !== "tool" && isObject(m.error) && m.error.code === METHOD_NOT_FOUND) return items;
    // A kind other than tools that the server cannot list at all (a database it cannot reach) is
    // not listed, as mcp pin records it: the check then says so, and never takes it for empty.
    if (spec.kind !== "tool" && page === 0 && isObject(m.error) && Number.isInteger(m.error.code))
      throw new Unlisted(m.error.code as number);
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

/** What the server said about itself, as far as the pin check compares it. */
export interface KnownFacts {
  facts: HandshakeFacts;
  /** The answer had a capabilities object: a kind it does not declare has nothing to list. */
  serverCapabilitiesKnown: boolean;
}

/** The server's whole surface, as the guard listed it itself. */
export interface ListedSurface extends KnownFacts {
  items: Map<KindSpec, unknown[]>;
  /** The kinds the server answered with an error when listed, by lock key. */
  unlisted: UnlistedKinds;
  listed: number;
}

/** Facts for a server that said nothing about itself (a stateless client skipped discovery). */
export const NO_FACTS: HandshakeFacts = { server: {}, protocol: "", capabilities: {}, instructions: null };

/**
 * Lists every kind the lock pins, all pages. Without a handshake heard (a stateless client may skip
 * server/discover), the guard discovers the server itself, in the client's era.
 */
export async function listSurface(
  requests: OwnRequests,
  kinds: readonly KindSpec[],
  meta: Record<string, unknown> | undefined,
  known: KnownFacts | undefined,
): Promise<ListedSurface> {
  const { facts, serverCapabilitiesKnown } = known ?? (await discover(requests, meta));
  const items = new Map<KindSpec, unknown[]>();
  const unlisted: UnlistedKinds = {};
  let listed = 0;
  for (const spec of kinds) {
    const declared = !serverCapabilitiesKnown || Object.hasOwn(facts.capabilities, spec.capability);
    try {
      const list = declared ? await listAll(requests, spec, meta) : [];
      items.set(spec, list);
      listed += list.length;
    } catch (e) {
      if (!(e instanceof Unlisted) || spec.lockKey === "tools") throw e;
      unlisted[spec.lockKey] = { code: e.code };
    }
  }
  return { facts, serverCapabilitiesKnown, items, unlisted, listed };
}

async function discover(
  requests: OwnRequests,
  meta: Record<string, unknown> | undefined,
): Promise<KnownFacts> {
  if (metaProtocolVersion(meta) === undefined) return { facts: NO_FACTS, serverCapabilitiesKnown: false };
  const m = await requests.request("server/discover", meta ? { _meta: meta } : {});
  if (!isObject(m.result)) throw new Unverifiable("the server answered server/discover with an error");
  return { facts: handshakeFacts(m.result, meta), serverCapabilitiesKnown: isObject(m.result.capabilities) };
}
