// The messages the guard drops, counted per reason. The first of each reason is logged at once;
// after that only the tenth, hundredth, thousandth..., so that a server that floods the guard with
// what it does not pass cannot flood the log: a few lines per reason, with the count so far.
import type { GuardLog } from "./events.js";
import type { DropReason } from "./inbound.js";

/** Counts and logs dropped messages. */
export class DropCounter {
  private readonly counts = new Map<string, number>();

  constructor(private readonly log: GuardLog) {}

  /** One message dropped for `reason`, from `from`. */
  drop(reason: DropReason, from: "server" | "client" = "server"): void {
    const key = `${from}:${reason}`;
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    if (count === 1 || isPowerOfTen(count)) this.log({ event: "dropped", reason, from, count });
  }

  /** How many were dropped for `reason` (from the server unless said). */
  count(reason: DropReason, from: "server" | "client" = "server"): number {
    return this.counts.get(`${from}:${reason}`) ?? 0;
  }
}

function isPowerOfTen(n: number): boolean {
  while (n >= 10 && n % 10 === 0) n /= 10;
  return n === 1;
}
