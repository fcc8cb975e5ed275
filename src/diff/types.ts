import type { Effect } from "../pin/effects.js";
import type { LintFinding, LintFindingJson } from "../lint/types.js";
import type { FieldDiff } from "../pin/field-diff.js";
import type { ScorecardComparison } from "./scorecards.js";
import type { SurfaceKindDiff } from "./surface.js";
import type { BreakingChange, BreakingChangeJson } from "./breaking-kinds.js";

/** The `kind` of a diff's JSON form. */
export const DIFF_KIND = "toolscore.mcp-diff";
/** The version of a diff's JSON form. */
export const DIFF_VERSION = "1";

/** What fails a diff: any difference (the default), only breaking changes, or nothing. */
export type DiffFailOn = "any" | "breaking" | "none";

/** The choices of `--fail-on` for `mcp diff`, in the order the help lists them. */
export const DIFF_FAIL_ON: readonly DiffFailOn[] = ["any", "breaking", "none"];

/** A capability a tool gained (with B's sources) or lost (with A's sources). */
export interface EffectChange {
  capability: Effect;
  change: "added" | "removed";
  sources: string[];
}

/**
 * One change to a parameter of a tool's inputSchema, found by walking both schemas through
 * nested object properties and array items. `path` reads like `entities[].observations`.
 */
export interface ParameterChange {
  path: string;
  kind: "added" | "removed" | "required" | "optional" | "type";
  /** For `type`: the types before and after, e.g. `string` and `integer|null`. */
  from?: string;
  to?: string;
}

/** A tool present on both sides whose definition differs. */
export interface ToolChange {
  name: string;
  /** The fields that differ: the pinned fields first in their usual order, then any others by name. */
  fields: string[];
  /** A unified diff per field (texts as text, JSON as indented JSON with sorted keys). */
  diffs: FieldDiff[];
  capabilities: EffectChange[];
  parameters: ParameterChange[];
}

/** The kinds of breaking change, each a reason an agent or a reviewer could be hurt. */
export type BreakingKind =
  | "tool-removed"
  | "parameter-removed"
  | "parameter-required"
  | "parameter-type-changed"
  | "capability-added"
  | "lint-error-added"
  | "grade-lowered"
  | "probe-newly-failing"
  | "prompt-removed"
  | "prompt-argument-removed"
  | "prompt-argument-required"
  | "resource-template-removed";

export type { BreakingChange, BreakingChangeJson } from "./breaking-kinds.js";

/** One reason a removed tool and an added one were paired as a likely rename. */
export type RenameReason =
  /** Their names are the same words in another case style. */
  | { kind: "same-words" }
  /** Their names are `percent` alike. */
  | { kind: "names-alike"; percent: number }
  | { kind: "same-description" }
  | { kind: "descriptions-alike"; percent: number }
  /** The same input schema, with parameters. */
  | { kind: "same-input-schema" }
  /** The same input schema, without parameters. */
  | { kind: "no-parameters" }
  /** Parameters alike by name (`a~b` when the names differ). */
  | { kind: "shared-parameters"; parameters: string[] };

/** A likely rename as the diff document holds it: its reasons as sentences. */
export type LikelyRenameJson = Omit<LikelyRename, "reasons"> & { reasons: string[] };

/** A removed tool that looks renamed to an added one. It still counts as a removal. */
export interface LikelyRename {
  from: string;
  to: string;
  /** What they share exactly: `description`, `inputSchema` (with parameters) or both. */
  same: Array<"description" | "inputSchema">;
  /** How alike they are, from 0 to 1 (names, descriptions and parameters combined). */
  score: number;
  /** Why they were paired, as facts (the reports say "same words in another case style"). */
  reasons: RenameReason[];
  /** The renamed tool compared field by field with the old one (the name left out). */
  change: Omit<ToolChange, "name">;
}

/** A change to the server as a whole. */
export interface ServerChange {
  field: "name" | "version" | "protocol" | "instructions";
  from: string | null;
  to: string | null;
  /** For instructions: the text diff. */
  diff?: FieldDiff;
  /** For instructions compared in the pinned view: `from` and `to` are SHA-256 hashes, not texts. */
  hashed?: boolean;
}

/** One side of a diff, as the report names it. */
export interface DiffSide {
  name: string | null;
  version: string | null;
  protocol: string;
  tools: number;
}

/** How many tools were removed and added when there were too many pairs to look for renames in. */
export interface RenamesNotSearched {
  removed: number;
  added: number;
  /** The `rename-pairs` limit in force. */
  limit: number;
}

/** The JSON form of a ServerDiff (`kind: "toolscore.mcp-diff"`). */
export interface ServerDiffJson {
  kind: typeof DIFF_KIND;
  diff_version: typeof DIFF_VERSION;
  from: DiffSide;
  to: DiffSide;
  /** Present when a side was a lock: only what a lock holds was compared. */
  pinned_view?: true;
  identical: boolean;
  added: string[];
  removed: string[];
  renames: LikelyRenameJson[];
  /** Present when likely renames were not looked for (past the `rename-pairs` limit). */
  renames_not_searched?: RenamesNotSearched;
  changed: ToolChange[];
  added_capabilities: Array<{ tool: string; capabilities: EffectChange[] }>;
  lint_new: LintFindingJson[];
  lint_resolved: LintFindingJson[];
  server: ServerChange[];
  breaking: BreakingChangeJson[];
  scorecards?: ScorecardComparison;
  /** Prompts, resource templates and resources added, removed and changed (kinds with a change). */
  surface?: Array<Omit<SurfaceKindDiff, "renames"> & { renames?: Array<Omit<LikelyRenameJson, "change">> }>;
}

/** Everything that differs between two snapshots (A the baseline, B the candidate). */
export interface ServerDiff {
  from: DiffSide;
  to: DiffSide;
  /** Names of tools only in B, sorted. */
  added: string[];
  /** Names of tools only in A, sorted. */
  removed: string[];
  /** Removed tools that look renamed to an added one (still removals). */
  renames: LikelyRename[];
  /**
   * Set when likely renames were not looked for: the removed tools times the added ones were past
   * the `rename-pairs` limit (each pair is compared).
   */
  renamesNotSearched?: RenamesNotSearched;
  /** Tools on both sides that differ, sorted by name. */
  changed: ToolChange[];
  /**
   * The capabilities of each added tool, with their sources (`unknown` with its reason); for a
   * likely rename, only those the old tool did not have.
   */
  addedEffects: Array<{ tool: string; capabilities: EffectChange[] }>;
  /** Lint findings in B that A did not have. */
  lintNew: LintFinding[];
  /** Lint findings of A that B no longer has. */
  lintResolved: LintFinding[];
  /** Server name, version, protocol and instructions changes. */
  server: ServerChange[];
  /** Prompts, resource templates and resources added, removed and changed: the kinds with a change. */
  surface: SurfaceKindDiff[];
  /** Breaking changes, each with its facts, in report order. */
  breaking: BreakingChange[];
  /** Both scorecards and how they compare, when the diff was given them. */
  scorecards?: ScorecardComparison;
  /** True when the two sides show no difference at all. */
  identical: boolean;
  /**
   * True when a side was a lock, so both were compared as a lock holds them: the pinned fields of
   * each tool, the instructions by hash and the recorded capabilities.
   */
  pinnedView: boolean;
}
