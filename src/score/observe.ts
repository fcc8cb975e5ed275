import type { CallTool } from "../mcp/types.js";
import { harvest } from "./harvest.js";
import type { Known } from "./known.js";
import { isObject } from "./schema.js";
import type { ToolPlan } from "./plan.js";

/** A read of the server's state through an observer tool: its answer, the facts in it, and the ids, names and paths it shows. */
export interface Observation extends Known {
  /** Canonical text of the answer, to compare two reads. */
  text: string;
  /** The facts it shows: lines of text content, or `path=value` leaves of structuredContent. */
  facts: Set<string>;
}

const READ_ONLY = (p: ToolPlan) =>
  p.skipped === null &&
  p.capabilities.some((c) => c.capability === "read") &&
  p.capabilities.every((c) => c.capability === "read" || c.capability === "network");

/** True when a tool reads only (its capabilities are read, and perhaps network). */
export function isReadOnly(p: ToolPlan): boolean {
  return READ_ONLY(p);
}

function hasRequired(p: ToolPlan): boolean {
  const s = p.tool.inputSchema;
  return isObject(s) && Array.isArray(s.required) && s.required.length > 0;
}

/**
 * The observer: a callable read-only tool without required arguments (a list tool first), whose
 * answer shows the server's state. Undefined when there is none.
 */
export function pickObserver(plans: readonly ToolPlan[]): ToolPlan | undefined {
  const candidates = plans.filter((p) => READ_ONLY(p) && !hasRequired(p));
  return (
    candidates.find((p) => /^(list|get_all|all|dump|export)/i.test(p.name)) ??
    candidates.find((p) => /list|all/i.test(p.name)) ??
    candidates[0]
  );
}

function leaves(v: unknown, path: string, out: Set<string>): void {
  if (Array.isArray(v)) for (const x of v) leaves(x, `${path}[]`, out);
  else if (isObject(v)) {
    for (const k of Object.keys(v).sort()) leaves(v[k], path ? `${path}.${k}` : k, out);
  } else out.add(`${path}=${JSON.stringify(v)}`);
}

/** Calls the observer and reads the state; undefined when it fails. */
export async function observe(
  call: CallTool,
  observer: string,
  timeoutMs: number,
): Promise<Observation | undefined> {
  try {
    const o = await call(observer, {}, { timeoutMs });
    if (!o.ok || o.result.isError === true) return undefined;
    const { content, structuredContent } = o.result;
    const facts = new Set<string>();
    if (structuredContent !== undefined) leaves(structuredContent, "", facts);
    else if (Array.isArray(content)) {
      for (const c of content)
        if (isObject(c) && typeof c.text === "string")
          for (const line of c.text.split("\n")) if (line.trim()) facts.add(line.trim());
    }
    return { text: JSON.stringify({ content, structuredContent }), facts, ...harvest(o.result) };
  } catch {
    return undefined;
  }
}

/** The facts of `before` that `after` no longer shows. */
export function lostFacts(before: Observation, after: Observation): string[] {
  return [...before.facts].filter((f) => !after.facts.has(f));
}
