import { test, type TestResult } from "../../api/test.js";
import { resolveTarget } from "../../mcp/target.js";
import { requireLive } from "../source.js";
import { renderScorecard, renderScorecardJson } from "../../report/scorecard.js";
import { formatFix } from "../../report/fix-messages.js";
import { renderScorecardMarkdown } from "../../report/scorecard-md.js";
import { COLOR, PLAIN } from "../../report/style.js";
import { GRADES, gradeBelow } from "../../score/grade.js";
import { DEFAULT_CONCURRENCY } from "../../score/pool.js";
import type { Grade, Scorecard } from "../../score/types.js";
import { ToolscoreError } from "../../util/errors.js";
import { escapeLine } from "../../util/unicode.js";
import { parseEffectOverrides } from "../../pin/effects.js";
import { readJsonFile } from "../../util/fs.js";
import { CLIENT_OPTIONS, SERVER_OPTIONS, choice, parseCommand, pathArg, serverOptions } from "../args.js";
import { renderAnnotations, type Annotation } from "../ci.js";
import { textColumns, useColor, type CliContext, type Executed } from "../context.js";
import { EXIT } from "../exit-codes.js";
import { emitOutputs, type OutputRequest, type Renderers } from "../output.js";
import { freshWorkDir } from "../work-dir.js";
import {
  PIN_CHECK_HELP,
  PIN_CHECK_OPTIONS,
  pinCheckCi,
  preparePinCheck,
  renderPinCheck,
} from "../pin-check.js";

export const HELP = `Usage: toolscore mcp test SERVER [options]

Starts the server, calls its tools with arguments generated from their input schemas (valid input
and edge cases), lints the definitions, and grades the server A-F: 0.6 valid input + 0.2 edge cases
+ 0.2 lint (with --probes: 0.5 + 0.15 + 0.15 + 0.2 probes).

Safe by default: tools that may write, delete or execute, or whose capabilities are unknown, are
not called unless --allow-writes is given; they are listed as skipped. Called tools get no
argument that may write (no optional file name or output path, no enum value such as "set" or
"delete"). Read tools that reach the network are called; --no-network skips them. A launched
server runs in a fresh temporary folder, removed afterwards, unless --cwd names one.

Options:
  --cases N                 valid-input calls per tool (default 3; 0 means not graded)
  --no-edge-cases           skip the edge-case calls
  --seed SEED               seed of the argument generator (default 1): same seed, same calls
  --allow-writes            also call tools that may write, delete or execute (use a throwaway server)
  --no-network              skip read tools that reach the network (called by default)
  --probes                  run the effect probes (write probes need --allow-writes)
  --capabilities FILE       capability overrides, {"tool_name": ["read"]}, as for mcp pin
  --concurrency N           calls of read-only tools in flight at once (default ${DEFAULT_CONCURRENCY})
  --timeout SECONDS         for start-up and each call (default 30)
  --report md|json          write the report (to stdout, or to --output)
  --output FILE             file for the report (json unless FILE ends in .md)
  --fail-under GRADE        exit 1 when the grade is below GRADE (A-F; not graded is below all),
                            or when the card is incomplete (calls could not reach their backend)
  --allow-incomplete        with --fail-under, judge an incomplete card by its grade alone
  --ci                      job summary (GITHUB_STEP_SUMMARY), annotations, exit 1 on blocking issues
${PIN_CHECK_HELP}  --config PATH --server NAME, --env KEY=VALUE, --cwd DIR, --header "Name: value",
  --header-file FILE, --client-id ID, --client-secret-env VAR, --client-secret-file FILE,
  --client-capabilities LIST, --protocol VERSION, --verbose   as for every command
`;

const OPTIONS = {
  ...SERVER_OPTIONS,
  ...CLIENT_OPTIONS,
  cases: { type: "string" },
  "no-edge-cases": { type: "boolean" },
  seed: { type: "string" },
  "allow-writes": { type: "boolean" },
  "no-network": { type: "boolean" },
  probes: { type: "boolean" },
  concurrency: { type: "string" },
  capabilities: { type: "string" },
  report: { type: "string" },
  output: { type: "string", short: "o" },
  "fail-under": { type: "string" },
  "allow-incomplete": { type: "boolean" },
  ci: { type: "boolean" },
  ...PIN_CHECK_OPTIONS,
} as const;

function count(option: string, raw: string | undefined, dflt: number, min: number, max: number): number {
  if (raw === undefined) return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ToolscoreError(
      "USAGE",
      `${option} takes a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`,
    );
  return n;
}

const parse = (args: string[]) => parseCommand("mcp test", args, OPTIONS, 1);

/** The options of `mcp test`, typed as parsed (the Action passes them as an object). */
export type TestValues = ReturnType<typeof parse>["values"];

/** `toolscore mcp test`. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parse(args);
  if (values.help) {
    ctx.stdout(HELP);
    return EXIT.OK;
  }
  return (await execute(positionals[0], values, ctx)).code;
}

/**
 * `mcp test SERVER` with its options as an object: grades, writes the outputs, returns the exit
 * code and the result.
 */
export async function execute(
  server: string | undefined,
  values: TestValues,
  ctx: CliContext,
): Promise<Executed<TestResult>> {
  const positionals = server === undefined ? [] : [server];
  const cases = count("--cases", values.cases, 3, 0, 1000);
  const concurrency = count("--concurrency", values.concurrency, DEFAULT_CONCURRENCY, 1, 64);
  const failUnder =
    values["fail-under"] === undefined
      ? undefined
      : choice("--fail-under", values["fail-under"].toUpperCase(), GRADES, "F" as Grade);
  const output = values.output;
  const report = choice(
    "--report",
    values.report,
    ["md", "json"] as const,
    output?.toLowerCase().endsWith(".md") ? "md" : "json",
  );
  const wantsReport = values.report !== undefined || output !== undefined;
  const pinCheck = preparePinCheck(values, ctx, "mcp test");
  // Read the overrides before starting the server, so a bad file fails fast.
  const overrides =
    values.capabilities === undefined
      ? undefined
      : parseEffectOverrides(
          readJsonFile(pathArg(values.capabilities, ctx), "capability override file"),
          values.capabilities,
        );
  const request: OutputRequest = {
    documents: [
      {
        format: report === "md" ? "markdown" : "json",
        to: output ?? (wantsReport ? "-" : undefined),
        option: "--report",
        announce: (to) => `Report written to ${to}\n`,
      },
    ],
    ci: values.ci,
  };
  const base = serverOptions(values, ctx);
  const resolved = resolveTarget(positionals[0], { onNote: base.onNote, ...base.target });
  requireLive(resolved, "mcp test");
  // Whatever the server writes lands in a folder of its own, removed when it has been stopped.
  const work = freshWorkDir(resolved, ctx.cwd);

  const progress = ctx.isTTY && !values.ci;
  const result = await test(work.target, {
    ...base,
    ...(pinCheck ? { pin: { lock: pinCheck.lock, failOn: pinCheck.failOn } } : {}),
    cases,
    edgeCases: !values["no-edge-cases"],
    seed: values.seed,
    allowWrites: values["allow-writes"] ?? false,
    network: !values["no-network"],
    probes: values.probes ?? false,
    concurrency,
    effectOverrides: overrides,
    onProgress: progress
      ? (done, total) => ctx.stderr(`\r\u001b[2Kcalling tools ${done}/${total}`)
      : undefined,
  }).finally(() => work.remove());
  if (progress) ctx.stderr("\r\u001b[2K");
  const card = result.scorecard;
  for (const name of Object.keys(overrides ?? {}).filter((n) => !card.tools.some((t) => t.name === n)))
    ctx.stderr(
      `toolscore: warning: --capabilities names '${escapeLine(name)}', which the server does not have\n`,
    );

  await emitOutputs(ctx, result, testRenderers(ctx), request);
  let code: number = EXIT.OK;
  if (result.pin && !result.pin.ok) code = EXIT.FAIL;
  if (values.ci && card.fixes.some((f) => f.blocking)) code = EXIT.FAIL;
  if (failUnder !== undefined && gradeBelow(card.grade, failUnder)) {
    ctx.stderr(`toolscore: grade ${card.grade ?? "(not graded)"} is below --fail-under ${failUnder}\n`);
    code = EXIT.FAIL;
  } else if (failUnder !== undefined && card.incomplete && !values["allow-incomplete"]) {
    ctx.stderr(
      `toolscore: the scorecard is incomplete (${card.incomplete.calls} call(s) could not reach their backend), so --fail-under ${failUnder} fails; --allow-incomplete judges it by its grade alone\n`,
    );
    code = EXIT.FAIL;
  }
  return { code, result };
}

/** The renderers of a test result, keyed by format. */
export function testRenderers(ctx: CliContext): Renderers<TestResult> {
  const style = useColor(ctx) ? COLOR : PLAIN;
  return {
    text: ({ scorecard, pin }) =>
      renderScorecard(scorecard, style, textColumns(ctx)) + (pin ? renderPinCheck(pin, style) : ""),
    json: ({ scorecard }) => renderScorecardJson(scorecard),
    markdown: ({ scorecard, pin }) =>
      renderScorecardMarkdown(scorecard) + (pin ? `\n${pinCheckCi(pin).markdown}` : ""),
    github: ({ scorecard, pin }) =>
      renderAnnotations([...annotations(scorecard), ...(pin ? pinCheckCi(pin).annotations : [])]),
  };
}

function annotations(card: Scorecard): Annotation[] {
  return card.fixes
    .filter((f) => f.blocking)
    .map((f) => ({ f, words: formatFix(f) }))
    .map(({ f, words }) => ({
      level: "error" as const,
      title: `toolscore ${f.source}${f.tool === null ? "" : ` ${escapeLine(f.tool)}`}`,
      message: `${escapeLine(words.issue)}. Fix: ${escapeLine(words.fix)}`,
    }));
}
