import type { ScorecardComparison } from "../diff/scorecards.js";
import { breakingInOrder, formatBreaking, score } from "./breaking.js";
import { probeSummaryReason as reasonOf } from "./probe-messages.js";
import type {
  EffectChange,
  DiffFailOn,
  DiffSide,
  LikelyRename,
  ServerChange,
  ServerDiff,
} from "../diff/types.js";
import { diffFails } from "../diff/diff.js";
import type { LintFinding } from "../lint/types.js";
import { lintMessage } from "./lint-messages.js";
import { renameReason } from "./rename-words.js";
import { limitPhrase } from "../util/limits.js";
import { escapeLine } from "../util/unicode.js";
import { renderFieldDiff } from "./field-diff.js";
import { PLAIN, pad, type Style } from "./style.js";
import { itemName, subjectOf } from "./surface-label.js";
import { surfaceDifferenceCount, type SurfaceKindDiff } from "../diff/surface.js";
import { appendAll } from "../util/order.js";

/** How to render a diff for a person. */
export interface DiffRenderOptions {
  style?: Style;
  /** Summary lines only, without the per-field diffs. */
  brief?: boolean;
  /** The --fail-on the verdict line names (default any). */
  failOn?: DiffFailOn;
  /** Names shown after each side's server name, e.g. the package version a command launched. */
  labels?: { a?: string; b?: string };
}
const INDENT = "    ";

/**
 * The lines of prompts, resource templates and resources added (`+ prompt NAME`), removed and
 * changed (`~ prompt NAME  description`, with a unified diff per field unless brief). Escaped.
 */
export function renderSurfaceDiff(surface: readonly SurfaceKindDiff[], st: Style, brief: boolean): string[] {
  const lines: string[] = [];
  for (const s of surface) {
    const name = (key: string) => escapeLine(itemName({ kind: s.kind, key }));
    const renames = s.renames ?? [];
    const renamedTo = new Set(renames.map((r) => r.to));
    const renamedFrom = new Set(renames.map((r) => r.from));
    for (const key of s.added) if (!renamedTo.has(key)) lines.push(st.green(`+ ${name(key)}`));
    for (const key of s.removed) if (!renamedFrom.has(key)) lines.push(st.red(`- ${name(key)}`));
    for (const r of renames)
      lines.push(st.yellow(`~ ${name(r.from)} -> ${escapeLine(r.to)}  (${renameHint(r)})`));
    for (const c of s.changed) {
      lines.push(st.yellow(`~ ${name(c.key)}  ${c.fields.join(", ")}`));
      for (const a of c.arguments)
        lines.push(
          `${INDENT}argument ${escapeLine(a.name)} ${a.change}${a.change === "added" && a.required ? " (required)" : ""}`,
        );
      if (!brief) for (const fd of c.diffs) appendAll(lines, renderFieldDiff(fd, INDENT));
    }
  }
  return lines;
}

/** The line under the title of a diff with a lock on one side. */
export const PINNED_VIEW_NOTE =
  "(a lock on one side: compared only what a lock holds, the pinned fields, capabilities and the instructions' hash)";

/** Why a diff has no likely renames although tools were removed and added: too many pairs to compare. */
export function renamesNotSearchedNote(d: ServerDiff): string | undefined {
  const n = d.renamesNotSearched;
  if (!n) return undefined;
  return `likely renames not looked for: ${n.removed} tools removed and ${n.added} added make ${n.removed * n.added} pairs, past ${limitPhrase("rename-pairs")}`;
}

/** `name version` of one side (escaped), with its label when given. */
export function sideTitle(s: DiffSide, label?: string): string {
  const name = s.name === null ? "(unnamed server)" : escapeLine(s.name);
  const base = s.version === null ? name : `${name} ${escapeLine(s.version)}`;
  return label ? `${base} (${escapeLine(label)})` : base;
}

/** The number of differences a diff counts for `--fail-on any`. */
export function differenceCount(d: ServerDiff): number {
  return (
    d.added.length +
    d.removed.length +
    d.changed.length +
    d.lintNew.length +
    d.lintResolved.length +
    d.server.length +
    surfaceDifferenceCount(d.surface)
  );
}

/** `likely renamed, 63%: names 75% alike; shared parameters: code`, escaped. */
export function renameHint(r: Pick<LikelyRename, "score" | "reasons">, to?: string): string {
  const reasons = r.reasons.map((x) => escapeLine(renameReason(x))).join("; ");
  return `likely renamed${to === undefined ? "" : ` to ${to}`}, ${Math.round(r.score * 100)}%: ${reasons}`;
}

/** `+delete (name verb 'delete'; …)`, escaped; an unknown capability says why. */
export function effectLine(c: EffectChange): string {
  if (c.capability === "unknown") return `capabilities unknown (${c.sources.map(escapeLine).join("; ")})`;
  const sign = c.change === "added" ? "+" : "-";
  return `${sign}${c.capability}${c.sources.length ? ` (${c.sources.map(escapeLine).join("; ")})` : ""}`;
}

/** `lint warning TOOL: message (rule)`, escaped, without its sign. */
export function lintLine(f: LintFinding): string {
  const where = f.tool === null && !f.item ? "" : ` ${escapeLine(subjectOf(f))}`;
  return `lint ${f.severity}${where}: ${escapeLine(lintMessage(f))} (${f.rule})`;
}

const shown = (v: string | null) => (v === null ? "(none)" : escapeLine(v));

/** `server version: 0.6.3 -> 2.0.1`, or `instructions changed`. */
export function serverLine(c: ServerChange): string {
  if (c.field === "instructions") {
    if (c.hashed) {
      const h = (v: string | null) => (v === null ? "(none)" : `sha256 ${v.slice(0, 12)}`);
      return `instructions changed (compared by hash: ${h(c.from)} -> ${h(c.to)})`;
    }
    return c.from === null
      ? "instructions added"
      : c.to === null
        ? "instructions removed"
        : "instructions changed";
  }
  const label = c.field === "protocol" ? "protocol" : `server ${c.field}`;
  return `${label}: ${shown(c.from)} -> ${shown(c.to)}`;
}

const pct = (x: number | undefined) => (x === undefined ? "-" : `${Math.round(x * 100)}%`);

/** Both scorecards side by side, and the probes whose result flipped. */
export function renderScorecards(s: ScorecardComparison, st: Style = PLAIN): string[] {
  const rows: Array<[string, string, string]> = [
    ["grade", s.a.grade ?? "not graded", s.b.grade ?? "not graded"],
    ["score", score(s.a.score), score(s.b.score)],
    ["happy path", pct(s.a.rates.happy), pct(s.b.rates.happy)],
    ["edge cases", pct(s.a.rates.edge), pct(s.b.rates.edge)],
    ["lint", pct(s.a.rates.lint), pct(s.b.rates.lint)],
  ];
  if (s.a.rates.probes !== undefined || s.b.rates.probes !== undefined)
    rows.push(["probes", pct(s.a.rates.probes), pct(s.b.rates.probes)]);
  const lines = [st.bold("Scorecards"), `  ${pad("", 12)}${pad("A", 12)}B`];
  for (const [k, a, b] of rows) lines.push(`  ${pad(k, 12)}${pad(a, 12)}${a === b ? b : st.bold(b)}`);
  const probe = (p: ScorecardComparison["newly_failing"][number]) =>
    `${escapeLine(p.id)}${p.tool === null ? "" : ` ${escapeLine(p.tool)}`} [${p.confidence}]${reasonOf(p) ? `: ${escapeLine(reasonOf(p)!)}` : ""}`;
  for (const p of s.newly_failing) lines.push(st.red(`  probe now fails: ${probe(p)}`));
  for (const p of s.newly_passing) lines.push(st.green(`  probe now passes: ${probe(p)}`));
  return lines;
}

/**
 * The human report of a diff, in the order a reviewer reads it: the two servers, tools added,
 * removed and changed (with capability changes and, unless brief, a unified diff per field),
 * lint findings new and resolved, server changes, scorecards, breaking changes, and a verdict.
 * Every string from a server is escaped.
 */
export function renderDiff(d: ServerDiff, opts: DiffRenderOptions = {}): string {
  const st = opts.style ?? PLAIN;
  const failOn = opts.failOn ?? "any";
  const lines = [`${sideTitle(d.from, opts.labels?.a)}  ->  ${sideTitle(d.to, opts.labels?.b)}`];
  if (d.pinnedView) lines.push(st.dim(PINNED_VIEW_NOTE));
  const notSearched = renamesNotSearchedNote(d);
  if (notSearched) lines.push(st.dim(`(${notSearched})`));
  const effectsOf = new Map(d.addedEffects.map((x) => [x.tool, x.capabilities]));
  const renamedTo = new Set(d.renames.map((r) => r.to));
  const renamedFrom = new Set(d.renames.map((r) => r.from));
  for (const name of d.added) {
    if (renamedTo.has(name)) continue;
    lines.push(st.green(`+ ${escapeLine(name)}`));
    for (const c of effectsOf.get(name) ?? []) lines.push(`${INDENT}${effectLine(c)}`);
  }
  for (const name of d.removed) if (!renamedFrom.has(name)) lines.push(st.red(`- ${escapeLine(name)}`));
  for (const r of d.renames) {
    const fields = r.change.fields.length ? `  ${r.change.fields.map(escapeLine).join(", ")}` : "";
    lines.push(st.yellow(`~ ${escapeLine(r.from)} -> ${escapeLine(r.to)}${fields}  (${renameHint(r)})`));
    for (const c of effectsOf.get(r.to) ?? []) lines.push(`${INDENT}${effectLine(c)}`);
    if (!opts.brief) for (const fd of r.change.diffs) appendAll(lines, renderFieldDiff(fd, INDENT));
  }
  for (const c of d.changed) {
    lines.push(st.yellow(`~ ${escapeLine(c.name)}  ${c.fields.map(escapeLine).join(", ")}`));
    for (const cap of c.capabilities) lines.push(`${INDENT}${effectLine(cap)}`);
    if (!opts.brief) for (const fd of c.diffs) for (const l of renderFieldDiff(fd, INDENT)) lines.push(l);
  }
  appendAll(lines, renderSurfaceDiff(d.surface, st, opts.brief ?? false));
  for (const f of d.lintNew) lines.push(`+ ${lintLine(f)}`);
  for (const f of d.lintResolved) lines.push(`- ${lintLine(f)}`);
  for (const s of d.server) {
    lines.push(serverLine(s));
    if (!opts.brief && s.diff) for (const l of renderFieldDiff(s.diff, INDENT)) lines.push(l);
  }
  if (d.identical) lines.push("No differences.");
  if (d.scorecards) lines.push("", ...renderScorecards(d.scorecards, st));
  if (d.breaking.length > 0) {
    lines.push("", st.bold(st.red(`Breaking changes (${d.breaking.length}):`)));
    for (const b of breakingInOrder(d.breaking))
      lines.push(`  ${escapeLine(subjectOf(b, "server"))}: ${escapeLine(formatBreaking(b))}`);
  }
  lines.push(verdictLine(d, failOn, st));
  return lines.join("\n") + "\n";
}

/** `Diff: FAIL (12 difference(s), 3 breaking, --fail-on any)` or `Diff: OK (…)`. */
export function verdictLine(d: ServerDiff, failOn: DiffFailOn, st: Style = PLAIN): string {
  const facts = `${differenceCount(d)} difference(s), ${d.breaking.length} breaking, --fail-on ${failOn}`;
  return diffFails(d, failOn) ? st.red(`Diff: FAIL (${facts})`) : st.green(`Diff: OK (${facts})`);
}
