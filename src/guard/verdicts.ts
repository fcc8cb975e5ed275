// The guard's judgement of the server's surface, apart from the relay that carries the frames: the
// full check of its own listing, what becomes of each list answer, and which uses are let through.
// It holds what the server said about itself and the standing verdict; it sends nothing.
import { CLIENT_CAPABILITIES_META_KEY } from "../mcp/protocol.js";
import type { ClientCapabilityName } from "../mcp/client-capabilities.js";
import type { Lock } from "../pin/lock.js";
import { lockForProfile, profileOf, profileText } from "../pin/profiles.js";
import { profileLine } from "../report/pin.js";
import type { PinRule } from "../pin/verify.js";
import { isObject } from "../util/json.js";
import type { PackageResolution } from "../pin/package.js";
import { checkSurface, indexLock, type HandshakeFacts, type LockIndex } from "./check.js";
import type { GuardEvent, GuardLog } from "./events.js";
import { Approvals } from "./gate.js";
import { handshakeFacts } from "./handshake.js";
import type { ItemKind, KindSpec } from "./kinds.js";
import { judgeList, logVerdict, type ListOutcome } from "./lists.js";
import type { DriftMode } from "./modes.js";
import { notApproved, type Refusal } from "./refusal.js";
import { ReadGate, type TemplateMatcher } from "./reads.js";
import { listSurface, NO_FACTS, Unverifiable, type OwnRequests } from "./survey.js";

export type { TemplateMatcher } from "./reads.js";

/** What {@link SurfaceVerdicts} needs: the lock, its kinds, the mode, and where decisions go. */
export interface VerdictOptions {
  lock: Lock;
  kinds: readonly KindSpec[];
  onDrift: DriftMode;
  log: GuardLog;
  /** The command that reviews the drift, named in every refusal. */
  review: string;
  /** The package the server runs now (see `GuardCoreOptions.launchPackage`). */
  launchPackage?: () => PackageResolution | null | undefined;
}

/** A use refused (with what to log), or let through. */
export type UseVerdict = { refusal: Refusal; event: GuardEvent } | undefined;

/** The standing verdict on a server's surface, and the judgement of each list and use. */
export class SurfaceVerdicts {
  private index: LockIndex;
  private approvals: Approvals;
  private facts: HandshakeFacts | undefined;
  private reads: ReadGate;
  /** The surface has not been checked since the handshake or the last list_changed. */
  stale = true;
  /** Matches a URI against a resource template; without it only exact URIs are approved. */
  templateMatcher: TemplateMatcher | undefined;
  private serverCapabilitiesKnown = false;
  /** The lock as it stands for the client's declared capabilities (the base until declared). */
  private lock: Lock;
  private declared: ClientCapabilityName[] | undefined;
  /** The tools the lock leaves out (`excluded_tools`): hidden from lists, every call refused. */
  private readonly excluded: ReadonlySet<string>;
  /** Each tool's input schema as the guard's latest listing showed it (the first of a name). */
  private listedSchemas = new Map<string, unknown>();

  constructor(private readonly opts: VerdictOptions) {
    this.excluded = new Set(opts.lock.excluded_tools ?? []);
    this.lock = lockForProfile(opts.lock, opts.lock.client_capabilities);
    this.index = indexLock(this.lock, opts.kinds);
    this.approvals = new Approvals(this.index, opts.onDrift, opts.review);
    this.reads = new ReadGate(this.index, this.lock);
  }

  /** The lock pins resources or resource templates: reads are judged against them. */
  get readsPinned(): boolean {
    return this.reads.pinned;
  }

  /**
   * A `resources/read`: let through only for a URI the lock pins as a resource, or one that a
   * pinned resource template matches, neither withheld by the latest verified listing.
   */
  read(params: Record<string, unknown> | undefined): UseVerdict {
    const uri = params?.uri;
    const shown = typeof uri === "string" ? uri : JSON.stringify(uri ?? null);
    const refusal =
      this.approvals.standing("resources/read", { kind: "resource", name: shown }) ??
      this.reads.refusal(uri, this.approvals.withheld, this.templateMatcher, this.opts.review);
    if (!refusal) return undefined;
    const event: GuardEvent = {
      event: "refused",
      method: "resources/read",
      kind: "resource",
      name: shown,
      rule: "pin-resource-added",
    };
    if (this.warnsOnly) {
      this.opts.log({ ...event, event: "warned" });
      return undefined;
    }
    return { refusal, event };
  }

  /**
   * The capabilities the client declared (`params.capabilities` of its `initialize`, or the
   * client capabilities of a modern request's `_meta`): the server shows the surface it offers
   * such a client, so that surface is checked against the lock's profile of the same capabilities.
   * Call it before the surface is first checked; a later call with another profile starts afresh.
   */
  clientCapabilities(capabilities: unknown): void {
    const declared = profileOf(capabilities);
    if (this.declared !== undefined && profileText(this.declared) === profileText(declared)) return;
    this.declared = declared;
    this.lock = lockForProfile(this.opts.lock, declared);
    this.index = indexLock(this.lock, this.opts.kinds);
    this.approvals = new Approvals(this.index, this.opts.onDrift, this.opts.review);
    this.reads = new ReadGate(this.index, this.lock);
  }

  /**
   * A handshake request from the client (`initialize`, or `server/discover` and the requests of
   * the modern era, whose `_meta` carries the client capabilities): what it declares.
   */
  handshakeRequest(m: Record<string, unknown>): void {
    const params = isObject(m.params) ? m.params : {};
    if (m.method === "initialize") this.clientCapabilities(params.capabilities);
    else if (isObject(params._meta) && Object.hasOwn(params._meta, CLIENT_CAPABILITIES_META_KEY))
      this.clientCapabilities(params._meta[CLIENT_CAPABILITIES_META_KEY]);
  }

  // What the server said about itself, with what the client declared.
  private factsNow(facts: HandshakeFacts): HandshakeFacts {
    return this.declared === undefined ? facts : { ...facts, clientCapabilities: this.declared };
  }

  /** The server's answer to the handshake, in the era of `meta`: what the check compares. */
  handshake(result: Record<string, unknown>, meta: Record<string, unknown> | undefined): void {
    this.facts = handshakeFacts(result, meta);
    this.serverCapabilitiesKnown = isObject(result.capabilities);
  }

  /**
   * The handshake result the client hears: as sent, or without its instructions when they are not
   * approved (changed, or the surface could not be checked), unless the mode only warns.
   */
  handshakeResult(result: Record<string, unknown>): Record<string, unknown> {
    const unapproved = this.approvals.instructionsChanged || this.approvals.unverifiedReason !== undefined;
    if (!unapproved || this.opts.onDrift === "warn" || !Object.hasOwn(result, "instructions")) return result;
    const { instructions: _dropped, ...rest } = result;
    return rest;
  }

  /**
   * `--on-drift warn` logs a refusal and lets it through, except while the server runs another
   * package than the lock's: that code was never approved, so it is refused in every mode.
   */
  private get warnsOnly(): boolean {
    return this.opts.onDrift === "warn" && !this.approvals.packageChanged;
  }

  /** The surface must be listed and checked again before the next list or use is judged. */
  markStale(): void {
    this.stale = true;
  }

  /**
   * Lists the whole surface with the guard's own requests and checks it; the verdict stands until
   * the next check. A surface that cannot be listed or checked makes every list and use refused.
   */
  async verify(
    own: OwnRequests,
    meta: Record<string, unknown> | undefined,
    closed: () => boolean,
  ): Promise<void> {
    this.stale = false; // a list_changed that arrives meanwhile makes it stale again
    try {
      const known = this.facts && {
        facts: this.facts,
        serverCapabilitiesKnown: this.serverCapabilitiesKnown,
      };
      const surface = await listSurface(own, this.opts.kinds, meta, known);
      this.facts = surface.facts;
      this.listedSchemas = inputSchemas(surface.items);
      this.serverCapabilitiesKnown = surface.serverCapabilitiesKnown;
      const facts = this.factsNow(surface.facts);
      const pkg = this.opts.launchPackage?.();
      const verdict = checkSurface(this.lock, facts, surface.items, surface.unlisted, pkg);
      this.approvals.verified(verdict, surface.items);
      const { log, onDrift } = this.opts;
      // An item the lock has and the server no longer lists is never withheld: it is named here.
      for (const f of verdict.report.findings)
        if (f.rule.endsWith("-removed")) {
          const kind: ItemKind = f.item?.kind ?? "tool";
          log({ event: "removed", kind, name: f.item?.key ?? f.tool ?? "", rule: f.rule });
        }
      logVerdict(
        log,
        onDrift,
        surface.listed,
        verdict.withheld,
        verdict.instructionsChanged,
        verdict.report.ok,
        profileLine(verdict.report),
      );
    } catch (e) {
      if (closed()) return; // the session is over: its end is what is reported
      const reason = e instanceof Unverifiable ? e.message : "the check failed";
      this.approvals.unverifiable(reason);
      this.opts.log({ event: "unverified", reason });
    }
  }

  /**
   * A tool's input schema as the guard's latest listing showed it, else as the lock pins it
   * (undefined when neither has the tool): what a call's `Mcp-Param-*` headers are read from.
   */
  inputSchema(name: string): unknown {
    if (this.listedSchemas.has(name)) return this.listedSchemas.get(name);
    const pinned = this.index.get("tool")?.get(name)?.definition;
    return isObject(pinned) ? pinned.inputSchema : undefined;
  }

  /** A list request of `spec`: refused at once while a standing verdict refuses everything. */
  listRequest(spec: KindSpec): UseVerdict {
    const refusal = this.approvals.standing(spec.listMethod);
    if (!refusal || this.warnsOnly) return undefined;
    const rules = refusal.data.rules as readonly string[] | undefined;
    const reason = rules
      ? `the server drifted from its lock (${rules.join(", ")})`
      : "the server could not be checked against its lock";
    return { refusal, event: { event: "refused", method: spec.listMethod, kind: spec.kind, reason } };
  }

  /** The server's result of a list request of `spec`, checked item by item. */
  listAnswer(spec: KindSpec, result: Record<string, unknown>): ListOutcome {
    return judgeList(
      {
        lock: this.lock,
        index: this.index,
        facts: this.factsNow(this.facts ?? NO_FACTS),
        mode: this.opts.onDrift,
        review: this.opts.review,
        log: this.opts.log,
        withheld: this.approvals.withheld,
        approved: this.approvals.approved,
        driftRules: this.approvals.driftRules,
        excluded: this.excluded,
      },
      spec,
      { result },
    );
  }

  /**
   * A use of an item (`tools/call`, `prompts/get`): let through only for an item in the lock that
   * the latest verified listing did not withhold. Under `warn` a refusal is logged and let through.
   */
  use(spec: KindSpec, given: Record<string, unknown> | undefined): UseVerdict {
    const method = spec.useMethod!;
    const params = given ?? {};
    const name = typeof params.name === "string" ? params.name : JSON.stringify(params.name ?? null);
    // A tool the lock leaves out was never approved: refused in every mode, before the server sees it.
    if (spec.kind === "tool" && typeof params.name === "string" && this.excluded.has(params.name)) {
      const why = { rule: "pin-tool-excluded" as const, fields: [] };
      const refusal = notApproved(spec.kind, name, why, this.opts.review);
      return { refusal, event: { event: "refused", method, kind: spec.kind, name, rule: why.rule } };
    }
    const refusal =
      this.approvals.standing(method, { kind: spec.kind, name }) ?? this.approvals.item(spec, params.name);
    if (!refusal) return undefined;
    const rule = (refusal.data.rule as PinRule | undefined) ?? undefined;
    const event: GuardEvent = { event: "refused", method, kind: spec.kind, name, rule };
    if (this.warnsOnly) {
      this.opts.log({ ...event, event: "warned" });
      return undefined;
    }
    return { refusal, event };
  }
}

// The input schema of each listed tool, by name (the first tool of a name).
function inputSchemas(items: ReadonlyMap<KindSpec, unknown[]>): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [spec, list] of items)
    if (spec.kind === "tool")
      for (const t of list)
        if (isObject(t) && typeof t.name === "string" && !out.has(t.name)) out.set(t.name, t.inputSchema);
  return out;
}
