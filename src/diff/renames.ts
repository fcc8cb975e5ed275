import type { RawTool } from "../mcp/types.js";
import { nameText, stableJson } from "../util/json.js";
import type { LikelyRename } from "./types.js";
import { compareCodeUnits } from "../util/order.js";

/** The words of a tool name: snake, kebab, dot and camelCase split, lower-cased. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Edit distance between two short strings, for name similarity. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/** How alike two names are, from 0 to 1: shared words, or few edits for their length. */
export function nameSimilarity(a: string, b: string): number {
  const wa = new Set(words(a));
  const wb = new Set(words(b));
  const shared = [...wa].filter((w) => wb.has(w)).length;
  const jaccard = shared / Math.max(1, new Set([...wa, ...wb]).size);
  const edits = 1 - editDistance(a.toLowerCase(), b.toLowerCase()) / Math.max(1, a.length, b.length);
  return Math.max(jaccard, edits);
}

const SIMILAR_NAME = 0.5;

function hasParameters(schema: unknown): boolean {
  const props = (schema as { properties?: unknown } | null)?.properties;
  return typeof props === "object" && props !== null && Object.keys(props).length > 0;
}

/**
 * Pairs removed tools with added ones that look like the same tool under a new name: the same
 * (non-empty) description or the same inputSchema (with parameters), and a similar name. Each tool
 * is paired at most once, best match first; ties go by name, so the result is deterministic.
 */
export function findRenames(removed: RawTool[], added: RawTool[]): LikelyRename[] {
  const candidates: Array<LikelyRename & { score: number }> = [];
  const schemaKey = new Map<RawTool, string | undefined>();
  for (const t of [...removed, ...added])
    schemaKey.set(t, hasParameters(t.inputSchema) ? stableJson(t.inputSchema) : undefined);
  for (const r of removed) {
    for (const a of added) {
      const same: LikelyRename["same"] = [];
      if (typeof r.description === "string" && r.description.trim() !== "" && r.description === a.description)
        same.push("description");
      const key = schemaKey.get(r);
      if (key !== undefined && key === schemaKey.get(a)) same.push("inputSchema");
      if (same.length === 0) continue;
      const score = nameSimilarity(nameText(r.name), nameText(a.name));
      if (score < SIMILAR_NAME) continue;
      candidates.push({ from: nameText(r.name), to: nameText(a.name), same, score: score + same.length });
    }
  }
  candidates.sort(
    (x, y) => y.score - x.score || compareCodeUnits(x.from, y.from) || compareCodeUnits(x.to, y.to),
  );
  const used = new Set<string>();
  const out: LikelyRename[] = [];
  for (const c of candidates) {
    if (used.has(`-${c.from}`) || used.has(`+${c.to}`)) continue;
    used.add(`-${c.from}`).add(`+${c.to}`);
    out.push({ from: c.from, to: c.to, same: c.same });
  }
  return out.sort((x, y) => compareCodeUnits(x.from, y.from));
}
