// What the client receives of a list answer: the answer checked item by item against the lock,
// then passed as it came, refused, or passed without the items withheld (everything else in the
// result, `nextCursor`, `_meta`, `ttlMs`, `cacheScope` and any other key, kept as the server sent it).
import type { PinRule } from "../pin/verify.js";
import type { Lock } from "../pin/lock.js";
import { isObject } from "../util/json.js";
import {
  checkPage,
  type HandshakeFacts,
  type ApprovedTexts,
  type LockIndex,
  type WithheldItems,
  type Withholding,
} from "./check.js";
import type { GuardEvent, GuardLog } from "./events.js";
import type { KindSpec } from "./kinds.js";
import type { DriftMode } from "./modes.js";
import { driftBlocked, unverified, type Refusal } from "./refusal.js";

/** What becomes of one list answer. */
export type ListOutcome =
  | { type: "pass" }
  | { type: "refuse"; refusal: Refusal; event: GuardEvent }
  | { type: "rewrite"; result: Record<string, unknown> };

/** What judging a list answer reads and updates. */
export interface ListJudge {
  lock: Lock;
  index: LockIndex;
  facts: HandshakeFacts;
  mode: DriftMode;
  review: string;
  log: GuardLog;
  /** The items withheld from the latest verified listing, per kind: updated for the page's keys. */
  withheld: WithheldItems;
  /** The items approved by their text, per kind: those need no check; the page's passing ones are added. */
  approved: ApprovedTexts;
  /** `block`: the rules that drifted so far; the page's are added. */
  driftRules: PinRule[];
  /** The tools the lock leaves out: never shown to the client, whatever the mode. */
  excluded?: ReadonlySet<string>;
}

/** Judges the answer `m` to a list request of `spec`. */
export function judgeList(j: ListJudge, spec: KindSpec, m: Record<string, unknown>): ListOutcome {
  const result = m.result;
  const listed = isObject(result) ? result[spec.resultKey] : undefined;
  // An error, or an answer that lists nothing a client could use.
  if (!isObject(result) || !Array.isArray(listed)) return { type: "pass" };
  // The tools the lock leaves out are taken away first: they are not approved, so never shown.
  const excluded = spec.kind === "tool" ? j.excluded : undefined;
  const items = excluded?.size ? listed.filter((i) => !(isObject(i) && excluded.has(spec.keyOf(i)))) : listed;
  const outcome = judgeItems(j, spec, result, items);
  if (outcome.type !== "pass" || items.length === listed.length) return outcome;
  return { type: "rewrite", result: { ...result, [spec.resultKey]: items } };
}

function judgeItems(
  j: ListJudge,
  spec: KindSpec,
  result: Record<string, unknown>,
  items: unknown[],
): ListOutcome {
  let page;
  try {
    let approved = j.approved.get(spec.kind);
    if (!approved) j.approved.set(spec.kind, (approved = new Map()));
    page = checkPage(j.lock, j.index, j.facts, spec, items, approved);
  } catch {
    const refusal = unverified(spec.listMethod, "its answer could not be checked", j.review);
    return { type: "refuse", refusal, event: { event: "refused", method: spec.listMethod, kind: spec.kind } };
  }
  let latest = j.withheld.get(spec.kind);
  if (!latest) j.withheld.set(spec.kind, (latest = new Map<string, Withholding>()));
  for (const n of page.keys) {
    const why = page.withheld.get(n);
    if (why) latest.set(n, why);
    else latest.delete(n);
  }
  if (page.withheld.size === 0 && page.malformed === 0) return { type: "pass" };
  for (const [name, why] of page.withheld)
    j.log({
      event: j.mode === "warn" ? "warned" : "withheld",
      kind: spec.kind,
      name,
      rule: why.rule,
      fields: why.fields,
    });
  if (j.mode === "warn") return { type: "pass" };
  if (j.mode === "block") {
    for (const w of page.withheld.values()) if (!j.driftRules.includes(w.rule)) j.driftRules.push(w.rule);
    const refusal = driftBlocked(spec.listMethod, j.driftRules, j.review);
    return { type: "refuse", refusal, event: { event: "refused", method: spec.listMethod, kind: spec.kind } };
  }
  const kept = items.filter((i) => isObject(i) && !page.withheld.has(spec.keyOf(i)));
  return { type: "rewrite", result: { ...result, [spec.resultKey]: kept } };
}

/** Logs the outcome of a full check: each item withheld (or warned of), then `verified`. */
export function logVerdict(
  log: GuardLog,
  mode: DriftMode,
  listed: number,
  withheld: WithheldItems,
  instructionsChanged: boolean,
  ok: boolean,
  /** Why the drift may come only from the capabilities the client declared, if it may. */
  note?: string | null,
): void {
  const event = mode === "warn" ? "warned" : "withheld";
  let count = 0;
  for (const [kind, byName] of withheld)
    for (const [name, why] of byName) {
      count++;
      log({ event, kind, name, rule: why.rule, fields: why.fields });
    }
  if (instructionsChanged) log({ event, kind: "instructions", rule: "pin-instructions-changed" });
  log({ event: "verified", items: listed, withheld: count, ok, ...(note ? { reason: note } : {}) });
}
