// Ids, names and paths a server shows in its answers, so later calls name things that exist. Read
// from structuredContent and from text content alike: many servers answer only in text, as JSON
// or as `id: …` lines.
import { emptyKnown, pathsIn, type Known } from "./known.js";
import { isObject } from "./schema.js";

const ID_KEY = /^(?:id|uuid|key|slug)$|_id$|[a-z]Id$/;
const NAME_KEY = /^name$|_name$|[a-z]Name$/;
// `id: abc`, `ID=42`, `"id": "x"` in text that is not JSON; `name: foo` likewise.
const ID_TEXT = /(?:^|[\s,{(\[])["']?(?:id|ID|Id)["']?\s*[:=]\s*["']?([A-Za-z0-9][\w.:@/-]{0,99})/g;
const NAME_TEXT = /(?:^|[\s,{(\[])["']?[Nn]ame["']?\s*[:=]\s*["']?([A-Za-z0-9][\w.@-]{0,99})/g;
const MAX = 50;

function add(list: string[], v: string): void {
  if (list.length < MAX && v !== "" && !list.includes(v)) list.push(v);
}

function walk(v: unknown, key: string, out: Required<Known>, depth: number): void {
  if (depth > 20) return;
  if (Array.isArray(v)) for (const x of v.slice(0, 200)) walk(x, key, out, depth + 1);
  else if (isObject(v)) for (const k of Object.keys(v)) walk(v[k], k, out, depth + 1);
  else if (typeof v === "string" || typeof v === "number") {
    const s = String(v);
    if (ID_KEY.test(key)) add(out.ids, s);
    else if (NAME_KEY.test(key)) add(out.names, s);
    if (typeof v === "string") for (const p of pathsIn(v)) add(out.paths, p);
  }
}

/** The ids, names and paths in one answer (its structuredContent and its text content). */
export function harvest(
  result: Record<string, unknown>,
  into: Required<Known> = emptyKnown(),
): Required<Known> {
  if (result.structuredContent !== undefined) walk(result.structuredContent, "", into, 0);
  const content = Array.isArray(result.content) ? result.content : [];
  for (const c of content) {
    if (!isObject(c) || typeof c.text !== "string") continue;
    const text = c.text.slice(0, 100_000);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (isObject(parsed) || Array.isArray(parsed)) {
      walk(parsed, "", into, 0);
      continue;
    }
    for (const m of text.matchAll(ID_TEXT)) add(into.ids, m[1]!.replace(/[.,;:)\]}]+$/, ""));
    for (const m of text.matchAll(NAME_TEXT)) add(into.names, m[1]!.replace(/[.,;:)\]}]+$/, ""));
    for (const p of pathsIn(text)) add(into.paths, p);
  }
  return into;
}
