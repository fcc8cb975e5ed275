// The poisoning checks (description-instruction, hidden-unicode) over prompts, resource templates
// and resources: the same checks as for tools, run on what a client shows and a model reads of
// each item, with findings that name the item.
import { SURFACE_KINDS, surfaceItemKey, type SurfaceLists, type SurfaceRef } from "../mcp/surface.js";
import { surfacePinnedDefinition } from "../pin/surface-lock.js";
import { appendAll, compareCodeUnits } from "../util/order.js";
import { findingSink } from "./context.js";
import type { ReportedFinding, ToolUnderLint } from "./rule.js";
import { descriptionInstruction } from "./rules/description-instruction.js";
import { hiddenUnicode } from "./rules/hidden-unicode.js";
import type { InstructionData } from "./rules/facts.js";
import { compareAtPlace } from "./index.js";
import type { LintFinding } from "./types.js";
import { isObject } from "./walk.js";

/**
 * Runs `rule` on `unit` with findings about `item`: paths are made relative to the item (`prefix`
 * added), and description-instruction's findings name the item's kind (`label`) for their fix.
 */
function checkItem(
  rule: typeof hiddenUnicode | typeof descriptionInstruction,
  unit: ToolUnderLint,
  item: SurfaceRef,
  label: string,
  prefix: string,
  out: LintFinding[],
): void {
  const sink = findingSink(rule, null, out);
  // A finding on an item is graded as the same text on a tool is: a plain order against the user
  // is an error wherever a model reads it.
  rule.check!(unit, (f: ReportedFinding) => {
    const path = prefix + f.path;
    if (rule.id === "description-instruction" && f.messageId !== "partlyScanned") {
      const d = f.data as InstructionData;
      sink({ ...f, messageId: "item", path, data: { ...d, what: prefix + d.what, path, item: label } });
    } else sink({ ...f, path });
    out[out.length - 1]!.item = item;
  });
}

/**
 * Lints the prompts, resource templates and resources of a snapshot for hidden characters (every
 * string of the pinned fields) and for prose that addresses the model (descriptions and titles of
 * each item and of each prompt argument). Findings have `tool: null` and `item` naming the item;
 * they are sorted by kind, key, rule and path. Pure: no I/O.
 */
export function lintSurface(lists: SurfaceLists): LintFinding[] {
  const out: LintFinding[] = [];
  for (const info of SURFACE_KINDS) {
    const found: LintFinding[] = [];
    for (const raw of lists[info.key] ?? []) {
      const item = { kind: info.kind, key: surfaceItemKey(info, raw) };
      const shown = surfacePinnedDefinition(info.kind, raw);
      checkItem(hiddenUnicode, { tool: shown, label: item.key }, item, info.label, "", found);
      checkItem(descriptionInstruction, { tool: shown, label: item.key }, item, info.label, "", found);
      if (info.kind !== "prompt" || !Array.isArray(raw.arguments)) continue;
      raw.arguments.forEach((arg: unknown, i) => {
        if (!isObject(arg)) return;
        const prose = { description: arg.description, title: arg.title };
        const unit = { tool: prose, label: item.key };
        checkItem(descriptionInstruction, unit, item, "prompt argument", `arguments[${i}].`, found);
      });
    }
    found.sort(
      (a, b) =>
        compareCodeUnits(a.item!.key, b.item!.key) ||
        compareCodeUnits(a.rule, b.rule) ||
        compareCodeUnits(a.path, b.path) ||
        compareAtPlace(a, b),
    );
    appendAll(out, found);
  }
  return out;
}
