import { diffFails } from "../diff/diff.js";
import { breakingInOrder, formatBreaking, score } from "./breaking.js";
import type { DiffFailOn, ServerDiff } from "../diff/types.js";
import { escapeLine } from "../util/unicode.js";
import {
  effectLine,
  differenceCount,
  lintLine,
  PINNED_VIEW_NOTE,
  renamesNotSearchedNote,
  renameHint,
  serverLine,
  sideTitle,
} from "./diff.js";
import { renderFieldDiff } from "./field-diff.js";
import { mdText } from "./markdown.js";
import { itemName, subjectOf } from "./surface-label.js";

// Text from a server goes into Markdown: escaped for display first, then made inert as Markdown
// (no tables broken by a pipe, no HTML, no links).

const pct = (x: number | undefined) => (x === undefined ? "-" : `${Math.round(x * 100)}%`);

/**
 * The Markdown report of a diff, for a GitHub job summary: the verdict, a table of changed tools,
 * the breaking changes with their reasons, lint and server changes, scorecards, and the field
 * diffs in a collapsed block.
 */
export function renderDiffMarkdown(
  d: ServerDiff,
  opts: { failOn?: DiffFailOn; labels?: { a?: string; b?: string } } = {},
): string {
  const failOn = opts.failOn ?? "any";
  const out: string[] = [];
  out.push(
    `## MCP diff: ${mdText(sideTitle(d.from, opts.labels?.a))} → ${mdText(sideTitle(d.to, opts.labels?.b))}`,
    "",
    `**${diffFails(d, failOn) ? "FAIL" : "OK"}**: ${differenceCount(d)} difference(s), ${d.breaking.length} breaking (\`--fail-on ${failOn}\`)`,
    "",
  );
  if (d.pinnedView) out.push(`_${PINNED_VIEW_NOTE.slice(1, -1)}_`, "");
  const notSearched = renamesNotSearchedNote(d);
  if (notSearched) out.push(`_${mdText(notSearched)}_`, "");
  if (d.added.length + d.removed.length + d.changed.length > 0) {
    out.push("| change | tool | what |", "| --- | --- | --- |");
    const effectsOf = new Map(d.addedEffects.map((x) => [x.tool, x.capabilities]));
    const renamed = new Map(d.renames.map((r) => [r.from, r]));
    for (const n of d.added)
      out.push(
        `| added | ${mdText(n)} | ${(effectsOf.get(n) ?? []).map((c) => mdText(effectLine(c))).join("<br>")} |`,
      );
    for (const n of d.removed) {
      const r = renamed.get(n);
      out.push(`| removed | ${mdText(n)} | ${r ? mdText(renameHint(r, r.to)) : ""} |`);
    }
    for (const c of d.changed) {
      const what = [c.fields.map(mdText).join(", "), ...c.capabilities.map((x) => mdText(effectLine(x)))];
      out.push(`| changed | ${mdText(c.name)} | ${what.join("<br>")} |`);
    }
    out.push("");
  }
  if (d.surface.length > 0) {
    out.push("| change | item | what |", "| --- | --- | --- |");
    for (const s of d.surface) {
      const name = (key: string) => mdText(itemName({ kind: s.kind, key }));
      for (const k of s.added) out.push(`| added | ${name(k)} | |`);
      const renamed = new Map((s.renames ?? []).map((r) => [r.from, r]));
      for (const k of s.removed) {
        const r = renamed.get(k);
        out.push(`| removed | ${name(k)} |${r ? ` ${mdText(renameHint(r, r.to))}` : ""} |`);
      }
      for (const c of s.changed)
        out.push(`| changed | ${name(c.key)} | ${c.fields.map(mdText).join(", ")} |`);
    }
    out.push("");
  }
  if (d.breaking.length > 0) {
    out.push(`### Breaking changes (${d.breaking.length})`, "");
    for (const b of breakingInOrder(d.breaking))
      out.push(`- ${mdText(subjectOf(b, "server"))}: ${mdText(formatBreaking(b))}`);
    out.push("");
  }
  if (d.lintNew.length + d.lintResolved.length > 0) {
    out.push("### Lint", "");
    for (const f of d.lintNew) out.push(`- new: ${mdText(lintLine(f))}`);
    for (const f of d.lintResolved) out.push(`- resolved: ${mdText(lintLine(f))}`);
    out.push("");
  }
  if (d.server.length > 0) {
    out.push("### Server", "");
    for (const s of d.server) out.push(`- ${mdText(serverLine(s))}`);
    out.push("");
  }
  if (d.scorecards) {
    const s = d.scorecards;
    out.push("### Scorecards", "", "| | A | B |", "| --- | --- | --- |");
    out.push(`| grade | ${s.a.grade ?? "not graded"} | ${s.b.grade ?? "not graded"} |`);
    out.push(`| score | ${score(s.a.score)} | ${score(s.b.score)} |`);
    for (const k of ["happy", "edge", "lint", "probes"] as const) {
      if (s.a.rates[k] === undefined && s.b.rates[k] === undefined) continue;
      out.push(`| ${k} | ${pct(s.a.rates[k])} | ${pct(s.b.rates[k])} |`);
    }
    for (const p of s.newly_failing)
      out.push(`- probe now fails: ${mdText(p.id)} ${mdText(p.tool ?? "")} (${p.confidence})`);
    for (const p of s.newly_passing)
      out.push(`- probe now passes: ${mdText(p.id)} ${mdText(p.tool ?? "")} (${p.confidence})`);
    out.push("");
  }
  const diffs = [
    ...d.changed.flatMap((c) => c.diffs.map((fd) => ({ tool: c.name, fd }))),
    ...d.surface.flatMap((s) =>
      s.changed.flatMap((c) => c.diffs.map((fd) => ({ tool: itemName({ kind: s.kind, key: c.key }), fd }))),
    ),
    ...d.server.flatMap((s) => (s.diff ? [{ tool: "(server)", fd: s.diff }] : [])),
  ];
  if (diffs.length > 0) {
    // A fence longer than any backtick run in the text keeps the block closed.
    const body: string[] = [];
    for (const { tool, fd } of diffs) {
      body.push(`# ${escapeLine(tool)}`);
      for (const l of renderFieldDiff(fd)) body.push(l);
    }
    // Loops, not Math.max(...lines): a diff may have more lines than a call has arguments.
    let longest = 2;
    for (const l of body) for (const m of l.match(/`+/g) ?? []) longest = Math.max(longest, m.length);
    const fence = "`".repeat(longest + 1);
    out.push(
      "<details><summary>Field diffs</summary>",
      "",
      `${fence}diff`,
      ...body,
      fence,
      "",
      "</details>",
      "",
    );
  }
  return out.join("\n");
}
