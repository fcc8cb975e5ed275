import { EFFECTS } from "../pin/effects.js";
import type { Lock } from "../pin/lock.js";
import { escapeLine } from "../util/unicode.js";
import type { Style } from "./style.js";

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

// `  also pinned: 4 prompts, 2 resource templates`: only for a lock that holds those kinds.
function surfaceLine(lock: Lock): string[] {
  const parts = [
    lock.prompts && count(lock.prompts.length, "prompt"),
    lock.resource_templates && count(lock.resource_templates.length, "resource template"),
    lock.resources && count(lock.resources.length, "resource"),
  ].filter((p): p is string => typeof p === "string");
  const unlisted = Object.entries(lock.unlisted ?? {}).map(
    ([key, u]) => `${key.replace("_", " ")} (JSON-RPC error ${u.code})`,
  );
  return [
    ...(parts.length ? [`  also pinned: ${parts.join(", ")}`] : []),
    ...(unlisted.length ? [`  not listed (the server answered with an error): ${unlisted.join(", ")}`] : []),
  ];
}

// `  client capabilities: 7 more profiles recorded; tools offered only to some clients: a, b`
function profilesLine(lock: Lock): string[] {
  if (!lock.profiles) return [];
  const only = new Set<string>();
  for (const p of lock.profiles) for (const t of p.tools) only.add(String(t.name));
  const names = [...only].sort().map(escapeLine);
  return [
    `  client capabilities: the surface depends on them; ${count(lock.profiles.length + 1, "profile")} recorded${names.length ? ` (tools offered only to some clients: ${names.join(", ")})` : ""}`,
  ];
}

/**
 * What `mcp pin` prints: how many tools were pinned, the capabilities found (with the tools that
 * can delete or execute named), and where the lock is.
 */
export function renderPinSummary(lock: Lock, lockPath: string, unchanged: boolean, style: Style): string {
  const server = [lock.server.name, lock.server.version]
    .filter((v) => v !== undefined)
    .map(String)
    .join(" ");
  const n = lock.tools.length;
  const counts = EFFECTS.map((c) => {
    const tools = lock.tools.filter((t) => t.capabilities.some((f) => f.capability === c)).map((t) => t.name);
    if (tools.length === 0) return undefined;
    const named = c === "delete" || c === "exec" ? ` (${tools.map(escapeLine).join(", ")})` : "";
    return `${c} ${tools.length}${named}`;
  }).filter((s): s is string => s !== undefined);
  const overrides = Object.keys(lock.capability_overrides).length;
  return (
    [
      `${style.bold("Pinned")} ${n} tool${n === 1 ? "" : "s"} of ${escapeLine(server || "(unnamed server)")} (protocol ${escapeLine(lock.protocol)})`,
      ...surfaceLine(lock),
      ...profilesLine(lock),
      `  capabilities: ${counts.length ? counts.join(", ") : "none"}${overrides ? `; ${overrides} override${overrides === 1 ? "" : "s"}` : ""}`,
      `  lock: ${escapeLine(lockPath)}${unchanged ? style.dim(" (unchanged)") : ""}`,
    ].join("\n") + "\n"
  );
}
