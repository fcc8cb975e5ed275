import { DIFF_KIND, DIFF_VERSION, type ServerDiff, type ServerDiffJson } from "../diff/types.js";
import { breakingInOrder, breakingJson } from "./breaking.js";
import { lintFindingJson } from "./lint-messages.js";
import { probeSummaryJson } from "./probe-messages.js";
import { likelyRenameJson } from "./rename-words.js";

/** The JSON form of a diff (`kind: "toolscore.mcp-diff"`), its breaking changes with their sentences. */
export function diffJson(d: ServerDiff): ServerDiffJson {
  return {
    kind: DIFF_KIND,
    diff_version: DIFF_VERSION,
    from: d.from,
    to: d.to,
    ...(d.pinnedView ? { pinned_view: true as const } : {}),
    identical: d.identical,
    added: d.added,
    removed: d.removed,
    renames: d.renames.map(likelyRenameJson),
    ...(d.renamesNotSearched ? { renames_not_searched: d.renamesNotSearched } : {}),
    changed: d.changed,
    added_capabilities: d.addedEffects,
    lint_new: d.lintNew.map(lintFindingJson),
    lint_resolved: d.lintResolved.map(lintFindingJson),
    server: d.server,
    ...(d.surface.length
      ? {
          // `renames` is the last key of a kind's changes.
          surface: d.surface.map(({ renames, ...s }) => ({
            ...s,
            ...(renames ? { renames: renames.map(likelyRenameJson) } : {}),
          })),
        }
      : {}),
    breaking: breakingInOrder(d.breaking).map(breakingJson),
    ...(d.scorecards
      ? {
          scorecards: {
            ...d.scorecards,
            newly_failing: d.scorecards.newly_failing.map(probeSummaryJson),
            newly_passing: d.scorecards.newly_passing.map(probeSummaryJson),
          },
        }
      : {}),
  };
}
