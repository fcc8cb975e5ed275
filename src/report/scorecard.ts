import type { Grade, Scorecard } from "../score/types.js";
import { formatFix } from "./fix-messages.js";
import { probeReason } from "./probe-messages.js";
import { notGradedSentence, scorecardJson, skipCause, skipFlag, skipNote } from "./scorecard-words.js";
import { escapeLine } from "../util/unicode.js";
import { fitLine } from "./fit.js";
import { environmentExample } from "./call-detail.js";
import { PLAIN, displayWidth, pad, truncateMiddle, type Style } from "./style.js";
import { maxOf } from "../util/order.js";
const pct = (r: number | undefined) => (r === undefined ? "-" : r.toFixed(2));

/** How many "Top issues to fix" the console shows. */
export const TOP_FIXES = 5;

/** `name version` of the scored server, escaped. */
export function serverLabel(card: Scorecard): string {
  const name = escapeLine(card.server.name ?? "(unnamed server)");
  return card.server.version ? `${name} ${escapeLine(card.server.version)}` : name;
}

/** The grade line: `Grade B (score 0.84)  called 5 of 8 tools`, or `Not graded: reason`. */
export function gradeLine(card: Scorecard, style: Style): string {
  const coverage = `called ${card.coverage.called} of ${card.coverage.total} tool${card.coverage.total === 1 ? "" : "s"}`;
  if (card.grade === null)
    return `${style.bold(style.yellow("Not graded"))}: ${escapeLine(card.not_graded === null ? "" : notGradedSentence(card.not_graded))}  ${style.dim(coverage)}`;
  const colour = gradeColour(card.grade, style);
  return `${style.bold(colour(`Grade ${card.grade}`))} (score ${card.score!.toFixed(2)}${fewCalls(card)})  ${coverage}`;
}

/** `, from only 2 calls` when a grade rests on one or two counted calls, or "". */
export function fewCalls(card: Scorecard): string {
  const calls = card.counts.happy.total + card.counts.edge.total;
  return card.grade !== null && calls <= 2 ? `, from only ${calls} call${calls === 1 ? "" : "s"}` : "";
}

/**
 * `incomplete: 3 calls could not reach their backend (getaddrinfo ENOTFOUND api.example.com)`, or
 * null when every call could be judged. Server text is escaped.
 */
export function incompleteLine(card: Scorecard): string | null {
  if (!card.incomplete) return null;
  const n = card.incomplete.calls;
  const eg = card.incomplete.examples
    .map(environmentExample)
    .map((e) => escapeLine(e.length > 80 ? `${e.slice(0, 79)}…` : e));
  return `incomplete: ${n} call${n === 1 ? "" : "s"} could not reach ${n === 1 ? "its" : "their"} backend${eg.length ? ` (${eg.join("; ")})` : ""}${gradedOn(card)}`;
}

// The components a grade stands on when no valid-input call reached its backend (the absent rates).
function gradedOn(card: Scorecard): string {
  const { rates } = card;
  if (card.grade === null || rates.happy !== undefined) return "";
  const on = [
    ...(rates.edge === undefined ? [] : ["edge cases"]),
    "lint",
    ...(rates.probes === undefined ? [] : ["probes"]),
  ];
  const list = on.length === 1 ? on[0] : `${on.slice(0, -1).join(", ")} and ${on.at(-1)}`;
  return `; graded on ${list} alone`;
}

/** Calls left out of the rates other than the environment's: `not counted: 2 not found, 1 needs input`. */
export function notCountedLine(card: Scorecard): string | null {
  const { not_found, needs_input } = card.counts.not_counted;
  const parts = [
    ...(not_found ? [`${not_found} not found (a generated id or path)`] : []),
    ...(needs_input ? [`${needs_input} needed a person's input`] : []),
  ];
  return parts.length ? `not counted: ${parts.join(", ")}` : null;
}

function gradeColour(g: Grade, style: Style): (s: string) => string {
  return g === "A" || g === "B" ? style.green : g === "C" ? style.yellow : style.red;
}

/** The component rates with their counts: `valid input 0.80 (12/15)  edge cases 1.00 (20/20)  lint 0.78`. */
export function ratesLine(card: Scorecard): string {
  return ratesParts(card).join("  ");
}

function ratesParts(card: Scorecard): string[] {
  const { rates, counts } = card;
  // A card that is not graded shows no full credit for what measured nothing (`- (0/0)`).
  const measured = (r: number | undefined, c: { total: number }) =>
    card.grade === null && c.total === 0 ? "-" : pct(r);
  const parts = [
    `valid input ${measured(rates.happy, counts.happy)} (${counts.happy.passed}/${counts.happy.total})`,
    `edge cases ${measured(rates.edge, counts.edge)} (${counts.edge.passed}/${counts.edge.total}, ${counts.edge_informative} informative)`,
    `lint ${pct(rates.lint)}`,
  ];
  if (rates.probes !== undefined)
    parts.push(
      `probes ${measured(rates.probes, counts.probes)} (${counts.probes.passed}/${counts.probes.total})`,
    );
  return parts;
}

// A NOTE column narrower than this puts its note on the lines below the row instead.
const NOTE_MIN = 16;
// Probe reasons narrower than this start their continuation lines four columns in instead.
const REASON_MIN = 24;
// Tool names wider than this are cut in the middle in the table (the report keeps them whole).
const TOOL_MAX = 48;

/**
 * `parts` joined by two spaces, a part never split: the parts that do not fit go on the next
 * line, `indent` spaces in.
 */
function joinParts(parts: readonly string[], first: string, indent: number, columns: number): string[] {
  const out: string[] = [];
  let cur = first;
  for (const p of parts) {
    const bare = cur.trim() === "";
    if (!bare && displayWidth(cur) + 2 + displayWidth(p) > columns) {
      out.push(cur);
      cur = " ".repeat(indent) + p;
    } else cur += bare ? p : `  ${p}`;
  }
  out.push(cur);
  return out;
}

/**
 * The console scorecard (plain text unless a colour style is given), fitted to `columns`: the NOTE
 * column, the probes' reasons and the top issues wrap at spaces with a hanging indent, so no
 * line is wider. Every string that came from the server is escaped.
 */
export function renderScorecard(card: Scorecard, style: Style = PLAIN, columns = 100): string {
  const out: string[] = [];
  const wrap = (line: string) => out.push(...fitLine(line, columns));
  wrap(`${style.bold(serverLabel(card))}  ${style.dim(`scorecard, seed ${escapeLine(card.settings.seed)}`)}`);
  wrap(gradeLine(card, style));
  const incomplete = incompleteLine(card);
  if (incomplete) wrap(style.yellow(`  ${incomplete}`));
  out.push(...joinParts(ratesParts(card), "  ", 2, columns));
  const notCounted = notCountedLine(card);
  if (notCounted) wrap(style.dim(`  ${notCounted}`));
  if (card.restarts)
    wrap(style.yellow(`  the server crashed and was started again ${card.restarts} time(s)`));
  if (card.tools.length) {
    out.push("");
    const rows = card.tools.map((t) => ({
      name: truncateMiddle(escapeLine(t.name), TOOL_MAX),
      happy: t.skipped ? "-" : `${t.happy.passed}/${t.happy.total}`,
      edge: t.skipped ? "-" : `${t.edge.passed}/${t.edge.total}`,
      lat: t.avg_latency_ms === null ? "-" : t.avg_latency_ms.toFixed(1),
      tokens: String(t.tokens),
      note: t.skipped ? `skipped (${escapeLine(skipNote(t.skipped) ?? "see below")})` : "",
    }));
    const w = Math.max(4, maxOf(rows.map((r) => displayWidth(r.name))));
    const head = `  ${pad("TOOL", w)}  VALID  EDGE   AVG MS  TOKENS  NOTE`;
    out.push(style.dim(head));
    const noteAt = displayWidth(head) - 4;
    const noteWidth = columns - noteAt;
    for (const r of rows) {
      const cells = `  ${pad(r.name, w)}  ${pad(r.happy, 5)}  ${pad(r.edge, 5)}  ${pad(r.lat, 6)}  ${pad(r.tokens, 6)}`;
      if (!r.note) out.push(cells.trimEnd());
      else if (noteWidth >= NOTE_MIN) {
        // The note wraps inside its column: continuation lines start under NOTE.
        const [first, ...rest] = fitLine(r.note, noteWidth, 0);
        out.push(`${cells}  ${first}`, ...rest.map((l) => " ".repeat(noteAt) + l));
      } else {
        out.push(cells.trimEnd(), ...fitLine(`    ${r.note}`, columns));
      }
    }
  }
  if (card.probes.length) {
    out.push("", style.bold("Effect probes"));
    const w = maxOf(card.probes.map((p) => p.id.length));
    const wt = Math.min(TOOL_MAX, maxOf(card.probes.map((p) => displayWidth(escapeLine(p.tool)))));
    for (const p of card.probes) {
      const status =
        p.status === "pass"
          ? style.green("pass")
          : p.status === "fail"
            ? style.red("FAIL")
            : style.dim("skip");
      // A reason wraps under the reasons when they have room, else four columns in.
      const at = 2 + 4 + 2 + w + 2 + wt + 2 + 6 + 2;
      out.push(
        ...fitLine(
          `  ${status}  ${pad(p.id, w)}  ${pad(truncateMiddle(escapeLine(p.tool), wt), wt)}  ${pad(p.confidence, 6)}  ${escapeLine(probeReason(p))}`,
          columns,
          columns - at >= REASON_MIN ? at : 4,
        ),
      );
    }
  }
  const fixes = card.fixes.filter((f) => f.severity !== "info").slice(0, TOP_FIXES);
  if (fixes.length) {
    out.push("", style.bold("Top issues to fix"));
    fixes.forEach((f, i) => {
      const sev = f.severity === "error" ? style.red(f.severity) : style.yellow(f.severity);
      const words = formatFix(f);
      wrap(
        `  ${i + 1}. ${sev} ${f.tool === null ? "" : `${escapeLine(f.tool)}: `}${escapeLine(words.issue)} ${style.dim(`(${f.source})`)}`,
      );
      if (words.fix) wrap(`     fix: ${escapeLine(words.fix)}`);
    });
    const more = card.fixes.filter((f) => f.severity !== "info").length - fixes.length;
    if (more > 0) wrap(style.dim(`  … and ${more} more in the report (--report md|json)`));
  }
  if (card.coverage.skipped.length) {
    out.push("");
    wrap(
      style.bold("Skipped") +
        style.dim(
          card.coverage.skipped.every((x) => skipFlag(x.skipped) === "--allow-writes")
            ? " (--allow-writes calls them; use it only against a throwaway server)"
            : " (--allow-writes calls those that may write; use it only against a throwaway server)",
        ),
    );
    const w = Math.min(TOOL_MAX, maxOf(card.coverage.skipped.map((x) => displayWidth(escapeLine(x.tool)))));
    for (const x of card.coverage.skipped) {
      // The header names the flags, so each line gives the cause alone.
      const reason = escapeLine(skipCause(x.skipped));
      // Continuation lines of a reason start under the reasons.
      out.push(...fitLine(`  ${pad(truncateMiddle(escapeLine(x.tool), w), w)}  ${reason}`, columns, w + 4));
    }
  }
  const notGenerated = card.tools.flatMap((t) =>
    (t.not_generated ?? []).map((n) => ({ tool: t.name, ...n })),
  );
  if (notGenerated.length) {
    out.push("");
    wrap(style.bold("Not generated") + style.dim(" (a $ref to a network URL is never fetched)"));
    for (const n of notGenerated) {
      const what = n.argument === null ? "its arguments" : `the argument ${escapeLine(n.argument)}`;
      wrap(`  ${escapeLine(n.tool)}: could not generate ${what}: its schema refers to ${escapeLine(n.ref)}`);
    }
  }
  return out.join("\n") + "\n";
}

/**
 * Two scorecards side by side (for `mcp diff --test`): grade, score, each component rate and the
 * coverage, one row each, `A -> B`.
 */
export function renderScorecardComparison(a: Scorecard, b: Scorecard, style: Style): string {
  const g = (c: Scorecard) =>
    (c.grade ?? "not graded") + (c.score === null ? "" : ` (${c.score.toFixed(2)})`);
  const rows: Array<[string, string, string]> = [
    ["grade", g(a), g(b)],
    ["valid input", pct(a.rates.happy), pct(b.rates.happy)],
    ["edge cases", pct(a.rates.edge), pct(b.rates.edge)],
    ["lint", pct(a.rates.lint), pct(b.rates.lint)],
  ];
  if (a.rates.probes !== undefined || b.rates.probes !== undefined)
    rows.push(["probes", pct(a.rates.probes), pct(b.rates.probes)]);
  rows.push([
    "coverage",
    `${a.coverage.called}/${a.coverage.total}`,
    `${b.coverage.called}/${b.coverage.total}`,
  ]);
  const w = Math.max(...rows.map((r) => r[1].length));
  return (
    rows.map(([k, x, y]) => `  ${pad(k, 12)}${pad(x, w)}  ->  ${x === y ? y : style.bold(y)}`).join("\n") +
    "\n"
  );
}

/** The JSON report: two-space JSON with a trailing newline. */
export function renderScorecardJson(card: Scorecard): string {
  // The facts stay in memory; the document carries the sentences made from them.
  return JSON.stringify(scorecardJson(card), null, 2) + "\n";
}
