import type { ServerSnapshot } from "../mcp/snapshot.js";
import type { Lock } from "../pin/lock.js";
import { checkPin, type PinFailOn, type PinReport } from "../pin/verify.js";
import { pinnedClientCapabilities } from "../pin/verify-profiles.js";
import type { ServerOptions } from "./server.js";

/** A pin check made on the same listing as another command (`--pin LOCK` on lint and test). */
export interface PinCheckOption {
  lock: Lock;
  /** What fails the check (default `drift`). */
  failOn?: PinFailOn;
}

/**
 * The server options with the client capabilities a check against `lock` lists the server with:
 * the lock's (asking for others is a `CLIENT_CAPABILITIES` error).
 */
export function withLockCapabilities<T extends ServerOptions>(opts: T, lock: Lock | undefined): T {
  if (lock === undefined) return opts;
  const clientCapabilities = pinnedClientCapabilities(lock, opts.connect?.clientCapabilities);
  return { ...opts, connect: { ...opts.connect, clientCapabilities } };
}

/** Runs the pin check, when one is asked for, on a snapshot already taken. */
export function pinCheckOn(pin: PinCheckOption | undefined, snapshot: ServerSnapshot): PinReport | undefined {
  return pin && checkPin(pin.lock, snapshot, { failOn: pin.failOn ?? "drift" });
}
