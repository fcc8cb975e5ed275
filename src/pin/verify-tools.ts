// Drift of tools against a lock: a name listed more than once (in the lock or on the server), tools
// added, removed, left out or changed (with a diff per changed field), and delete or exec gained.
// Prompts and resources are verify-surface.ts's.
import { appendAll, compareCodeUnits } from "../util/order.js";
import { DANGEROUS_EFFECTS, type Effect, type EffectFinding } from "./effects.js";
import { diffField, type FieldDiff } from "./field-diff.js";
import type { Lock, LockedTool } from "./lock.js";
import { PINNED_FIELDS } from "./lock-hash.js";
import type { PinDraft } from "./pin-findings.js";

/**
 * The drift of `now`'s tools from `lock`'s (the lock's surface for the profile checked). The tools
 * named in `excluded` (the lock's `excluded_tools`) are not checked, only reported once when listed.
 */
export function verifyTools(
  lock: Pick<Lock, "tools">,
  now: Pick<Lock, "tools">,
  excluded: readonly string[],
): PinDraft[] {
  const drafts: PinDraft[] = [];
  for (const [name, count] of repeated(lock.tools))
    drafts.push({ rule: "pin-tool-duplicated", tool: name, count, where: "lock" });
  for (const [name, count] of repeated(now.tools))
    drafts.push({ rule: "pin-tool-duplicated", tool: name, count, where: "server" });

  const locked = new Map<string, LockedTool>();
  for (const t of lock.tools) if (!locked.has(t.name)) locked.set(t.name, t);
  // Every copy of a repeated name is compared with the lock, not only the first: a second copy is
  // where a rug pull hides, and the client may well use that one.
  const seen = new Set<string>();
  // A tool the lock leaves out is not checked, whatever it says now: it is not exposed.
  const left = new Set(excluded);
  for (const t of now.tools) {
    const before = locked.get(t.name);
    const again = seen.has(t.name);
    seen.add(t.name);
    if (!before && left.has(t.name)) {
      if (!again) drafts.push({ rule: "pin-tool-excluded", tool: t.name });
    } else if (before) appendAll(drafts, compareTool(before, t));
    else if (!again) appendAll(drafts, newTool(t));
    else
      appendAll(
        drafts,
        newTool(t).filter((d) => d.rule === "pin-capability-added"),
      );
  }
  for (const t of locked.values())
    if (!seen.has(t.name)) drafts.push({ rule: "pin-tool-removed", tool: t.name });
  return drafts;
}

/** The names listed more than once, with how many times, sorted by name. */
function repeated(tools: readonly { name: string }[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const t of tools) counts.set(t.name, (counts.get(t.name) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).sort((a, b) => compareCodeUnits(a[0], b[0]));
}

function dangerous(effects: readonly EffectFinding[]): EffectFinding[] {
  return effects.filter((c) => DANGEROUS_EFFECTS.includes(c.capability));
}

function newTool(t: LockedTool): PinDraft[] {
  const out: PinDraft[] = [];
  const gained = dangerous(t.capabilities);
  if (gained.length)
    out.push({ rule: "pin-capability-added", tool: t.name, capabilities: gained, newTool: true });
  out.push({ rule: "pin-tool-added", tool: t.name, capabilities: t.capabilities, newTool: true });
  return out;
}

function compareTool(before: LockedTool, after: LockedTool): PinDraft[] {
  const out: PinDraft[] = [];
  const had = new Set<Effect>(before.capabilities.map((c) => c.capability));
  const gained = dangerous(after.capabilities).filter((c) => !had.has(c.capability));
  if (gained.length)
    out.push({ rule: "pin-capability-added", tool: after.name, capabilities: gained, newTool: false });
  const fields = PINNED_FIELDS.filter((f) => f !== "name" && before.fields[f] !== after.fields[f]);
  if (fields.length) {
    const diffs = fields
      .map((f) => diffField(f, before.definition[f], after.definition[f]))
      .filter((d): d is FieldDiff => d !== undefined);
    out.push({ rule: "pin-tool-changed", tool: after.name, fields, diffs });
  }
  return out;
}
