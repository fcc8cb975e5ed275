// The GitHub Action run as the runner runs it: inputs as INPUT_* variables with their dashes,
// GITHUB_OUTPUT and GITHUB_STEP_SUMMARY as files, either in-process (the built entry's runAction,
// with the same environment) or as the built dist/action.js in a process of its own.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runAction as runActionHere } from "../../src/action/main.js";
import { ROOT, runNode } from "./cli.js";

/** What one run of the action produced. */
export interface ActionRun {
  code: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
}

/** Parses a GITHUB_OUTPUT file: `name=value` lines and `name<<DELIM` heredocs. */
function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      assert.ok(end > i, `unterminated heredoc for ${heredoc[1]}`);
      out[heredoc[1]!] = lines.slice(i + 1, end).join("\n");
      i = end;
    } else if (line.includes("=")) {
      out[line.slice(0, line.indexOf("="))] = line.slice(line.indexOf("=") + 1);
    }
  }
  return out;
}

async function inProcess(env: Record<string, string>, cwd: string) {
  let stdout = "";
  let stderr = "";
  const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
  const code = await runActionHere(env, cwd, io);
  return { code, stdout, stderr };
}

/**
 * The action's runner for the workspace `dir`: each run gets `inputs` (names as in action.yml), a
 * GITHUB_OUTPUT and a GITHUB_STEP_SUMMARY file of its own there, and runs in-process, or as the
 * built dist/action.js with `how` "process".
 */
export function actionRunner(dir: string) {
  let runs = 0;
  return async function runAction(
    inputs: Record<string, string>,
    how: "in-process" | "process" = "in-process",
  ): Promise<ActionRun> {
    const n = ++runs;
    const outputFile = join(dir, `output-${n}`);
    const summaryFile = join(dir, `summary-${n}`);
    writeFileSync(outputFile, "");
    writeFileSync(summaryFile, "");
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env))
      if (v !== undefined && !k.startsWith("INPUT_")) env[k] = v;
    Object.assign(env, {
      GITHUB_ACTIONS: "true",
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_WORKSPACE: dir,
      RUNNER_TEMP: dir,
      GITHUB_REPOSITORY: "acme/notes",
      GITHUB_WORKFLOW_REF: "acme/notes/.github/workflows/mcp.yml@refs/pull/7/merge",
    });
    for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v;
    const run =
      how === "process"
        ? await runNode(join(ROOT, "dist", "action.js"), [], {
            cwd: dir,
            env,
            replaceEnv: true,
            timeoutMs: 90_000,
          })
        : await inProcess(env, dir);
    return {
      ...run,
      outputs: parseOutputs(readFileSync(outputFile, "utf8")),
      summary: readFileSync(summaryFile, "utf8"),
    };
  };
}
