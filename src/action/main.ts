// The GitHub Action's entry: reads the inputs GitHub passes as INPUT_* variables, runs each check
// through the programmatic API in-process, renders it as the command it stands for does, and turns
// the results into outputs, the job summary, annotations, a merged SARIF file and an exit code.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { CliContext } from "../cli/context.js";
import { EXIT } from "../cli/exit-codes.js";
import { reportError, scrubbedContext } from "../cli/main.js";
import { limitsFrom, setLimits } from "../util/limits.js";
import type { SarifLog } from "../report/sarif.js";
import { SARIF_SCHEMA } from "../report/sarif.js";
import { toPrettyJson, writeFileAtomic } from "../util/fs.js";
import { parseJsonFileText } from "../util/json.js";
import { readInputs, wantsSarif, type ActionInputs } from "./inputs.js";
import { appendSummary, writeOutputs } from "./outputs.js";
import { diffStep, lintStep, pinStep, scorecardStep, type RunCommand, type StepResult } from "./steps.js";

/** Where the action writes: the runner's log (stdout, stderr). */
export interface ActionIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/**
 * Runs the action with the environment GitHub gives it (`env`: INPUT_*, GITHUB_OUTPUT,
 * GITHUB_STEP_SUMMARY, GITHUB_WORKSPACE, RUNNER_TEMP) from the folder `cwd`. Returns the exit code:
 * 0 every gate passes, 1 a gate fails, 2 a usage, file or connection error.
 */
export async function runAction(
  env: Record<string, string | undefined>,
  cwd: string,
  io: ActionIO,
): Promise<number> {
  let inputs: ActionInputs;
  try {
    inputs = readInputs(env);
  } catch (e) {
    return reportError(e, { ...io, env, cwd, isTTY: false }, false);
  }
  const ctx: CliContext = {
    ...io,
    env,
    cwd: resolve(cwd, inputs.workingDirectory),
    isTTY: false,
  };
  const tmp = mkdtempSync(join(env.RUNNER_TEMP || tmpdir(), "toolscore-action-"));
  const run: RunCommand = async (shown, body) => {
    io.stdout(`::group::toolscore ${shown.map(quote).join(" ")}\n`);
    // Each command's Markdown starts on a fresh paragraph of the job summary.
    appendSummary(env, "");
    const scrubbed = scrubbedContext(ctx);
    try {
      setLimits(limitsFrom(env, []));
      return await body(scrubbed);
    } catch (e) {
      return { code: reportError(e, scrubbed, false) };
    } finally {
      io.stdout("::endgroup::\n");
    }
  };
  try {
    appendSummary(env, "## toolscore\n");
    const c = { run, tmp };
    const steps: StepResult[] = [];
    if (inputs.pinFile) steps.push(await pinStep(inputs, c));
    if (inputs.diffAgainst) steps.push(await diffStep(inputs, c));
    if (inputs.lint || wantsSarif(inputs)) steps.push(await lintStep(inputs, c));
    if (inputs.failUnder || inputs.scorecard) steps.push(await scorecardStep(inputs, c));

    const outputs: Record<string, string> = Object.assign({}, ...steps.map((s) => s.outputs));
    if (wantsSarif(inputs)) {
      const file = resolve(ctx.cwd, inputs.sarifFile ?? join(tmp, "..", "toolscore.sarif"));
      mkdirSync(dirname(file), { recursive: true });
      writeFileAtomic(file, toPrettyJson(mergeSarif(steps, workflowPath(env))));
      outputs["sarif-file"] = file;
    }
    writeOutputs(env, outputs);
    appendSummary(env, summaryTable(steps));
    for (const s of steps) io.stdout(`toolscore ${s.name}: ${s.failed ? "FAIL" : "ok"} (${s.result})\n`);
    if (steps.some((s) => s.failed && s.code !== EXIT.OK && s.code !== EXIT.FAIL)) return EXIT.ERROR;
    return steps.some((s) => s.failed) ? EXIT.FAIL : EXIT.OK;
  } catch (e) {
    return reportError(e, ctx, false);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The runs of every step's SARIF file in one log, so one upload carries them all. Code scanning
 * shows only results with a file location: findings on a live server, which has no file, point at
 * the workflow that checks it (`fallbackUri`).
 */
export function mergeSarif(steps: readonly StepResult[], fallbackUri?: string): SarifLog {
  const runs = steps.flatMap((s) =>
    s.sarif ? (parseJsonFileText(readFileSync(s.sarif, "utf8")) as SarifLog).runs : [],
  );
  if (fallbackUri) {
    for (const result of runs.flatMap((r) => r.results)) {
      const first = result.locations[0];
      if (first?.physicalLocation) continue;
      const physicalLocation = { artifactLocation: { uri: fallbackUri }, region: { startLine: 1 } };
      if (first) first.physicalLocation = physicalLocation;
      else result.locations.push({ physicalLocation });
    }
  }
  return { $schema: SARIF_SCHEMA, version: "2.1.0", runs };
}

/** The workflow file's path in the repository, from GITHUB_WORKFLOW_REF (`owner/repo/PATH@ref`). */
export function workflowPath(env: Record<string, string | undefined>): string | undefined {
  const ref = env.GITHUB_WORKFLOW_REF;
  const repo = env.GITHUB_REPOSITORY;
  if (!ref || !repo || !ref.startsWith(`${repo}/`)) return undefined;
  return ref.slice(repo.length + 1).replace(/@[^@]*$/, "") || undefined;
}

function summaryTable(steps: readonly StepResult[]): string {
  const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/[\r\n]+/g, " ");
  return [
    "",
    "| check | verdict | result |",
    "| --- | --- | --- |",
    ...steps.map((s) => `| ${s.name} | ${s.failed ? "FAIL" : "ok"} | ${cell(s.result)} |`),
    "",
  ].join("\n");
}

const quote = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
