// Reads outside the lock. When a lock pins resources or resource templates, a `resources/read`
// is approved only for a URI the lock pins as a resource, or one that a pinned template matches;
// what the latest verified listing withheld approves nothing. A lock that pins neither leaves
// reads unjudged, as it leaves completion and sampling: there is nothing it approved to hold
// them to.
import type { LockIndex, WithheldItems } from "./check.js";
import type { Lock } from "../pin/lock.js";
import { notApproved, type Refusal } from "./refusal.js";

/** True when the URI template `template` matches `uri` (RFC 6570, as the SDK expands them). */
export type TemplateMatcher = (template: string, uri: string) => boolean;

/** The reads a lock approves. */
export class ReadGate {
  /** The lock pins resources or resource templates. */
  readonly pinned: boolean;

  constructor(
    private readonly index: LockIndex,
    lock: Lock,
  ) {
    this.pinned = lock.resources !== undefined || lock.resource_templates !== undefined;
  }

  /** Why reading `uri` is refused, or undefined when the lock approves it. */
  refusal(
    uri: unknown,
    withheld: WithheldItems,
    match: TemplateMatcher | undefined,
    review: string,
  ): Refusal | undefined {
    if (typeof uri === "string" && this.approves(uri, withheld, match)) return undefined;
    const shown = typeof uri === "string" ? uri : JSON.stringify(uri ?? null);
    return notApproved("resource", shown, { rule: "pin-resource-added", fields: [] }, review);
  }

  private approves(uri: string, withheld: WithheldItems, match: TemplateMatcher | undefined): boolean {
    if (this.index.get("resource")?.has(uri) && !withheld.get("resource")?.has(uri)) return true;
    if (!match) return false;
    const gone = withheld.get("resource_template");
    for (const template of this.index.get("resource_template")?.keys() ?? [])
      if (!gone?.has(template) && match(template, uri)) return true;
    return false;
  }
}

/**
 * A matcher over the SDK's URI templates, each compiled once. A template the SDK cannot parse
 * matches nothing: a read through it is refused, not let through.
 */
export async function templateMatcher(): Promise<TemplateMatcher> {
  const { UriTemplate } = await import("@modelcontextprotocol/client");
  const compiled = new Map<string, InstanceType<typeof UriTemplate> | null>();
  return (template, uri) => {
    let t = compiled.get(template);
    if (t === undefined) {
      try {
        t = new UriTemplate(template);
      } catch {
        t = null;
      }
      compiled.set(template, t);
    }
    try {
      return t !== null && t.match(uri) !== null;
    } catch {
      return false;
    }
  };
}
