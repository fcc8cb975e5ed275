// The guard's checks are the pin check: `checkPin`, the same function and rule ids as
// `mcp verify-pin`, on a snapshot made of what the server showed. A full check covers the whole
// lock; a list answer is checked item by item against the part of the lock it names, so a client
// that pages through 10,000 tools pays for each tool once, not for the whole lock per page.
import { ServerSnapshot } from "../mcp/snapshot.js";
import type { ClientCapabilityName } from "../mcp/client-capabilities.js";
import type { RawSurfaceItem, UnlistedKinds } from "../mcp/surface.js";
import type { RawTool } from "../mcp/types.js";
import type { Lock } from "../pin/lock.js";
import type { PackageResolution } from "../pin/package.js";
import { checkPin, type PinFinding, type PinReport, type PinRule } from "../pin/verify.js";
import { isObject } from "../util/json.js";
import type { ItemKind, KindSpec } from "./kinds.js";

/** What the server said in its handshake that the check compares. */
export interface HandshakeFacts {
  server: Record<string, unknown>;
  protocol: string;
  capabilities: Record<string, unknown>;
  instructions: string | null;
  /** The client capabilities the client declared; absent: the lock's own. */
  clientCapabilities?: ClientCapabilityName[];
}

/** Why one item is withheld: its first failing rule, and the fields that changed. */
export interface Withholding {
  rule: PinRule;
  fields: string[];
  /** `pin-capability-added`: the capabilities gained (delete, exec). */
  capabilities?: string[];
}

/** Per kind, the items withheld by key. */
export type WithheldItems = Map<ItemKind, Map<string, Withholding>>;

/** The outcome of a full check of the server's surface. */
export interface SurfaceVerdict {
  report: PinReport;
  withheld: WithheldItems;
  /** The server's instructions differ from the lock's. */
  instructionsChanged: boolean;
}

/**
 * The JSON text of each item a check approved, per kind and key. An item listed again with the
 * same text is the same item, with the same verdict: a client's listing that repeats what the
 * guard has just checked costs a comparison per item, not a second check.
 */
export type ApprovedTexts = Map<ItemKind, Map<string, string>>;

/** The outcome of the check of one list answer. */
export interface PageVerdict {
  /** The keys of the items on the page, withheld or not. */
  keys: string[];
  /** The items withheld, by key. */
  withheld: Map<string, Withholding>;
  /** Entries that are not objects: they name nothing the lock could approve. */
  malformed: number;
}

// The rules that fault one item of a listing; what is missing (`-removed`) faults none. A name
// listed twice is withheld in every copy: clients disagree on which copy wins.
const ITEM_RULES = new Set<PinRule>([
  "pin-tool-duplicated",
  "pin-capability-added",
  "pin-tool-added",
  "pin-tool-changed",
  "pin-prompt-added",
  "pin-prompt-changed",
  "pin-resource-added",
  "pin-resource-changed",
]);

function withholdings(findings: readonly PinFinding[]): WithheldItems {
  const out: WithheldItems = new Map();
  // Findings come sorted by item, then in rule order: the first one of an item is its rule.
  for (const f of findings) {
    if (!f.failing || !ITEM_RULES.has(f.rule)) continue;
    const at = f.tool !== null ? { kind: "tool" as const, key: f.tool } : f.item;
    if (!at) continue;
    let byKey = out.get(at.kind);
    if (!byKey) out.set(at.kind, (byKey = new Map()));
    const prior = byKey.get(at.key);
    if (prior) {
      for (const field of f.fields) if (!prior.fields.includes(field)) prior.fields.push(field);
      continue;
    }
    byKey.set(at.key, {
      rule: f.rule,
      fields: [...f.fields],
      ...(f.rule === "pin-capability-added" ? { capabilities: f.capabilities.map((c) => c.capability) } : {}),
    });
  }
  return out;
}

function snapshotOf(
  lock: Lock,
  facts: HandshakeFacts,
  lists: ReadonlyMap<KindSpec, unknown[]>,
  unlisted: UnlistedKinds = {},
): ServerSnapshot {
  const parts: Record<string, unknown[]> = { tools: [] };
  for (const [spec, items] of lists) parts[spec.lockKey] = items.filter(isObject);
  return ServerSnapshot.of({
    server: facts.server,
    protocol: facts.protocol,
    capabilities: facts.capabilities,
    client_capabilities: facts.clientCapabilities ?? lock.client_capabilities,
    instructions: facts.instructions,
    tools: parts.tools as RawTool[],
    ...(parts as Record<string, RawSurfaceItem[]>),
    ...(Object.keys(unlisted).length ? { unlisted } : {}),
  });
}

/** The lock's items by kind and key, made once: a call is gated by a lookup in it. */
export type LockIndex = Map<ItemKind, Map<string, Record<string, unknown>>>;

/** Indexes a lock by kind and key (the first of a repeated key, as verification keys it). */
export function indexLock(lock: Lock, kinds: readonly KindSpec[]): LockIndex {
  const index: LockIndex = new Map();
  for (const spec of kinds) {
    const byKey = new Map<string, Record<string, unknown>>();
    const items = (lock[spec.lockKey] ?? []) as unknown as Array<Record<string, unknown>>;
    for (const item of items) {
      // A locked item carries its key as it was locked: a tool's name, a template's uriTemplate...
      const key = spec.kind === "tool" ? String(item.name) : spec.keyOf(item);
      if (!byKey.has(key)) byKey.set(key, item);
    }
    index.set(spec.kind, byKey);
  }
  return index;
}

/**
 * Checks the server's whole surface, as listed by the guard itself, against the lock. The lock's
 * own hashes were checked at start (a lock that fails them never gets this far).
 */
export function checkSurface(
  lock: Lock,
  facts: HandshakeFacts,
  lists: ReadonlyMap<KindSpec, unknown[]>,
  unlisted?: UnlistedKinds,
  /** What the launch runs now, compared with the lock's package (see checkPin). */
  pkg?: PackageResolution | null,
): SurfaceVerdict {
  const report = checkPin(lock, snapshotOf(lock, facts, lists, unlisted), {
    lockChecked: true,
    package: pkg,
  });
  return {
    report,
    withheld: withholdings(report.findings),
    instructionsChanged: report.findings.some((f) => f.rule === "pin-instructions-changed"),
  };
}

/** The items of a full check that passed, by their text (see {@link ApprovedTexts}). */
export function approvedTexts(
  lists: ReadonlyMap<KindSpec, unknown[]>,
  withheld: WithheldItems,
): ApprovedTexts {
  const out: ApprovedTexts = new Map();
  for (const [spec, items] of lists) {
    const byKey = new Map<string, string>();
    const held = withheld.get(spec.kind);
    for (const item of items) {
      if (!isObject(item)) continue;
      const key = spec.keyOf(item);
      if (!held?.has(key)) byKey.set(key, JSON.stringify(item));
    }
    out.set(spec.kind, byKey);
  }
  return out;
}

/**
 * Checks one list answer item by item: each item against its entry in the lock (field hashes and
 * capabilities), a key the lock lacks as new, a key listed twice as withheld in every copy. An item
 * whose text `approved` holds for its key (listed once on the page) passes without a check; each
 * item the check passes is added to `approved`.
 */
export function checkPage(
  lock: Lock,
  index: LockIndex,
  facts: HandshakeFacts,
  spec: KindSpec,
  items: readonly unknown[],
  approved: Map<string, string> = new Map(),
): PageVerdict {
  const objects = items.filter(isObject);
  const keys = objects.map((i) => spec.keyOf(i));
  const listed = new Map<string, number>();
  for (const k of keys) listed.set(k, (listed.get(k) ?? 0) + 1);
  const texts = new Map<string, string>();
  const unchecked: Array<Record<string, unknown>> = [];
  objects.forEach((item, i) => {
    const key = keys[i]!;
    const text = JSON.stringify(item);
    if (listed.get(key) === 1 && approved.get(key) === text) return;
    texts.set(key, text);
    unchecked.push(item);
  });
  const malformed = items.length - objects.length;
  if (!unchecked.length) return { keys, withheld: new Map(), malformed };
  const byKey = index.get(spec.kind) ?? new Map<string, Record<string, unknown>>();
  const named: unknown[] = [];
  for (const k of texts.keys()) {
    const locked = byKey.get(k);
    if (locked) named.push(locked);
  }
  // The part of the lock this page names, for this kind only: other kinds are not compared.
  const part = {
    ...lock,
    tools: [],
    prompts: undefined,
    resource_templates: undefined,
    resources: undefined,
    [spec.lockKey]: named,
  } as Lock;
  const report = checkPin(part, snapshotOf(lock, facts, new Map([[spec, unchecked]])), {
    lockChecked: true,
  });
  const withheld = withholdings(report.findings).get(spec.kind) ?? new Map<string, Withholding>();
  for (const [key, text] of texts) if (listed.get(key) === 1 && !withheld.has(key)) approved.set(key, text);
  return { keys, withheld, malformed };
}
