// `--pin-versions` for Codex's config.toml: the floating package argument of each
// `[mcp_servers.NAME]` table's `args` (the server's own, or the one after the guard's `--`) is
// replaced as text by the exact version the lock records, so comments, layout and every other
// byte stay. The result is read back with smol-toml and must differ from the original in those
// arguments only, or nothing is changed.
import { parse as parseToml } from "smol-toml";
import type { LockedPackage } from "../pin/package.js";
import { ToolscoreError } from "../util/errors.js";
import { isObject } from "../util/json.js";
import { compareCodeUnits } from "../util/order.js";
import { holdPlan, type PinVersionOutcome } from "./pin-versions.js";
import { locateToml, type TomlLayout } from "./toml-locate.js";

const servers = (data: Record<string, unknown>) => (isObject(data.mcp_servers) ? data.mcp_servers : {});

const argvOf = (raw: unknown): string[] | undefined => {
  if (!isObject(raw) || typeof raw.command !== "string") return undefined;
  if (raw.args !== undefined && !(Array.isArray(raw.args) && raw.args.every((a) => typeof a === "string")))
    return undefined;
  return [raw.command, ...((raw.args as string[] | undefined) ?? [])];
};

const sameKey = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** Holds each floating npx entry of a Codex config text (all, or `only`) to its locked version. */
export function pinVersionsToml(
  text: string,
  locked: (name: string) => LockedPackage | null | undefined,
  only?: string,
): { text: string; outcomes: PinVersionOutcome[] } {
  const before = parseToml(text) as Record<string, unknown>;
  let layout: TomlLayout | undefined;
  try {
    layout = locateToml(text);
  } catch {
    layout = undefined;
  }
  const outcomes: PinVersionOutcome[] = [];
  const edits: Array<{ start: number; end: number; content: string }> = [];
  const meant = new Map<string, { index: number; to: string }>();
  const entries = servers(before);
  for (const name of Object.keys(entries).sort(compareCodeUnits)) {
    if (only !== undefined && name !== only) continue;
    const left = (action: "unchanged" | "skipped", reason: string) =>
      void outcomes.push({ name, action, from: null, to: null, reason });
    const argv = argvOf(entries[name]);
    if (!argv) {
      left("unchanged", "not a launch command");
      continue;
    }
    const plan = holdPlan(argv, locked(name));
    if ("reason" in plan) {
      left(plan.action, plan.reason);
      continue;
    }
    // argv[k] is args[k - 1]; the package argument is never the command itself.
    const args = layout?.pairs.find(
      (p) => sameKey(p.table, ["mcp_servers", name]) && sameKey(p.key, ["args"]),
    );
    const item = args?.value.items?.[plan.at - 1];
    if (plan.at < 1 || item === undefined) {
      left(
        "skipped",
        `its package argument could not be found (not written as a [mcp_servers.${name}] table with an args list): edit it by hand`,
      );
      continue;
    }
    edits.push({ start: item.start, end: item.end, content: JSON.stringify(plan.to) });
    meant.set(name, { index: plan.at - 1, to: plan.to });
    outcomes.push({ name, action: "pinned", from: plan.from, to: plan.to, reason: null });
  }
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, e.start) + e.content + out.slice(e.end);
  if (!asMeant(before, out, meant))
    throw new ToolscoreError(
      "CONFIG_INVALID",
      `toolscore could not rewrite ${[...meant.keys()].join(", ")} safely; nothing was changed`,
    );
  return { text: out, outcomes };
}

// True when `after` reads as `before` with only the meant arguments replaced.
function asMeant(
  before: Record<string, unknown>,
  after: string,
  meant: ReadonlyMap<string, { index: number; to: string }>,
): boolean {
  let read: Record<string, unknown>;
  try {
    read = parseToml(after) as Record<string, unknown>;
  } catch {
    return false;
  }
  const expected = structuredClone(before);
  const entries = servers(expected);
  for (const [name, { index, to }] of meant) {
    const entry = entries[name];
    if (!isObject(entry) || !Array.isArray(entry.args)) return false;
    entry.args[index] = to;
  }
  return JSON.stringify(read) === JSON.stringify(expected);
}
