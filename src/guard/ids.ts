// The guard's request tables. Every request it passes on travels under an id of the guard's own,
// random, so that a server can neither answer a request before it was sent nor collide with an
// id a client picked; the answer is mapped back to the id the client used. The same holds the
// other way for the server's requests to the client. Ids are compared as JSON-RPC compares them:
// the string "1" is not the number 1, and an id that only matches by coercion matches nothing.
import { randomUUID } from "node:crypto";

/** A JSON-RPC request id: a string or a number. */
export type RequestId = string | number;

/** True for a value JSON-RPC allows as a request id (a string, or a finite number). */
export function isRequestId(id: unknown): id is RequestId {
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id));
}

/** A fresh id no one else can guess: what the guard sends in place of the sender's own. */
export function freshId(): string {
  return randomUUID();
}

// A map key that keeps the number 1 and the string "1" apart.
function keyOf(id: RequestId): string {
  return typeof id === "number" ? `n${id}` : `s${id}`;
}

/**
 * Requests in flight under the guard's own ids. `issue` records one and returns the id to send;
 * `take` finds it by the id an answer carries (a string, exactly as issued) and forgets it, so a
 * second answer finds nothing. `byOriginal` finds the guard's id of a request by the sender's id,
 * for the messages that name a request (`notifications/cancelled`).
 */
export class RequestTable<T extends { original: RequestId }> {
  private readonly pending = new Map<string, T>();
  private readonly originals = new Map<string, string>();

  /** How many are in flight. */
  get size(): number {
    return this.pending.size;
  }

  /** Records `entry` and returns the id it travels under. */
  issue(entry: T): string {
    const id = freshId();
    this.pending.set(id, entry);
    this.originals.set(keyOf(entry.original), id);
    return id;
  }

  /** The entry whose id is exactly `id`, without forgetting it. */
  peek(id: unknown): T | undefined {
    return typeof id === "string" ? this.pending.get(id) : undefined;
  }

  /** The entry whose id is exactly `id`, forgotten: an id is answered once. */
  take(id: unknown): T | undefined {
    const entry = this.peek(id);
    if (!entry) return undefined;
    this.pending.delete(id as string);
    const key = keyOf(entry.original);
    if (this.originals.get(key) === id) this.originals.delete(key);
    return entry;
  }

  /** The id the guard sent a request under, by the sender's own id. */
  byOriginal(original: unknown): string | undefined {
    return isRequestId(original) ? this.originals.get(keyOf(original)) : undefined;
  }

  /** Every entry in flight. */
  values(): IterableIterator<T> {
    return this.pending.values();
  }

  /** Forgets every entry. */
  clear(): void {
    this.pending.clear();
    this.originals.clear();
  }
}
