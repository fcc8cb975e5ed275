import type { ServerSnapshot } from "../../mcp/snapshot.js";
import type { Lock } from "../../pin/lock.js";
import { resolveTarget, type ServerTarget } from "../../mcp/target.js";
import { diffSnapshots } from "../../diff/diff.js";
import type { ScorecardSummary } from "../../diff/scorecards.js";
import { DIFF_FAIL_ON, type ServerDiff } from "../../diff/types.js";
import { renderDiff } from "../../report/diff.js";
import { renderDiffMarkdown } from "../../report/diff-markdown.js";
import { COLOR, PLAIN } from "../../report/style.js";
import { ToolscoreError, isToolscoreError } from "../../util/errors.js";
import { toPrettyJson } from "../../util/fs.js";
import { subjectOf } from "../../report/surface-label.js";
import { escapeLine } from "../../util/unicode.js";
import { SERVER_OPTIONS, choice, parseCommand, targetOptions } from "../args.js";
import { emitCi, type Annotation } from "../ci.js";
import { useColor, type CliContext } from "../context.js";
import { EXIT } from "../exit-codes.js";
import { writeOutput } from "../output.js";
import {
  SARIF_HELP,
  SARIF_OPTION,
  SARIF_VERSION,
  checkSarifOption,
  sarifArtifact,
  writeSarif,
} from "../sarif.js";
import { diffSarif } from "../../report/sarif-reports.js";
import { requireLive, snapshotOfTarget } from "../source.js";
import { scorecardOf } from "./diff-scorecards.js";

export const HELP = `Usage: toolscore mcp diff A B [options]

Shows what changed between two servers, builds or configurations, and classifies the breaking
changes: tools added, removed and changed (a unified diff per field), capability changes, lint
findings new and resolved, server name, version, protocol and instructions.

A and B are each a launch command in quotes ("node server.js"), a URL, a saved snapshot or lock
file, or an entry of a client config file (--config-a PATH --server-a NAME, and the same with -b;
--config PATH sets the file of both sides, e.g. --config mcp.json --server-a old --server-b new).

Breaking: a removed tool, a removed parameter, a newly required parameter, a parameter whose type
narrowed, a new delete or exec capability, a new lint error; with --test a lower grade or a newly
failing high-confidence probe.

Options:
  --fail-on any|breaking|none   what fails (exit 1): any difference (default), breaking changes, nothing
  --brief                       summary lines only, without the field diffs
  --json FILE|-                 write the diff as JSON (kind toolscore.mcp-diff); - for stdout
  --ci                          add the Markdown report to the GitHub job summary, annotate breaking changes
${SARIF_HELP}  --label-a TEXT, --label-b TEXT  shown next to each side's server name
  --test                        also run the scorecard on both (live servers only) and compare
  --probes                      with --test: run the effect probes
  --allow-writes                with --test: also call tools that may write, delete or execute
  --config-a PATH, --server-a NAME, --config-b PATH, --server-b NAME, --config PATH
                                take a side from a client config file
  --env KEY=VALUE               set an environment variable for both servers (repeatable)
  --cwd DIR                     working directory for both servers
  --header "Name: value"        HTTP header for URLs (repeatable)
  --timeout SECONDS             for start-up and each request (default 30)
  --client-capabilities LIST    declare roots,sampling,elicitation (default none)
  --protocol VERSION            auto (default: the newest both sides speak) or one MCP version
  --verbose                     show stack traces on errors

Exit codes: 0 nothing fails, 1 something fails under --fail-on, 2 usage, file or connection error.
`;

const OPTIONS = {
  ...SERVER_OPTIONS,
  "config-a": { type: "string" },
  "server-a": { type: "string" },
  "config-b": { type: "string" },
  "server-b": { type: "string" },
  "fail-on": { type: "string" },
  brief: { type: "boolean" },
  json: { type: "string" },
  ci: { type: "boolean" },
  ...SARIF_OPTION,
  "label-a": { type: "string" },
  "label-b": { type: "string" },
  test: { type: "boolean" },
  probes: { type: "boolean" },
  "allow-writes": { type: "boolean" },
} as const;

type Values = Record<string, unknown>;
type Side = "A" | "B";

/** Each side's target, from a positional argument or a config entry. */
function resolveSides(values: Values, positionals: string[], ctx: CliContext): Record<Side, ServerTarget> {
  if (values.server !== undefined) {
    throw new ToolscoreError("USAGE", "mcp diff names two entries: use --server-a NAME and --server-b NAME");
  }
  const config = { A: values["config-a"] ?? values.config, B: values["config-b"] ?? values.config };
  const server = { A: values["server-a"], B: values["server-b"] };
  for (const s of ["A", "B"] as const) {
    if (server[s] !== undefined && config[s] === undefined) {
      const flag = s.toLowerCase();
      throw new ToolscoreError(
        "USAGE",
        `--server-${flag} names an entry of a config file: add --config-${flag} PATH (or --config PATH)`,
      );
    }
  }
  const needed = (config.A === undefined ? 1 : 0) + (config.B === undefined ? 1 : 0);
  if (positionals.length !== needed) {
    throw new ToolscoreError(
      "USAGE",
      `mcp diff compares two servers: give A and B, each a launch command in quotes, a URL, a saved .json file, or --config-a/--config-b PATH (got ${positionals.length} argument(s) for ${needed} side(s); see: toolscore mcp diff --help)`,
    );
  }
  const rest = [...positionals];
  const target = (s: Side) =>
    resolveTarget(
      config[s] === undefined ? rest.shift() : undefined,
      targetOptions({ ...values, config: config[s], server: server[s] }, ctx),
    );
  const A = target("A");
  return { A, B: target("B") };
}

/** Names the side an error came from, keeping its code. */
function onSide(side: Side, target: ServerTarget, e: unknown): unknown {
  if (!isToolscoreError(e)) return e;
  const label = escapeLine(target.label);
  return new ToolscoreError(e.code, `${side} (${label}): ${e.message}`, e.data, { cause: e });
}

interface Loaded {
  /** A snapshot, or a lock as itself so that only what it holds is compared. */
  snapshot: ServerSnapshot | Lock;
  scorecard?: ScorecardSummary;
}

/**
 * Loads both sides at once. Each side stops its own server whatever happens, and both are awaited
 * before an error is passed on, so a failing side never leaves the other one running.
 */
async function loadBoth(
  targets: Record<Side, ServerTarget>,
  values: Values,
  ctx: CliContext,
): Promise<Record<Side, Loaded>> {
  const load = async (side: Side): Promise<Loaded> => {
    const target = targets[side];
    try {
      if (values.test) return await scorecardOf(target, values, ctx);
      const got = await snapshotOfTarget(target, values, ctx);
      return { snapshot: got.origin === "lock" ? got.lock : got.snapshot };
    } catch (e) {
      throw onSide(side, target, e);
    }
  };
  const [a, b] = await Promise.allSettled([load("A"), load("B")]);
  if (a.status === "rejected") throw a.reason;
  if (b.status === "rejected") throw b.reason;
  return { A: a.value, B: b.value };
}

function annotations(d: ServerDiff, failing: boolean): Annotation[] {
  return d.breaking.map((b) => ({
    level: failing ? "error" : "warning",
    title: `Breaking change${b.tool === null && !b.item ? "" : `: ${escapeLine(subjectOf(b))}`}`,
    message: escapeLine(b.reason),
  }));
}

/** `toolscore mcp diff A B`. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommand("mcp diff", args, OPTIONS, 2);
  if (values.help) {
    ctx.stdout(HELP);
    return EXIT.OK;
  }
  const failOn = choice("--fail-on", values["fail-on"], DIFF_FAIL_ON, "any");
  checkSarifOption(values.sarif);
  for (const flag of ["probes", "allow-writes"] as const) {
    if (values[flag] && !values.test) throw new ToolscoreError("USAGE", `--${flag} goes with --test`);
  }
  const targets = resolveSides(values, positionals, ctx);
  if (values.test) {
    requireLive(targets.A, "mcp diff --test");
    requireLive(targets.B, "mcp diff --test");
  }
  const loaded = await loadBoth(targets, values, ctx);
  const scorecards =
    loaded.A.scorecard && loaded.B.scorecard ? { a: loaded.A.scorecard, b: loaded.B.scorecard } : undefined;
  const diff = diffSnapshots(loaded.A.snapshot, loaded.B.snapshot, { scorecards });
  const labels = { a: values["label-a"], b: values["label-b"] };
  const failing = diff.fails(failOn);
  if (values.json !== undefined) writeOutput(values.json, toPrettyJson(diff.toJSON()), ctx);
  if (values.sarif !== undefined) {
    // Findings point into B when it is a saved file, else into A when that one is.
    const file = [targets.B, targets.A].find((t) => t.kind === "file");
    const artifact = sarifArtifact(file?.kind === "file" ? file.path : undefined, ctx);
    writeSarif(values.sarif, diffSarif(diff, SARIF_VERSION, artifact), ctx);
  }
  if (values.json !== "-") {
    const style = useColor(ctx) ? COLOR : PLAIN;
    ctx.stdout(renderDiff(diff, { style, brief: values.brief, failOn, labels }));
  }
  if (values.ci) {
    emitCi(
      ctx,
      renderDiffMarkdown(diff, { failOn, labels }),
      annotations(diff, failing),
      values.json === "-",
    );
  }
  return failing ? EXIT.FAIL : EXIT.OK;
}
