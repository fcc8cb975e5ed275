// What the guard decides, as data: one event per decision, for the --log file (one JSON line
// each), a short stderr line, and a host's own log when the guard is embedded.
import type { PinRule } from "../pin/verify.js";
import { escapeLine } from "../util/unicode.js";
import type { ItemKind } from "./kinds.js";

/** The decisions the guard logs. */
export type GuardEventName =
  | "verified"
  | "withheld"
  | "removed"
  | "refused"
  | "warned"
  | "dropped"
  | "undelivered"
  | "unverified"
  | "lock-invalid"
  | "server-exited"
  | "closed"
  | "stopped";

/** One decision. Names come from the server and are kept exact; no header or env value is ever here. */
export interface GuardEvent {
  event: GuardEventName;
  /** The item concerned: a tool, or the server's instructions. */
  kind?: ItemKind | "instructions";
  name?: string;
  rule?: PinRule;
  /** The pinned fields that changed. */
  fields?: string[];
  /** `refused`: the request refused. */
  method?: string;
  /** `verified`: items listed and withheld, and whether the whole check passed. */
  items?: number;
  withheld?: number;
  ok?: boolean;
  /** `dropped`: which side sent what was dropped, and how many so far for this reason. */
  from?: "server" | "client";
  count?: number;
  /** `server-exited`: how. */
  code?: number | null;
  signal?: string | null;
  /**
   * `unverified`, `lock-invalid`, `stopped` (the guard ended the session: a limit, a server no
   * longer reachable), a refused list: why, in words that quote nothing the server sent.
   */
  reason?: string;
}

/** Receives the guard's decisions. */
export type GuardLog = (event: GuardEvent) => void;

// What each drop reason stands for, in words for the stderr line.
const DROPPED: Record<string, string> = {
  unparseable: "a line that is not JSON",
  invalid: "a message that is not JSON-RPC 2.0",
  unsolicited: "an answer to no request in flight",
  notification: "a notification of a kind the guard does not pass",
  request: "a request of a kind the guard does not pass",
  unrelated: "a progress or log message for no request in flight",
  "nested-batch": "a batch inside a batch",
};

function describe(e: GuardEvent): string {
  const what =
    e.kind === "instructions"
      ? "the instructions"
      : e.kind
        ? `${e.kind.replace("_", " ")} '${e.name ?? ""}'`
        : "";
  const rule = e.rule ? ` (${e.rule}${e.fields?.length ? `: ${e.fields.join(", ")}` : ""})` : "";
  switch (e.event) {
    case "verified":
      return `verified ${e.items ?? 0} item(s) against the lock: ${e.ok ? "no drift" : `drift, ${e.withheld ?? 0} withheld`}`;
    case "refused":
      // A refused list names no item: the reason says why instead.
      return `refused ${e.method ?? "a request"}${e.name !== undefined && e.kind && e.kind !== "instructions" ? ` for ${what}` : ""}${rule}${e.reason ? `: ${e.reason}` : ""}`;
    case "server-exited":
      return `the server exited (${e.signal ? `signal ${e.signal}` : `code ${String(e.code)}`})`;
    case "closed":
      return "the client closed the session; the session with the server was ended";
    case "stopped":
      return `ended the session: ${e.reason ?? ""}`;
    case "undelivered":
      return `could not pass ${e.method ?? "a request"} on to the server: ${e.reason ?? ""}`;
    case "dropped":
      return `dropped ${DROPPED[e.reason ?? ""] ?? "a message"} from the ${e.from ?? "server"} (${e.count ?? 1} so far)`;
    case "unverified":
    case "lock-invalid":
      return `${e.event}: ${e.reason ?? ""}`;
    default:
      return `${e.event} ${what}${rule}`;
  }
}

/**
 * The CLI's log: each event as one JSON line, with the time and the server's label, handed to
 * `append` (the --log file), and one short line on stderr, escaped for a terminal.
 */
export function createEventLog(opts: {
  append?: (line: string) => void;
  server: string;
  stderr: (text: string) => void;
}): GuardLog {
  return (e) => {
    opts.append?.(`${JSON.stringify({ time: new Date().toISOString(), server: opts.server, ...e })}\n`);
    opts.stderr(`toolscore guard: ${escapeLine(describe(e))}\n`);
  };
}
