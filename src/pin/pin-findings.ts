// The drift rules as data: their ids, severities, what fails under each --fail-on, and the facts
// each rule's findings carry. checkPin (verify.ts) makes the findings; renderers make the words.
import type { ClientCapabilityName } from "../mcp/client-capabilities.js";
import type { SurfaceRef } from "../mcp/surface.js";
import type { EffectFinding } from "./effects.js";
import type { FieldDiff } from "./field-diff.js";
import type { LockedPackage } from "./package.js";
import type { LockProblem } from "./lock.js";
import { compareCodeUnits } from "../util/order.js";
import { SURFACE_PIN_RULES, type UnlistedFacts } from "./verify-surface.js";

/** The drift rules, in the order their findings are listed for one tool. */
export const PIN_RULES = [
  "pin-lock-modified",
  "pin-tool-duplicated",
  "pin-capability-added",
  "pin-tool-added",
  "pin-tool-removed",
  "pin-tool-changed",
  "pin-tool-excluded",
  ...SURFACE_PIN_RULES,
  "pin-instructions-changed",
  "pin-package-changed",
  "pin-package-unchecked",
  "pin-server-changed",
  "pin-protocol-changed",
] as const;
/** A drift rule id. */
export type PinRule = (typeof PIN_RULES)[number];

/** The severity of each rule. */
export const PIN_SEVERITY: Record<PinRule, "error" | "info"> = {
  "pin-lock-modified": "error",
  "pin-tool-duplicated": "error",
  "pin-capability-added": "error",
  "pin-tool-added": "error",
  "pin-tool-removed": "error",
  "pin-tool-changed": "error",
  "pin-tool-excluded": "info",
  "pin-prompt-added": "error",
  "pin-prompt-removed": "error",
  "pin-prompt-changed": "error",
  "pin-resource-added": "error",
  "pin-resource-removed": "error",
  "pin-resource-changed": "error",
  "pin-list-failed": "error",
  "pin-list-unavailable": "info",
  "pin-instructions-changed": "error",
  "pin-package-changed": "error",
  "pin-package-unchecked": "info",
  "pin-server-changed": "info",
  "pin-protocol-changed": "info",
};

/** What fails a check: any error (`drift`), only capability and lock findings, or nothing. */
export type PinFailOn = "drift" | "capability" | "never";
/** The `--fail-on` choices. */
export const PIN_FAIL_ON: readonly PinFailOn[] = ["drift", "capability", "never"];

/** What every finding of a pin check has. */
export interface PinFindingCommon {
  severity: "error" | "info";
  /** The tool concerned, or null for the server, its instructions, the lock itself or an item. */
  tool: string | null;
  /** The prompt, resource template or resource concerned (`pin-prompt-*`, `pin-resource-*`). */
  item?: SurfaceRef;
  /** For a changed tool or item: the fields that changed, in pinned-field order. */
  fields: string[];
  /** For a changed tool or item: a unified diff per changed field. */
  diffs: FieldDiff[];
  /** `pin-capability-added`: the capabilities gained; `pin-tool-added`: all of the new tool's. */
  capabilities: EffectFinding[];
  /** Whether this finding fails the check under the report's `failOn`. */
  failing: boolean;
  /**
   * The client capability profiles this finding was found in, when a check of several profiles
   * found it in some of them only.
   */
  profiles?: ClientCapabilityName[][];
}

type BeforeAfter = {
  /** The value in the lock and the value now (for instructions, their SHA-256 hashes). */
  before: string | null;
  after: string | null;
};

/** The facts each rule's findings carry besides the common ones, keyed by rule. */
export interface PinFacts {
  "pin-lock-modified": { /** The hashes that do not match. */ problems: LockProblem[] };
  "pin-tool-duplicated": {
    /** How many tools the server (or the lock) lists under the name. */
    count: number;
    /** Whether the repeated name is in the server's listing or in the lock. */
    where: "server" | "lock";
  };
  "pin-capability-added": { /** Whether the tool is new. */ newTool: boolean };
  "pin-tool-added": { newTool: true };
  "pin-tool-removed": object;
  "pin-tool-changed": object;
  /** A tool the server lists that the lock leaves out (`excluded_tools`): not checked, not served. */
  "pin-tool-excluded": object;
  "pin-prompt-added": { item: SurfaceRef };
  "pin-prompt-removed": { item: SurfaceRef };
  "pin-prompt-changed": { item: SurfaceRef };
  "pin-resource-added": { item: SurfaceRef };
  "pin-resource-removed": { item: SurfaceRef };
  "pin-resource-changed": { item: SurfaceRef };
  "pin-list-failed": { /** The kind that could not be listed. */ list: UnlistedFacts };
  "pin-list-unavailable": { /** The kind not listed, as when pinned. */ list: UnlistedFacts };
  "pin-instructions-changed": BeforeAfter;
  "pin-package-changed": {
    /** The package the lock records. */
    locked: LockedPackage;
    /** The package the launch runs now, or null when it could not be resolved (`reason`). */
    found: LockedPackage | null;
    reason: string | null;
  };
  /** The lock records no package it could check (`package: null`), or this check launched nothing. */
  "pin-package-unchecked": { reason: string };
  "pin-server-changed": BeforeAfter;
  "pin-protocol-changed": BeforeAfter;
}

/** A finding of rule `R`: the common facts and the rule's own. */
export type PinFindingOf<R extends PinRule> = PinFindingCommon & { rule: R } & PinFacts[R];

/** One finding of a pin check, discriminated by `rule`: typed facts; renderers make the sentence. */
export type PinFinding = { [R in PinRule]: PinFindingOf<R> }[PinRule];

/** Whether a finding fails under `failOn`. */
export function findingFails(rule: PinRule, failOn: PinFailOn): boolean {
  if (failOn === "never") return false;
  // A repeated name makes every other answer unreliable (clients disagree on which copy wins), so
  // it fails whatever is asked, as a lock edited by hand does.
  if (failOn === "capability")
    return rule === "pin-capability-added" || rule === "pin-lock-modified" || rule === "pin-tool-duplicated";
  return PIN_SEVERITY[rule] === "error";
}

/** A finding as a check first makes it: severity and failing are added once, the lists default empty. */
export type PinDraft = {
  [R in PinRule]: Omit<PinFindingOf<R>, "severity" | "failing" | "fields" | "diffs" | "capabilities"> &
    Partial<Pick<PinFindingCommon, "fields" | "diffs" | "capabilities">>;
}[PinRule];

const ITEM_ORDER = ["prompt", "resource_template", "resource"];

/**
 * The order of a report's findings: errors first; within a severity the lock itself, then tools by
 * name, then prompts, resource templates and resources by key, then the server-wide rules.
 */
export function compareFindings(a: PinFinding, b: PinFinding): number {
  const sev = (f: PinFinding) => (f.severity === "error" ? 0 : 1);
  const group = (f: PinFinding) =>
    f.rule === "pin-lock-modified"
      ? 0
      : "list" in f
        ? 2 + ITEM_ORDER.indexOf(f.list.kind)
        : f.tool !== null
          ? 1
          : f.item
            ? 2 + ITEM_ORDER.indexOf(f.item.kind)
            : 5;
  return (
    sev(a) - sev(b) ||
    group(a) - group(b) ||
    compareCodeUnits(a.tool ?? a.item?.key ?? "", b.tool ?? b.item?.key ?? "") ||
    PIN_RULES.indexOf(a.rule) - PIN_RULES.indexOf(b.rule)
  );
}
