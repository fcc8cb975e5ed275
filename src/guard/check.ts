// The guard's checks are the pin check: `verifyPin`, the same function and rule ids as
// `mcp verify-pin`, on a snapshot made of what the server showed. A full check covers the whole
// lock; a list answer is checked item by item against the part of the lock it names, so a client
// that pages through 10,000 tools pays for each tool once, not for the whole lock per page.
import { ServerSnapshot } from "../mcp/snapshot.js";
import type { RawTool } from "../mcp/types.js";
import { toolName, type Lock, type LockedTool } from "../pin/lock.js";
import { verifyPin, type PinFinding, type PinReport, type PinRule } from "../pin/verify.js";
import { isObject } from "../util/json.js";
import type { ItemKind } from "./kinds.js";

/** What the server said in its handshake that the check compares. */
export interface HandshakeFacts {
  server: Record<string, unknown>;
  protocol: string;
  capabilities: Record<string, unknown>;
  instructions: string | null;
}

/** Why one item is withheld: its first failing rule, and the fields that changed. */
export interface Withholding {
  rule: PinRule;
  fields: string[];
  /** `pin-capability-added`: the capabilities gained (delete, exec). */
  capabilities?: string[];
}

/** The outcome of a full check of the server's surface. */
export interface SurfaceVerdict {
  report: PinReport;
  /** Per kind, the items withheld by name. */
  withheld: Map<ItemKind, Map<string, Withholding>>;
  /** The server's instructions differ from the lock's. */
  instructionsChanged: boolean;
}

/** The outcome of the check of one list answer. */
export interface PageVerdict {
  /** The names of the items on the page, withheld or not. */
  names: string[];
  /** The items withheld, by name. */
  withheld: Map<string, Withholding>;
  /** Entries that are not objects: they name nothing the lock could approve. */
  malformed: number;
}

// The rules that fault one item of a listing (pin-tool-removed concerns what is missing). A name
// listed twice is withheld in every copy: clients disagree on which copy wins.
const ITEM_RULES = new Set<PinRule>([
  "pin-tool-duplicated",
  "pin-capability-added",
  "pin-tool-added",
  "pin-tool-changed",
]);

function itemFinding(f: PinFinding): boolean {
  return f.tool !== null && f.failing && ITEM_RULES.has(f.rule);
}

function withholdings(findings: readonly PinFinding[]): Map<string, Withholding> {
  const out = new Map<string, Withholding>();
  // Findings come sorted by tool, then in rule order: the first one of a tool is its rule.
  for (const f of findings) {
    if (!itemFinding(f)) continue;
    const prior = out.get(f.tool!);
    if (prior) {
      for (const field of f.fields) if (!prior.fields.includes(field)) prior.fields.push(field);
    } else
      out.set(f.tool!, {
        rule: f.rule,
        fields: f.fields.filter((x) => x !== "name"),
        ...(f.rule === "pin-capability-added"
          ? { capabilities: f.capabilities.map((c) => c.capability) }
          : {}),
      });
  }
  return out;
}

function snapshotOf(lock: Lock, facts: HandshakeFacts, tools: RawTool[]): ServerSnapshot {
  return ServerSnapshot.of({
    server: facts.server,
    protocol: facts.protocol,
    capabilities: facts.capabilities,
    client_capabilities: lock.client_capabilities,
    instructions: facts.instructions,
    tools,
  });
}

/** The lock's items by kind and name, made once: a call is gated by a lookup in it. */
export type LockIndex = Map<ItemKind, Map<string, LockedTool>>;

/** Indexes a lock by kind and name (the first of a repeated name, as verification keys it). */
export function indexLock(lock: Lock): LockIndex {
  const tools = new Map<string, LockedTool>();
  for (const t of lock.tools) if (!tools.has(t.name)) tools.set(t.name, t);
  return new Map([["tool", tools]]);
}

/**
 * Checks the server's whole surface, as listed by the guard itself, against the lock. The lock's
 * own hashes were checked at start (a lock that fails them never gets this far).
 */
export function checkSurface(
  lock: Lock,
  facts: HandshakeFacts,
  items: ReadonlyMap<ItemKind, unknown[]>,
): SurfaceVerdict {
  const tools = (items.get("tool") ?? []).filter(isObject) as RawTool[];
  const report = verifyPin(lock, snapshotOf(lock, facts, tools), { lockChecked: true });
  return {
    report,
    withheld: new Map([["tool", withholdings(report.findings)]]),
    instructionsChanged: report.findings.some((f) => f.rule === "pin-instructions-changed"),
  };
}

/**
 * Checks one list answer item by item: each item against its entry in the lock (field hashes and
 * capabilities), a name the lock lacks as new, a name listed twice as withheld in every copy.
 */
export function checkPage(
  lock: Lock,
  index: LockIndex,
  facts: HandshakeFacts,
  kind: ItemKind,
  items: readonly unknown[],
): PageVerdict {
  const objects = items.filter(isObject) as RawTool[];
  const names = objects.map(toolName);
  const byName = index.get(kind) ?? new Map<string, LockedTool>();
  const named: LockedTool[] = [];
  for (const n of new Set(names)) {
    const locked = byName.get(n);
    if (locked) named.push(locked);
  }
  const part: Lock = { ...lock, tools: named };
  const report = verifyPin(part, snapshotOf(lock, facts, objects), { lockChecked: true });
  return { names, withheld: withholdings(report.findings), malformed: items.length - objects.length };
}
