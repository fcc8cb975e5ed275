import { SERVER_WIDE_RULES, compareAtPlace, lintServer, lintServerWide } from "../lint/index.js";
import type { LintFinding } from "../lint/types.js";
import type { ServerSnapshot } from "../mcp/snapshot.js";
import type { RawTool } from "../mcp/types.js";
import { compareCodeUnits } from "../util/order.js";
import { nameText } from "../util/json.js";
import { lintedWhole } from "./lock-side.js";

const key = (f: LintFinding) => `${f.rule}\u0000${f.tool ?? ""}\u0000${f.path}`;

function order(x: LintFinding, y: LintFinding): number {
  return (
    compareCodeUnits(x.tool ?? "", y.tool ?? "") ||
    compareCodeUnits(x.rule, y.rule) ||
    compareCodeUnits(x.path, y.path) ||
    compareAtPlace(x, y)
  );
}

/**
 * Lint findings new in B and resolved by B (tools and instructions). A finding is the same on both
 * sides when its rule, tool and path match (its facts may carry numbers that move, such as a
 * token estimate). `touched` names the tools that differ: lint rules look at one tool at a time,
 * so only those are linted, and the instructions only when they changed, unless a side has
 * duplicate names (`duplicates`: a rule across tools), when every tool is.
 */
export function compareLint(
  a: Pick<ServerSnapshot, "tools" | "instructions">,
  b: Pick<ServerSnapshot, "tools" | "instructions">,
  touched: ReadonlySet<string>,
  duplicates: boolean,
): { lintNew: LintFinding[]; lintResolved: LintFinding[] } {
  const instructionsChanged = a.instructions !== b.instructions;
  if (!duplicates && touched.size === 0 && !instructionsChanged) return { lintNew: [], lintResolved: [] };
  const pick = (tools: readonly RawTool[]) =>
    duplicates ? tools : tools.filter((t) => touched.has(nameText(t.name)));
  // Rules over the whole tool list (a mix of naming styles) look at every tool of a side; a
  // finding of theirs on the picked tools alone would be about a server neither side is.
  // A lock's tool whose texts are digests was linted whole before they were let go.
  const lint = (s: typeof a) => {
    const picked = pick(s.tools);
    return [
      ...lintServer({
        tools: picked.filter((t) => lintedWhole(t) === undefined),
        instructions: instructionsChanged ? s.instructions : null,
      }).filter((f) => !SERVER_WIDE_RULES.has(f.rule)),
      ...picked.flatMap((t) => lintedWhole(t)?.filter((f) => !SERVER_WIDE_RULES.has(f.rule)) ?? []),
      ...lintServerWide(s.tools),
    ];
  };
  const before = lint(a);
  const after = lint(b);
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  return {
    lintNew: after.filter((f) => !had.has(key(f))).sort(order),
    lintResolved: before.filter((f) => !has.has(key(f))).sort(order),
  };
}
