// The action's steps: each runs its check (./checks.ts) in the log group of the command line it
// stands for, and turns the result into the summary table's line and the action's outputs.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { CliContext, Executed } from "../cli/context.js";
import { EXIT } from "../cli/exit-codes.js";
import { choice } from "../cli/args.js";
import { GRADES, gradeBelow } from "../score/grade.js";
import type { Grade } from "../score/types.js";
import { checkDiff, checkLint, checkPin, checkScorecard } from "./checks.js";
import { wantsSarif, type ActionInputs, type ActionServer } from "./inputs.js";
import { notGradedSentence } from "../report/scorecard-words.js";

/**
 * Runs one check in-process, shown in the log as the command line `shown`: `body` gets the
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

/** The server as the log shows it on a command line; `side` is mcp diff's side of its options. */
function serverArgs(server: ActionServer, side = ""): string[] {
  if ("command" in server) return [server.command];
  return [`--config${side}`, server.config, ...(server.name ? [`--server${side}`, server.name] : [])];
}

const errored = (code: number) => code !== EXIT.OK && code !== EXIT.FAIL;

/** `mcp verify-pin`: the pin gate, output `pin-ok`. */
export async function pinStep(inputs: ActionInputs, c: StepContext): Promise<StepResult> {
  const sarif = join(c.tmp, "pin.sarif");
  const shown = [
    "mcp",
    "verify-pin",
    ...serverArgs(inputs.server),
    "--lock",
    inputs.pinFile!,
    "--fail-on",
    inputs.pinFailOn,
    "--ci",
    ...sarifArgs(inputs, sarif),
  ];
  const { code, result: report } = await c.run(shown, (ctx) =>
    checkPin(inputs, sarifValue(inputs, sarif), ctx),
  );
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
    // A config entry is side B.
    ...serverArgs(inputs.server, "-b"),
    "--fail-on",
    inputs.diffFailOn,
    "--ci",
    ...sarifArgs(inputs, sarif),
  ];
  const { code, result: diff } = await c.run(shown, (ctx) =>
    checkDiff(inputs, sarifValue(inputs, sarif), ctx),
  );
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
    ...serverArgs(inputs.server),
    ...(inputs.lint ? ["--ci"] : []),
    ...sarifArgs(inputs, sarif),
  ];
  const { code, result } = await c.run(shown, (ctx) => checkLint(inputs, sarifValue(inputs, sarif), ctx));
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

/** `mcp test`: the scorecard, outputs `grade` and `score`, gated by `fail-under`. */
export async function scorecardStep(inputs: ActionInputs, c: StepContext): Promise<StepResult> {
  const shown = [
    "mcp",
    "test",
    ...serverArgs(inputs.server),
    ...(inputs.failUnder ? ["--fail-under", inputs.failUnder] : []),
    ...(inputs.allowWrites ? ["--allow-writes"] : []),
    "--ci",
  ];
  let bar: Grade | undefined;
  const { code, result } = await c.run(shown, async (ctx) => {
    const upper = inputs.failUnder?.toUpperCase();
    bar = upper === undefined ? undefined : choice("--fail-under", upper, GRADES, "F");
    return checkScorecard(inputs, ctx);
  });
  const report = result?.scorecard;
  // The gate is the grade alone: --ci also fails the command on blocking issues, which the
  // summary and the annotations already show.
  const grade = report?.grade ?? null;
  const below = bar !== undefined && gradeBelow(grade, bar);
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
