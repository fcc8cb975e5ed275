// The poisoning checks (description-instruction, hidden-unicode) over prompts, resource templates
// and resources: the same checks as for tools, run on what a client shows and a model reads of
// each item, with findings that name the item.
import { SURFACE_KINDS, surfaceItemKey, type SurfaceLists, type SurfaceRef } from "../mcp/surface.js";
import { surfacePinnedDefinition } from "../pin/surface-lock.js";
import { compareCodeUnits } from "../util/order.js";
import { emitterFor, type Emit } from "./context.js";
import { checkHiddenUnicode, checkInstructions } from "./text.js";
import type { LintFinding } from "./types.js";
import { isObject } from "./walk.js";

/**
 * An {@link Emit} for findings about `item`: paths are made relative to the item (`prefix` added,
 * in the message and fix too), and description-instruction's fix speaks of the item's kind.
 */
function emitterForItem(item: SurfaceRef, label: string, prefix: string, out: LintFinding[]): Emit {
  const inner = emitterFor(null, out);
  return (rule, path, message, fix, args) => {
    const full = prefix + path;
    const moved = (s: string) => (prefix && path && s.includes(path) ? s.replace(path, full) : s);
    const fixText =
      rule === "description-instruction"
        ? `Rewrite ${full} to describe what the ${label} is for; remove text that instructs the model.`
        : moved(fix);
    inner(rule, full, moved(message), fixText, args);
    out[out.length - 1]!.item = item;
  };
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
      checkHiddenUnicode({ tool: shown, label: item.key }, emitterForItem(item, info.label, "", found));
      checkInstructions({ tool: shown, label: item.key }, emitterForItem(item, info.label, "", found));
      if (info.kind !== "prompt" || !Array.isArray(raw.arguments)) continue;
      raw.arguments.forEach((arg: unknown, i) => {
        if (!isObject(arg)) return;
        const prose = { description: arg.description, title: arg.title };
        const emit = emitterForItem(item, "prompt argument", `arguments[${i}].`, found);
        checkInstructions({ tool: prose, label: item.key }, emit);
      });
    }
    found.sort(
      (a, b) =>
        compareCodeUnits(a.item!.key, b.item!.key) ||
        compareCodeUnits(a.rule, b.rule) ||
        compareCodeUnits(a.path, b.path) ||
        compareCodeUnits(a.message, b.message),
    );
    out.push(...found);
  }
  return out;
}
