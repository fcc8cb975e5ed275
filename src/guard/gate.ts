// What the latest verified listing approves, and the refusals that follow from it. A call pays a
// set lookup here; only list answers pay for a check.
import type { PinRule } from "../pin/verify.js";
import {
  approvedTexts,
  type ApprovedTexts,
  type LockIndex,
  type SurfaceVerdict,
  type WithheldItems,
} from "./check.js";
import type { ItemKind, KindSpec } from "./kinds.js";
import type { DriftMode } from "./modes.js";
import { driftBlocked, notApproved, unverified, type Refusal } from "./refusal.js";

/** The guard's standing verdict on the server's surface. */
export class Approvals {
  /** The items withheld from the latest verified listing, per kind and key. */
  withheld: WithheldItems = new Map();
  /** The server's instructions differ from the lock's. */
  instructionsChanged = false;
  /** The rules that failed (`block` refuses everything once there is one). */
  driftRules: PinRule[] = [];
  /** The server runs another package than the lock's: every list and call is refused. */
  packageChanged = false;
  /** Why the surface could not be checked, while it could not. */
  unverifiedReason: string | undefined;
  /** The items approved so far by their text, per kind: what a list answer need not check again. */
  approved: ApprovedTexts = new Map();

  constructor(
    private readonly index: LockIndex,
    private readonly mode: DriftMode,
    private readonly review: string,
  ) {}

  /** Takes the outcome of a full check of `lists`. */
  verified(verdict: SurfaceVerdict, lists: ReadonlyMap<KindSpec, unknown[]>): void {
    this.approved = approvedTexts(lists, verdict.withheld);
    this.withheld = verdict.withheld;
    this.instructionsChanged = verdict.instructionsChanged;
    this.driftRules = [...new Set(verdict.report.findings.filter((f) => f.failing).map((f) => f.rule))];
    this.unverifiedReason = undefined;
    this.packageChanged = verdict.report.findings.some((f) => f.rule === "pin-package-changed");
  }

  /** The surface could not be checked: everything is refused until it can. */
  unverifiable(reason: string): void {
    this.unverifiedReason = reason;
  }

  /** A refusal that holds whatever is asked: the surface could not be checked, or drift blocks all. */
  standing(method: string, item?: { kind: ItemKind; name: string }): Refusal | undefined {
    if (this.unverifiedReason !== undefined) return unverified(method, this.unverifiedReason, this.review);
    // Other code than the approved one runs the tools, however they read: nothing is served.
    if (this.packageChanged) return driftBlocked(method, ["pin-package-changed"], this.review, item);
    if (this.mode === "block" && this.driftRules.length)
      return driftBlocked(method, this.driftRules, this.review, item);
    return undefined;
  }

  /** A use is let through only for an item in the lock that the latest verified listing did not withhold. */
  item(spec: KindSpec, name: unknown): Refusal | undefined {
    const shown = typeof name === "string" ? name : JSON.stringify(name ?? null);
    const why = typeof name === "string" ? this.withheld.get(spec.kind)?.get(name) : undefined;
    if (why) return notApproved(spec.kind, shown, why, this.review);
    if (typeof name !== "string" || !this.index.get(spec.kind)?.has(name))
      return notApproved(spec.kind, shown, { rule: spec.addedRule, fields: [] }, this.review);
    return undefined;
  }
}
