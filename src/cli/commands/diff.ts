import { resolveTarget, type ServerTarget } from "../../mcp/target.js";
import { diff as diffServers } from "../../api/diff.js";
import { diffFails } from "../../diff/diff.js";
import { DIFF_FAIL_ON, type DiffFailOn, type ServerDiff } from "../../diff/types.js";
import { breakingInOrder, formatBreaking } from "../../report/breaking.js";
import { renderDiff } from "../../report/diff.js";
import { diffJson } from "../../report/diff-json.js";
import { renderDiffMarkdown } from "../../report/diff-markdown.js";
import { COLOR, PLAIN } from "../../report/style.js";
import { ToolscoreError } from "../../util/errors.js";
import { toPrettyJson } from "../../util/fs.js";
import { subjectOf } from "../../report/surface-label.js";
import { escapeLine } from "../../util/unicode.js";
import {
  CLIENT_OPTIONS,
  CLIENT_OPTIONS_HELP,
  SERVER_OPTIONS,
  choice,
  parseCommand,
  serverOptions,
  targetOptions,
} from "../args.js";
import { renderAnnotations, type Annotation } from "../ci.js";
import { useColor, type CliContext, type Executed } from "../context.js";
import { EXIT } from "../exit-codes.js";
import { checkOutputs, emitOutputs, jsonAndSarif, type Renderers } from "../output.js";
import { freshWorkDir } from "../work-dir.js";
import { SARIF_HELP, SARIF_OPTION, SARIF_VERSION, checkSarifOption, sarifArtifact } from "../sarif.js";
import { diffSarif } from "../../report/sarif-reports.js";
import { renderSarif } from "../../report/sarif.js";

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
  --test                        also run the scorecard on both (live servers only) and compare;
                                each launched server runs in a fresh temporary folder unless --cwd
  --probes                      with --test: run the effect probes
  --allow-writes                with --test: also call tools that may write, delete or execute
  --config-a PATH, --server-a NAME, --config-b PATH, --server-b NAME, --config PATH
                                take a side from a client config file
  --env KEY=VALUE               set an environment variable for both servers (repeatable)
  --cwd DIR                     working directory for both servers
  --header "Name: value"        HTTP header for URLs (repeatable)
  --header-file FILE            HTTP headers for a URL from FILE, one "Name: value" a line
${CLIENT_OPTIONS_HELP}  --timeout SECONDS             for start-up and each request (default 30)
  --client-capabilities LIST    declare roots,sampling,elicitation,elicitation.url
                                (default none)
  --protocol VERSION            auto (default: the newest both sides speak) or one MCP version
  --verbose                     show stack traces on errors

Exit codes: 0 nothing fails, 1 something fails under --fail-on, 2 usage, file or connection error.
`;

const OPTIONS = {
  ...SERVER_OPTIONS,
  ...CLIENT_OPTIONS,
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

function annotations(d: ServerDiff, failing: boolean): Annotation[] {
  return breakingInOrder(d.breaking).map((b) => ({
    level: failing ? "error" : "warning",
    title: `Breaking change${b.tool === null && !b.item ? "" : `: ${escapeLine(subjectOf(b))}`}`,
    message: escapeLine(formatBreaking(b)),
  }));
}

const parse = (args: string[]) => parseCommand("mcp diff", args, OPTIONS, 2);

/** The options of `mcp diff`, typed as parsed (the Action passes them as an object). */
export type DiffValues = ReturnType<typeof parse>["values"];

/** `toolscore mcp diff A B`. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parse(args);
  if (values.help) {
    ctx.stdout(HELP);
    return EXIT.OK;
  }
  return (await execute(positionals, values, ctx)).code;
}

/**
 * `mcp diff` with the servers not named by a config (`sides`) and its options as an object:
 * diffs, writes the outputs, returns the exit code and the diff.
 */
export async function execute(
  sides: string[],
  values: DiffValues,
  ctx: CliContext,
): Promise<Executed<ServerDiff>> {
  const positionals = sides;
  const failOn = choice("--fail-on", values["fail-on"], DIFF_FAIL_ON, "any");
  checkSarifOption(values.sarif);
  for (const flag of ["probes", "allow-writes"] as const) {
    if (values[flag] && !values.test) throw new ToolscoreError("USAGE", `--${flag} goes with --test`);
  }
  const request = jsonAndSarif(values);
  checkOutputs(request);
  const targets = resolveSides(values, positionals, ctx);
  // With --test each launched server is called as by mcp test, so each runs in a folder of its
  // own (unless --cwd or its config names one), removed when both have been stopped.
  const work = values.test
    ? { A: freshWorkDir(targets.A, ctx.cwd), B: freshWorkDir(targets.B, ctx.cwd) }
    : undefined;
  const { diff } = await diffServers(work?.A.target ?? targets.A, work?.B.target ?? targets.B, {
    ...serverOptions(values, ctx),
    test: values.test,
    probes: values.probes,
    allowWrites: values["allow-writes"],
  }).finally(() => {
    work?.A.remove();
    work?.B.remove();
  });
  const labels = { a: values["label-a"], b: values["label-b"] };
  // Findings point into B when it is a saved file, else into A when that one is.
  const file = [targets.B, targets.A].find((t) => t.kind === "file");
  const renderers = diffRenderers(
    ctx,
    { failOn, labels, brief: values.brief },
    file?.kind === "file" ? file.path : undefined,
  );
  await emitOutputs(ctx, diff, renderers, request);
  return { code: diffFails(diff, failOn) ? EXIT.FAIL : EXIT.OK, result: diff };
}

/** The renderers of a diff, keyed by format; `file` is what SARIF findings point into. */
export function diffRenderers(
  ctx: CliContext,
  opts: { failOn: DiffFailOn; labels?: { a?: string; b?: string }; brief?: boolean },
  file: string | undefined,
): Renderers<ServerDiff> {
  const style = useColor(ctx) ? COLOR : PLAIN;
  const { failOn, labels } = opts;
  return {
    text: (diff) => renderDiff(diff, { style, brief: opts.brief, failOn, labels }),
    json: (diff) => toPrettyJson(diffJson(diff)),
    sarif: (diff) => renderSarif(diffSarif(diff, SARIF_VERSION, sarifArtifact(file, ctx))),
    markdown: (diff) => renderDiffMarkdown(diff, { failOn, labels }),
    github: (diff) => renderAnnotations(annotations(diff, diffFails(diff, failOn))),
  };
}
