// The JSON-RPC errors the guard answers with itself. Their text reaches the model, so it names the
// item, the rule id and how to review, and never quotes what the server changed.
import type { PinRule } from "../pin/verify.js";
import { escapeLine } from "../util/unicode.js";
import type { Withholding } from "./check.js";
import type { RpcError } from "./inbound.js";
import type { ItemKind } from "./kinds.js";

/** The guard's error codes, in the implementation-defined range of JSON-RPC (-32000 to -32099). */
export const GUARD_ERRORS = {
  /** The item is not in the lock, or was withheld from the latest verified listing. */
  NOT_APPROVED: -32001,
  /** `--on-drift block`: the server drifted, so every list and call is refused. */
  DRIFT_BLOCKED: -32002,
  /** The guard could not list or check the server, so nothing is let through. */
  UNVERIFIED: -32003,
  /** The guard could not pass the request on to the server (HTTP). */
  UPSTREAM_FAILED: -32004,
  /** The server's answer to the request was neither one result nor one error. */
  MALFORMED_ANSWER: -32005,
  /** The server at a URL refused the guard's credentials: a sign-in is needed, or a token or scope refused. */
  SIGN_IN_NEEDED: -32006,
} as const;

const REASONS: Partial<Record<PinRule, (w: Withholding) => string>> = {
  "pin-tool-duplicated": () => "the server lists it more than once",
  "pin-tool-added": () => "it is not in the lock",
  "pin-tool-excluded": () => "the lock leaves it out (excluded_tools): it was not approved",
  "pin-prompt-added": () => "it is not in the lock",
  "pin-resource-added": () => "it is not in the lock",
  "pin-prompt-changed": (w) => `it changed since it was pinned (${w.fields.join(", ") || "definition"})`,
  "pin-resource-changed": (w) => `it changed since it was pinned (${w.fields.join(", ") || "definition"})`,
  "pin-tool-changed": (w) => `it changed since it was pinned (${w.fields.join(", ") || "definition"})`,
  "pin-capability-added": (w) =>
    `it gained a capability the lock does not allow (${w.capabilities?.join(", ") || "delete or exec"})`,
};

// A name comes from the client's request: shown on one line and bounded, never as markup.
function shownName(name: string): string {
  const line = escapeLine(name);
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
}

const KIND_LABEL: Record<ItemKind, string> = {
  tool: "tool",
  prompt: "prompt",
  resource_template: "resource template",
  resource: "resource",
};

/** What the refusal of one item says, and the facts a program can read. */
export interface Refusal {
  code: number;
  message: string;
  data: Record<string, unknown>;
}

/** The refusal of an item that is not approved: not in the lock, or withheld. */
export function notApproved(kind: ItemKind, name: string, why: Withholding, review: string): Refusal {
  const reason = REASONS[why.rule]?.(why) ?? "it is not approved by the lock";
  return {
    code: GUARD_ERRORS.NOT_APPROVED,
    message: `toolscore guard: ${KIND_LABEL[kind]} '${shownName(name)}' is withheld: ${reason} (${why.rule}). Review the change with: ${review}; if it is wanted, pin the server again with toolscore mcp pin.`,
    data: { kind, name, rule: why.rule, fields: why.fields, review },
  };
}

/** The refusal of a list or call while the server has drifted (`--on-drift block`). */
export function driftBlocked(
  method: string,
  rules: readonly PinRule[],
  review: string,
  item?: { kind: ItemKind; name: string },
): Refusal {
  const what = item ? `${KIND_LABEL[item.kind]} '${shownName(item.name)}'` : method;
  return {
    code: GUARD_ERRORS.DRIFT_BLOCKED,
    message: `toolscore guard: refused ${what}: the server drifted from its lock (${rules.join(", ")}), and drift blocks every list and call. Review the change with: ${review}; if it is wanted, pin the server again with toolscore mcp pin.`,
    data: { method, rules, review, ...(item ? { kind: item.kind, name: item.name } : {}) },
  };
}

/** The refusal of a list or call when the guard could not check the server. */
export function unverified(method: string, reason: string, review: string): Refusal {
  return {
    code: GUARD_ERRORS.UNVERIFIED,
    message: `toolscore guard: refused ${method}: the server could not be checked against its lock (${reason}). Check it with: ${review}`,
    data: { method, review },
  };
}

/**
 * The error for a request that could not be delivered to the server (HTTP): it names only the
 * reason (a status or a code), or, when the server refused the guard's `credentials`, the line
 * that says what to run (toolscore mcp login URL).
 */
export function undeliveredError(why: string, credentials: boolean): RpcError {
  return credentials
    ? { code: GUARD_ERRORS.SIGN_IN_NEEDED, message: `toolscore guard: ${why}` }
    : {
        code: GUARD_ERRORS.UPSTREAM_FAILED,
        message: `toolscore guard: the server could not be reached (${why})`,
      };
}

/** The answer to a request whose answer from the server was neither one result nor one error. */
export const MALFORMED_ANSWER: RpcError = {
  code: GUARD_ERRORS.MALFORMED_ANSWER,
  message: "toolscore guard: the server's answer to this request was not a valid JSON-RPC response",
};
