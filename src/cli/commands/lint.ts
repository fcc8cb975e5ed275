import { lintServer } from "../../lint/index.js";
import { lintSurface } from "../../lint/surface.js";
import { subjectOf } from "../../report/surface-label.js";
import type { LintFinding } from "../../lint/types.js";
import { renderLintConsole } from "../../report/lint.js";
import { lintRulesHelp } from "../../report/lint-rules.js";
import { buildLintReport, renderLintJson } from "../../report/lint-json.js";
import { renderLintMarkdown } from "../../report/lint-markdown.js";
import { COLOR, PLAIN } from "../../report/style.js";
import { escapeLine } from "../../util/unicode.js";
import { SERVER_OPTIONS, SERVER_OPTIONS_HELP, parseCommand } from "../args.js";
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
import { obtainSnapshot } from "../source.js";
import {
  PIN_CHECK_HELP,
  PIN_CHECK_OPTIONS,
  pinCheckCi,
  preparePinCheck,
  renderPinCheck,
  runPinCheck,
  withPinClientCapabilities,
} from "../pin-check.js";
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
${SARIF_HELP}${PIN_CHECK_HELP}${SERVER_OPTIONS_HELP}
${lintRulesHelp()}`;

/** Workflow annotations for the error and warning findings. */
export function lintAnnotations(findings: readonly LintFinding[]): Annotation[] {
  return findings
    .filter((f) => f.severity !== "info")
    .map((f) => ({
      level: f.severity === "error" ? ("error" as const) : ("warning" as const),
      title: `toolscore lint ${f.rule}: ${escapeLine(subjectOf(f))}`,
      message: `${escapeLine(f.message)} Fix: ${escapeLine(f.fix)}`,
    }));
}

/** `toolscore mcp lint`. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommand(
    "mcp lint",
    args,
    {
      ...SERVER_OPTIONS,
      json: { type: "string" },
      ci: { type: "boolean" },
      ...SARIF_OPTION,
      ...PIN_CHECK_OPTIONS,
    },
    1,
  );
  if (values.help) {
    ctx.stdout(HELP);
    return EXIT.OK;
  }
  checkSarifOption(values.sarif);
  const pinCheck = preparePinCheck(values, ctx, "mcp lint");
  const { snapshot, target } = await obtainSnapshot(
    positionals[0],
    withPinClientCapabilities(values, pinCheck),
    ctx,
  );
  // Tools and instructions first, then prompts, resource templates and resources.
  const findings = [...lintServer(snapshot), ...lintSurface(snapshot)];
  const pin = pinCheck && runPinCheck(pinCheck, snapshot);
  if (values.sarif !== undefined) {
    // Findings point into the snapshot or lock that was linted, or else the config file.
    const file = target.kind === "file" ? target.path : values.config;
    writeSarif(values.sarif, lintSarif(findings, SARIF_VERSION, sarifArtifact(file, ctx)), ctx);
  }
  const failed = findings.some((f) => f.severity === "error") || (pin !== undefined && !pin.ok);
  const exit = failed ? EXIT.FAIL : EXIT.OK;
  const json = values.json;
  if (json !== undefined) {
    const report = buildLintReport(snapshot.server, snapshot.tools.length, findings);
    writeOutput(
      json,
      pin ? toPrettyJson({ ...report, pin: pinReportJson(pin) }) : renderLintJson(report),
      ctx,
    );
  }
  if (json !== "-") {
    const style = useColor(ctx) ? COLOR : PLAIN;
    ctx.stdout(renderLintConsole(snapshot.server, snapshot.tools.length, findings, style));
    if (pin) ctx.stdout(renderPinCheck(pin, style));
  }
  if (values.ci) {
    const pinCi = pin && pinCheckCi(pin);
    emitCi(
      ctx,
      renderLintMarkdown(snapshot.server, snapshot.tools.length, findings) +
        (pinCi ? `\n${pinCi.markdown}` : ""),
      [...lintAnnotations(findings), ...(pinCi?.annotations ?? [])],
      json === "-",
    );
  }
  if (json !== undefined && json !== "-") ctx.stderr(`Lint report written to ${json}\n`);
  return exit;
}
