import { lintRulesHelp } from "../../report/lint-rules.js";
import { lint, type LintResult } from "../../api/lint.js";
import { subjectOf } from "../../report/surface-label.js";
import type { LintFinding } from "../../lint/types.js";
import { renderLintConsole } from "../../report/lint.js";
import { renderLintJson } from "../../report/lint-json.js";
import { renderLintMarkdown } from "../../report/lint-markdown.js";
import { formatLintFinding } from "../../report/lint-messages.js";
import { COLOR, PLAIN } from "../../report/style.js";
import { escapeLine } from "../../util/unicode.js";
import {
  CLIENT_OPTIONS,
  CLIENT_OPTIONS_HELP,
  SERVER_OPTIONS,
  SERVER_OPTIONS_HELP,
  parseCommand,
  serverOptions,
} from "../args.js";
import { renderAnnotations, type Annotation } from "../ci.js";
import { useColor, type CliContext, type Executed } from "../context.js";
import { EXIT } from "../exit-codes.js";
import { checkOutputs, emitOutputs, type OutputRequest, type Renderers } from "../output.js";
import { SARIF_HELP, SARIF_OPTION, SARIF_VERSION, checkSarifOption, sarifArtifact } from "../sarif.js";
import {
  PIN_CHECK_HELP,
  PIN_CHECK_OPTIONS,
  pinCheckCi,
  preparePinCheck,
  renderPinCheck,
} from "../pin-check.js";
import { renderSarif } from "../../report/sarif.js";
import { pinReportJson } from "../../report/pin-json.js";
import { toPrettyJson } from "../../util/fs.js";
import { lintSarif } from "../../report/sarif-reports.js";

export const HELP = `Usage: toolscore mcp lint SERVER [--json FILE|-] [--sarif FILE] [--ci] [--pin LOCK] [options]

Checks a server's tool definitions: names, descriptions, schemas (compiled as JSON Schema), hidden
characters, text that addresses the model, annotations that contradict the tool; and its prompts,
resource templates and resources for hidden characters and text that addresses the model. Every
finding has a rule id, a severity, the tool (or item), a JSON path, a message and a fix. Exits 1 when any finding is an
error, 0 otherwise, 2 on a usage or connection error.

SERVER is a launch command in quotes ("node server.js"), a URL, a saved snapshot or lock, or
--config PATH [--server NAME].

Options:
  --json FILE|-                 write the report (kind toolscore.mcp-lint-report) to FILE, or stdout
  --ci                          GitHub Actions: Markdown to the job summary, annotations on stdout
${SARIF_HELP}${PIN_CHECK_HELP}${SERVER_OPTIONS_HELP}${CLIENT_OPTIONS_HELP}
${lintRulesHelp()}`;

/** Workflow annotations for the error and warning findings. */
export function lintAnnotations(findings: readonly LintFinding[]): Annotation[] {
  return findings
    .filter((f) => f.severity !== "info")
    .map((f) => {
      const { message, fix } = formatLintFinding(f);
      return {
        level: f.severity === "error" ? ("error" as const) : ("warning" as const),
        title: `toolscore lint ${f.rule}: ${escapeLine(subjectOf(f))}`,
        message: `${escapeLine(message)} Fix: ${escapeLine(fix)}`,
      };
    });
}

/** The renderers of a lint result, keyed by format; `file` is what SARIF findings point into. */
export function lintRenderers(ctx: CliContext, file: string | undefined): Renderers<LintResult> {
  const style = useColor(ctx) ? COLOR : PLAIN;
  return {
    text: ({ report, findings, pin }) =>
      renderLintConsole(report.server, report.tools, findings, style) +
      (pin ? renderPinCheck(pin, style) : ""),
    json: ({ report, pin }) =>
      pin ? toPrettyJson({ ...report, pin: pinReportJson(pin) }) : renderLintJson(report),
    sarif: ({ findings }) => renderSarif(lintSarif(findings, SARIF_VERSION, sarifArtifact(file, ctx))),
    markdown: ({ report, findings, pin }) =>
      renderLintMarkdown(report.server, report.tools, findings) +
      (pin ? `\n${pinCheckCi(pin).markdown}` : ""),
    github: ({ findings, pin }) =>
      renderAnnotations([...lintAnnotations(findings), ...(pin ? pinCheckCi(pin).annotations : [])]),
  };
}

const OPTIONS = {
  ...SERVER_OPTIONS,
  ...CLIENT_OPTIONS,
  json: { type: "string" },
  ci: { type: "boolean" },
  ...SARIF_OPTION,
  ...PIN_CHECK_OPTIONS,
} as const;

const parse = (args: string[]) => parseCommand("mcp lint", args, OPTIONS, 1);

/** The options of `mcp lint`, typed as parsed (the Action passes them as an object). */
export type LintValues = ReturnType<typeof parse>["values"];

/** `toolscore mcp lint`. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parse(args);
  if (values.help) {
    ctx.stdout(HELP);
    return EXIT.OK;
  }
  return (await execute(positionals[0], values, ctx)).code;
}

/** `mcp lint SERVER` with its options as an object: lints, writes the outputs, returns the exit code and the result. */
export async function execute(
  server: string | undefined,
  values: LintValues,
  ctx: CliContext,
): Promise<Executed<LintResult>> {
  checkSarifOption(values.sarif);
  const request: OutputRequest = {
    documents: [
      { format: "sarif", to: values.sarif, option: "--sarif" },
      {
        format: "json",
        to: values.json,
        option: "--json",
        announce: (to) => `Lint report written to ${to}\n`,
      },
    ],
    ci: values.ci,
  };
  checkOutputs(request);
  const pinCheck = preparePinCheck(values, ctx, "mcp lint");
  const result = await lint(server, {
    ...serverOptions(values, ctx),
    ...(pinCheck ? { pin: { lock: pinCheck.lock, failOn: pinCheck.failOn } } : {}),
  });
  // Findings point into the snapshot or lock that was linted, or else the config file.
  const target = result.listed.target;
  const file = target?.kind === "file" ? target.path : values.config;
  await emitOutputs(ctx, result, lintRenderers(ctx, file), request);
  return { code: result.ok ? EXIT.OK : EXIT.FAIL, result };
}
