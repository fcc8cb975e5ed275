import { existsSync } from "node:fs";
import { join } from "node:path";
import type { CliContext, Executed } from "../cli/context.js";
import { EXIT } from "../cli/exit-codes.js";
import { wantsSarif, type ActionInputs } from "./inputs.js";
import { notGradedSentence } from "../report/scorecard-words.js";

/**
 * Runs one command in-process, shown in the log as the command line `shown`: `body` gets the
 * context to write to and returns the exit code and its typed result; an error is reported as the
 * CLI reports it, and then there is no result.
 */
export type RunCommand = <R>(
  shown: string[],
  body: (ctx: CliContext) => Promise<Executed<R>>,
) => Promise<{ code: number; result?: R }>;

/** What one step of the action did. */
export interface StepResult {
  /** The check, as the summary table names it. */
  name: string;
  /** The command's exit code. */
  code: number;
  /** True when this step makes the action fail (a gate, or an error). */
  failed: boolean;
  /** A few words for the summary table. */
  result: string;
  outputs: Record<string, string>;
  /** The SARIF file the command wrote, when it wrote one. */
  sarif?: string;
}

/** Everything a step needs besides the inputs. */
export interface StepContext {
  run: RunCommand;
  /** A private folder for the reports. */
  tmp: string;
}

const sarifArgs = (inputs: ActionInputs, file: string) => (wantsSarif(inputs) ? ["--sarif", file] : []);
const sarifValue = (inputs: ActionInputs, file: string) => (wantsSarif(inputs) ? file : undefined);

/** The server of the inputs: a SERVER argument, or a config entry (`--config`, `--server`). */
function serverOf(argv: readonly string[]): { arg: string | undefined; config?: string; server?: string } {
  if (!argv[0]?.startsWith("--")) return { arg: argv[0] };
  return { arg: undefined, config: argv[1], server: argv[3] };
}

const errored = (code: number) => code !== EXIT.OK && code !== EXIT.FAIL;

/** `mcp verify-pin`: the pin gate, output `pin-ok`. */
export async function pinStep(inputs: ActionInputs, c: StepContext): Promise<StepResult> {
  const sarif = join(c.tmp, "pin.sarif");
  const shown = [
    "mcp",
    "verify-pin",
    ...inputs.server,
    "--lock",
    inputs.pinFile!,
    "--fail-on",
    inputs.pinFailOn,
    "--ci",
    ...sarifArgs(inputs, sarif),
  ];
  const { arg, config, server } = serverOf(inputs.server);
  const { code, result: report } = await c.run(shown, async (ctx) => {
    const { execute } = await import("../cli/commands/verify-pin.js");
    return execute(
      arg,
      {
        config,
        server,
        lock: inputs.pinFile,
        "fail-on": inputs.pinFailOn,
        ci: true,
        sarif: sarifValue(inputs, sarif),
      },
      ctx,
    );
  });
  const ok = report?.ok ?? false;
  // A lock set counts servers; the lock of one server counts findings.
  const counted =
    report?.kind === "toolscore.mcp-lockset-report"
      ? `${report.failing} failing of ${report.servers.length} server(s)`
      : `${report?.failing ?? "?"} failing of ${report?.total ?? "?"} finding(s)`;
  return {
    name: "pin",
    code,
    failed: code !== EXIT.OK,
    result: errored(code) ? "error (see the log)" : ok ? `matches ${inputs.pinFile}` : `drift: ${counted}`,
    outputs: report ? { "pin-ok": String(ok) } : {},
    ...(existsSync(sarif) ? { sarif } : {}),
  };
}

/** `mcp diff AGAINST SERVER`: the diff gate, output `mcp-diff-breaking`. */
export async function diffStep(inputs: ActionInputs, c: StepContext): Promise<StepResult> {
  const sarif = join(c.tmp, "diff.sarif");
  const shown = [
    "mcp",
    "diff",
    inputs.diffAgainst!,
    ...inputs.diffServer,
    "--fail-on",
    inputs.diffFailOn,
    "--ci",
    ...sarifArgs(inputs, sarif),
  ];
  // The config entry, when the server is one, is side B.
  const b = serverOf(inputs.server);
  const { code, result: diff } = await c.run(shown, async (ctx) => {
    const { execute } = await import("../cli/commands/diff.js");
    return execute(
      [inputs.diffAgainst!, ...(b.arg === undefined ? [] : [b.arg])],
      {
        "config-b": b.config,
        "server-b": b.server,
        "fail-on": inputs.diffFailOn,
        ci: true,
        sarif: sarifValue(inputs, sarif),
      },
      ctx,
    );
  });
  const breaking = diff?.breaking.length;
  return {
    name: "diff",
    code,
    failed: code !== EXIT.OK,
    result: errored(code)
      ? "error (see the log)"
      : `${breaking ?? "?"} breaking change(s) against ${inputs.diffAgainst}${code === EXIT.FAIL ? `, fails --fail-on ${inputs.diffFailOn}` : ""}`,
    outputs: breaking !== undefined ? { "mcp-diff-breaking": String(breaking) } : {},
    ...(existsSync(sarif) ? { sarif } : {}),
  };
}

/** `mcp lint`: a gate on lint errors when `lint` is true; otherwise it runs for SARIF, report only. */
export async function lintStep(inputs: ActionInputs, c: StepContext): Promise<StepResult> {
  const sarif = join(c.tmp, "lint.sarif");
  const shown = [
    "mcp",
    "lint",
    ...inputs.server,
    ...(inputs.lint ? ["--ci"] : []),
    ...sarifArgs(inputs, sarif),
  ];
  const { arg, config, server } = serverOf(inputs.server);
  const { code, result } = await c.run(shown, async (ctx) => {
    const { execute } = await import("../cli/commands/lint.js");
    return execute(arg, { config, server, ci: inputs.lint, sarif: sarifValue(inputs, sarif) }, ctx);
  });
  const count = (s: string) => (result?.findings ?? []).filter((f) => f.severity === s).length;
  return {
    name: "lint",
    code,
    failed: errored(code) || (inputs.lint && code === EXIT.FAIL),
    result: errored(code)
      ? "error (see the log)"
      : `${count("error")} error(s), ${count("warning")} warning(s)${inputs.lint ? "" : " (report only)"}`,
    outputs: {},
    ...(existsSync(sarif) ? { sarif } : {}),
  };
}

const GRADES = ["A", "B", "C", "D", "F"];

/** `mcp test`: the scorecard, outputs `grade` and `score`, gated by `fail-under`. */
export async function scorecardStep(inputs: ActionInputs, c: StepContext): Promise<StepResult> {
  const shown = [
    "mcp",
    "test",
    ...inputs.server,
    ...(inputs.failUnder ? ["--fail-under", inputs.failUnder] : []),
    ...(inputs.allowWrites ? ["--allow-writes"] : []),
    "--ci",
  ];
  const { arg, config, server } = serverOf(inputs.server);
  const { code, result } = await c.run(shown, async (ctx) => {
    const { execute } = await import("../cli/commands/test.js");
    return execute(
      arg,
      {
        config,
        server,
        "fail-under": inputs.failUnder,
        "allow-writes": inputs.allowWrites,
        ci: true,
      },
      ctx,
    );
  });
  const report = result?.scorecard;
  // The gate is the grade alone: --ci also fails the command on blocking issues, which the
  // summary and the annotations already show.
  const bar = inputs.failUnder?.toUpperCase();
  const grade = report?.grade ?? null;
  const below = bar !== undefined && (grade === null || GRADES.indexOf(grade) > GRADES.indexOf(bar));
  const outputs: Record<string, string> = {};
  if (report) {
    outputs.grade = grade ?? "";
    outputs.score = report.score === null ? "" : String(report.score);
  }
  return {
    name: "scorecard",
    code,
    failed: errored(code) || !report || below,
    result:
      errored(code) || !report
        ? "error (see the log)"
        : `grade ${grade ?? `not graded (${report.not_graded === null ? "no reason given" : notGradedSentence(report.not_graded)})`}${report.score === null ? "" : `, score ${report.score}`}${bar ? (below ? `, below ${bar}` : `, meets ${bar}`) : ""}`,
    outputs,
  };
}
