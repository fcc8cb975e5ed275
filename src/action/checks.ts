// The action's checks, each an API call whose result goes through the renderers and the output
// layer of the command it stands for, so that the log, the job summary, the annotations and the
// SARIF files are the ones `toolscore mcp … --ci` writes.
import { diffFails } from "../diff/diff.js";
import { diffServers, lintServer, testServer, verifyServer } from "../api/index.js";
import { configServers, readLockSet, requireServerNamed, verifyLockSetServers } from "../api/lockset.js";
import type { LintServerResult, TestServerResult } from "../api/index.js";
import { choice, pathArg, serverOptions, targetOptions } from "../cli/args.js";
import { diffRenderers } from "../cli/commands/diff.js";
import { lintRenderers } from "../cli/commands/lint.js";
import { testRenderers } from "../cli/commands/test.js";
import { pinSarifRenderer, verifyRenderers } from "../cli/commands/verify-pin.js";
import type { CliContext, Executed } from "../cli/context.js";
import { EXIT } from "../cli/exit-codes.js";
import { lockSetExit, lockSetRenderers } from "../cli/lockset.js";
import { emitOutputs, jsonAndSarif } from "../cli/output.js";
import { readLockArg } from "../cli/pin-check.js";
import { freshWorkDir } from "../cli/work-dir.js";
import { DIFF_FAIL_ON, type ServerDiff } from "../diff/types.js";
import { resolveTarget } from "../mcp/target.js";
import { isLockSetFile } from "../pin/lock-file.js";
import { PIN_FAIL_ON, type PinReport } from "../pin/verify.js";
import type { LockSetReport } from "../pin/verify-set.js";
import { ToolscoreError } from "../util/errors.js";
import type { ActionInputs, ActionServer } from "./inputs.js";

/** The server's parts: a launch command or URL, or a config file and the entry's name. */
function partsOf(server: ActionServer): { command?: string; config?: string; name?: string } {
  return "command" in server ? { command: server.command } : { config: server.config, name: server.name };
}

/** The server options of the API for the server, in the action's folder (`ctx.cwd`). */
const optionsFor = (server: ActionServer, ctx: CliContext) => {
  const { config, name } = partsOf(server);
  return serverOptions({ config, server: name }, ctx);
};

/** The pin check against the lock of one server, or each server of a config against a lock set. */
export async function checkPin(
  inputs: ActionInputs,
  sarif: string | undefined,
  ctx: CliContext,
): Promise<Executed<PinReport | LockSetReport>> {
  const lockArg = inputs.pinFile!;
  const failOn = choice("--fail-on", inputs.pinFailOn, PIN_FAIL_ON, "drift");
  const { command, config, name } = partsOf(inputs.server);
  if (isLockSetFile(pathArg(lockArg, ctx))) {
    if (command !== undefined)
      throw new ToolscoreError(
        "USAGE",
        `${lockArg} is a lock set: name the config with --config FILE, or the entry of SERVER with --server NAME`,
      );
    if (sarif !== undefined)
      throw new ToolscoreError("USAGE", "--sarif does not take a lock set yet: use --json");
    // A lock set: each server of the config checked against its entry, a few at a time.
    const set = readLockSet(pathArg(lockArg, ctx), lockArg);
    const raw = configServers(pathArg(config!, ctx));
    requireServerNamed(name, raw, set, { config: config!, lock: lockArg });
    const report = await verifyLockSetServers(set, raw, {
      ...optionsFor(inputs.server, ctx),
      failOn,
      ...(name !== undefined ? { only: name } : {}),
    });
    const request = jsonAndSarif({ ci: true });
    await emitOutputs(ctx, report, lockSetRenderers(ctx, request), request);
    return { code: lockSetExit(report), result: report };
  }
  const lock = readLockArg(lockArg, ctx);
  const { report } = await verifyServer(command, lock, { ...optionsFor(inputs.server, ctx), failOn });
  const sarifRenderer = sarif === undefined ? undefined : await pinSarifRenderer(lockArg, ctx);
  await emitOutputs(
    ctx,
    report,
    verifyRenderers(ctx, lockArg, true, sarifRenderer),
    jsonAndSarif({ sarif, ci: true }),
  );
  return { code: report.ok ? EXIT.OK : EXIT.FAIL, result: report };
}

/** `mcp diff AGAINST SERVER`, the server as side B. */
export async function checkDiff(
  inputs: ActionInputs,
  sarif: string | undefined,
  ctx: CliContext,
): Promise<Executed<ServerDiff>> {
  const failOn = choice("--fail-on", inputs.diffFailOn, DIFF_FAIL_ON, "any");
  const { command, config, name } = partsOf(inputs.server);
  const a = resolveTarget(inputs.diffAgainst!, targetOptions({}, ctx));
  const b = resolveTarget(command, targetOptions({ config, server: name }, ctx));
  const { diff } = await diffServers(a, b, serverOptions({}, ctx));
  // Findings point into B when it is a saved file, else into A when that one is.
  const file = [b, a].find((t) => t.kind === "file");
  const renderers = diffRenderers(
    ctx,
    { failOn, labels: { a: undefined, b: undefined } },
    file?.kind === "file" ? file.path : undefined,
  );
  await emitOutputs(ctx, diff, renderers, jsonAndSarif({ sarif, ci: true }));
  return { code: diffFails(diff, failOn) ? EXIT.FAIL : EXIT.OK, result: diff };
}

/** `mcp lint`, with `--ci` when `lint` is on. */
export async function checkLint(
  inputs: ActionInputs,
  sarif: string | undefined,
  ctx: CliContext,
): Promise<Executed<LintServerResult>> {
  const { command, config } = partsOf(inputs.server);
  const result = await lintServer(command, optionsFor(inputs.server, ctx));
  // Findings point into the snapshot or lock that was linted, or else the config file.
  const target = result.listed.target;
  const file = target?.kind === "file" ? target.path : config;
  await emitOutputs(ctx, result, lintRenderers(ctx, file), {
    documents: [{ format: "sarif", to: sarif, option: "--sarif" }],
    ci: inputs.lint,
  });
  return { code: result.ok ? EXIT.OK : EXIT.FAIL, result };
}

/**
 * `mcp test --ci`. The `fail-under` gate is the step's (./steps.ts): its verdict, `below A`, is in
 * the step's line and the summary table, and an incomplete card says so in the scorecard itself.
 */
export async function checkScorecard(
  inputs: ActionInputs,
  ctx: CliContext,
): Promise<Executed<TestServerResult>> {
  const options = optionsFor(inputs.server, ctx);
  const resolved = resolveTarget(partsOf(inputs.server).command, {
    onNote: options.onNote,
    ...options.target,
  });
  // Whatever the server writes lands in a folder of its own, removed when it has been stopped.
  const work = freshWorkDir(resolved, ctx.cwd);
  const result = await testServer(work.target, { ...options, allowWrites: inputs.allowWrites }).finally(() =>
    work.remove(),
  );
  await emitOutputs(ctx, result, testRenderers(ctx), { documents: [], ci: true });
  return { code: result.scorecard.fixes.some((f) => f.blocking) ? EXIT.FAIL : EXIT.OK, result };
}
