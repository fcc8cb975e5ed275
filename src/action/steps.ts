import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { EXIT } from "../cli/exit-codes.js";
import { wantsSarif, type ActionInputs } from "./inputs.js";

/** Runs one toolscore command line in-process and gives its exit code. */
export type RunCommand = (argv: string[]) => Promise<number>;

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

function readReport<T>(file: string): T | undefined {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

const sarifArgs = (inputs: ActionInputs, file: string) => (wantsSarif(inputs) ? ["--sarif", file] : []);

const errored = (code: number) => code !== EXIT.OK && code !== EXIT.FAIL;

/** `mcp verify-pin`: the pin gate, output `pin-ok`. */
export async function pinStep(inputs: ActionInputs, c: StepContext): Promise<StepResult> {
  const json = join(c.tmp, "pin.json");
  const sarif = join(c.tmp, "pin.sarif");
  const code = await c.run([
    "mcp",
    "verify-pin",
    ...inputs.server,
    "--lock",
    inputs.pinFile!,
    "--fail-on",
    inputs.pinFailOn,
    "--json",
    json,
    "--ci",
    ...sarifArgs(inputs, sarif),
  ]);
  const report = readReport<{ ok: boolean; failing?: number; total?: number }>(json);
  const ok = report?.ok ?? false;
  return {
    name: "pin",
    code,
    failed: code !== EXIT.OK,
    result: errored(code)
      ? "error (see the log)"
      : ok
        ? `matches ${inputs.pinFile}`
        : `drift: ${report?.failing ?? "?"} failing of ${report?.total ?? "?"} finding(s)`,
    outputs: report ? { "pin-ok": String(ok) } : {},
    ...(existsSync(sarif) ? { sarif } : {}),
  };
}

/** `mcp diff AGAINST SERVER`: the diff gate, output `mcp-diff-breaking`. */
export async function diffStep(inputs: ActionInputs, c: StepContext): Promise<StepResult> {
  const json = join(c.tmp, "diff.json");
  const sarif = join(c.tmp, "diff.sarif");
  const code = await c.run([
    "mcp",
    "diff",
    inputs.diffAgainst!,
    ...inputs.diffServer,
    "--fail-on",
    inputs.diffFailOn,
    "--json",
    json,
    "--ci",
    ...sarifArgs(inputs, sarif),
  ]);
  const report = readReport<{ breaking?: unknown[] }>(json);
  const breaking = report?.breaking?.length;
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
  const json = join(c.tmp, "lint.json");
  const sarif = join(c.tmp, "lint.sarif");
  const code = await c.run([
    "mcp",
    "lint",
    ...inputs.server,
    "--json",
    json,
    ...(inputs.lint ? ["--ci"] : []),
    ...sarifArgs(inputs, sarif),
  ]);
  const findings = readReport<{ findings?: Array<{ severity: string }> }>(json)?.findings ?? [];
  const count = (s: string) => findings.filter((f) => f.severity === s).length;
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
  const json = join(c.tmp, "scorecard.json");
  const code = await c.run([
    "mcp",
    "test",
    ...inputs.server,
    "--report",
    "json",
    "--output",
    json,
    ...(inputs.failUnder ? ["--fail-under", inputs.failUnder] : []),
    ...(inputs.allowWrites ? ["--allow-writes"] : []),
    "--ci",
  ]);
  const report = readReport<{ grade: string | null; score: number | null; not_graded_reason?: string }>(json);
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
        : `grade ${grade ?? `not graded (${report.not_graded_reason ?? "no reason given"})`}${report.score === null ? "" : `, score ${report.score}`}${bar ? (below ? `, below ${bar}` : `, meets ${bar}`) : ""}`,
    outputs,
  };
}
