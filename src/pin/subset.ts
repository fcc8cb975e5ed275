// The approved subset of a server's tools (`mcp pin --tools`): the names asked for, read and
// checked against what the server lists before anything is written.
import type { ServerSnapshot } from "../mcp/snapshot.js";
import { ToolscoreError } from "../util/errors.js";
import { compareCodeUnits } from "../util/order.js";
import { escapeLine } from "../util/unicode.js";
import { toolName } from "./lock-hash.js";

/** The names of `--tools NAME[,NAME…]`, trimmed; an empty list is a usage error. */
export function parseToolNames(text: string): string[] {
  const names = [...new Set(text.split(",").map((s) => s.trim()))].filter(Boolean);
  if (names.length === 0)
    throw new ToolscoreError("USAGE", "--tools takes the names of the tools to approve, separated by commas");
  return names;
}

/**
 * Checks that every approved name is a tool the server lists (in any of `listings`): a name it
 * does not have is a USAGE error that names it and what the server has, and nothing is pinned.
 */
export function checkApprovedTools(approved: readonly string[], listings: readonly ServerSnapshot[]): void {
  const have = new Set(listings.flatMap((s) => s.tools.map(toolName)));
  const unknown = approved.filter((n) => !have.has(n));
  if (unknown.length === 0) return;
  const listed = [...have].sort(compareCodeUnits).map(escapeLine);
  const shown = unknown.map((n) => `'${escapeLine(n)}'`).join(", ");
  throw new ToolscoreError(
    "USAGE",
    `--tools names ${shown}, which the server does not have (it lists: ${listed.join(", ") || "no tools"})`,
    { problem: "tool-unknown", unknown },
  );
}
