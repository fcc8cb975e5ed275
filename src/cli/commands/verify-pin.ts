import { verify } from "../../api/verify.js";
import { PIN_FAIL_ON, type PinReport } from "../../pin/verify.js";
import type { LockSetReport } from "../../pin/verify-set.js";
import { renderPinReport } from "../../report/pin.js";
import { renderPinJson } from "../../report/pin-json.js";
import { COLOR, PLAIN } from "../../report/style.js";
import { CLIENT_OPTIONS_HELP, choice, parseCommand, pathArg, serverArg, serverOptions } from "../args.js";
import { VERIFY_PIN_OPTIONS } from "../options.js";
import type { ServerTarget } from "../../mcp/target.js";
import { renderAnnotations } from "../ci.js";
import { useColor, type CliContext, type Executed } from "../context.js";
import { EXIT } from "../exit-codes.js";
import { checkOutputs, emitOutputs, stdoutCarriesDocument, jsonAndSarif, type Renderers } from "../output.js";
import { SARIF_HELP, SARIF_VERSION, checkSarifOption, sarifArtifact } from "../sarif.js";
import { pinCheckCi, readLockArg } from "../pin-check.js";
import { isLockSetFile } from "../../pin/lock-file.js";
import { ToolscoreError } from "../../util/errors.js";

export const HELP = `Usage: toolscore mcp verify-pin SERVER [--lock FILE] [--fail-on drift|capability|never] [--json FILE|-] [--ci] [options]

Checks a server against its lock (default toolscore.lock.json) and fails when it drifted: a tool
added, removed or changed (with a diff per field), a new delete or exec capability, changed
instructions, or a lock edited by hand. The server's name, version and protocol changes are shown
as information.

SERVER is a launch command in quotes ("node server.js"), a URL, a saved snapshot or lock, or
--config PATH [--server NAME]. A live server is started once per client capability profile the
lock records (or with --client-capabilities, one of them).

Options:
  --lock FILE                   the lock to check against (default toolscore.lock.json)
  --fail-on MODE                drift (any error, default), capability (only a new delete or exec
                                capability or a modified lock), never (report only)
  --json FILE|-                 write the report as JSON (kind toolscore.mcp-pin-report)
  --ci                          append a Markdown report to $GITHUB_STEP_SUMMARY and print
                                GitHub annotations for failing findings
${SARIF_HELP}  --config PATH --server NAME   take the server from a client config file
  --env KEY=VALUE               set an environment variable for the server (repeatable)
  --cwd DIR                     working directory for the server
  --header "Name: value"        HTTP header for a URL (repeatable)
  --header-file FILE            HTTP headers for a URL from FILE, one "Name: value" a line
${CLIENT_OPTIONS_HELP}  --timeout SECONDS             for start-up and each request (default 30)
  --protocol VERSION            auto (default: the newest both sides speak) or one MCP version
  --concurrency N               with a lock set: servers checked at once (default 4)
  --verbose                     show stack traces on errors

With --lock naming a lock set (written by mcp pin --config FILE), every server of --config FILE is
checked against its entry, --concurrency N at a time (default 4), or only --server NAME: a server
the set lacks is pin-server-added, an entry the config lacks pin-server-removed (both errors), a
changed launch line pin-launch-changed (info). --json writes one entry per server (kind
toolscore.mcp-lockset-report). A server that cannot be started makes the exit code 2, even when
the others are clean. SERVER --lock SET --server NAME checks SERVER against the set's entry NAME
alone (the review command a guard names in its refusals).

Exit codes: 0 nothing fails, 1 the check fails, 2 usage, lock, file or connection error.
`;

const parse = (args: string[], early?: CliContext["early"]) =>
  parseCommand("mcp verify-pin", args, VERIFY_PIN_OPTIONS, 1, early);

/** The options of `mcp verify-pin`, typed as parsed (the Action passes them as an object). */
export type VerifyPinValues = ReturnType<typeof parse>["values"];

/** `toolscore mcp verify-pin`. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parse(args, ctx.early);
  if (values.help) {
    ctx.stdout(HELP);
    return 0;
  }
  return (await execute(serverArg("mcp verify-pin", args, positionals[0], ctx), values, ctx)).code;
}

/**
 * `mcp verify-pin SERVER` with its options as an object: checks, writes the outputs, returns the
 * exit code and the report (a lock set's report when the lock is a set).
 */
export async function execute(
  server: string | ServerTarget | undefined,
  values: VerifyPinValues,
  ctx: CliContext,
): Promise<Executed<PinReport | LockSetReport>> {
  const positionals = server === undefined ? [] : [server];
  const failOn = choice("--fail-on", values["fail-on"], PIN_FAIL_ON, "drift");
  checkSarifOption(values.sarif);
  const lockArg = values.lock ?? "toolscore.lock.json";
  const set = isLockSetFile(pathArg(lockArg, ctx));
  // SERVER with --server NAME and a set: that server against the set's entry NAME (the review
  // command of a guard, which knows its server's command but not the client config).
  const entry =
    set && positionals[0] !== undefined && values.server !== undefined && values.config === undefined;
  if (set && !entry) {
    if (positionals[0] !== undefined)
      throw new ToolscoreError(
        "USAGE",
        `${lockArg} is a lock set: name the config with --config FILE, or the entry of SERVER with --server NAME`,
      );
    const { verifyLockSetCommand } = await import("../lockset.js");
    return verifyLockSetCommand(lockArg, values, ctx);
  }
  const request = jsonAndSarif(values);
  checkOutputs(request);
  const lock = entry
    ? (await import("../lockset.js")).readGuardLock(lockArg, values.server, ctx)
    : readLockArg(lockArg, ctx);
  const opts = serverOptions(entry ? { ...values, server: undefined } : values, ctx);
  const { report } = await verify(positionals[0], lock, { ...opts, failOn });
  // SARIF (and the lint rule catalogue it carries) is loaded only when asked for.
  const sarif = values.sarif === undefined ? undefined : await pinSarifRenderer(lockArg, ctx);
  await emitOutputs(
    ctx,
    report,
    verifyRenderers(ctx, lockArg, !stdoutCarriesDocument(request), sarif),
    request,
  );
  return { code: report.ok ? EXIT.OK : EXIT.FAIL, result: report };
}

/** The SARIF renderer of a pin report, its findings pointing into `lockArg`. */
export async function pinSarifRenderer(
  lockArg: string,
  ctx: CliContext,
): Promise<(report: PinReport) => string> {
  const [{ renderSarif }, { pinSarif }] = await Promise.all([
    import("../../report/sarif.js"),
    import("../../report/sarif-reports.js"),
  ]);
  return (report) => renderSarif(pinSarif(report, SARIF_VERSION, sarifArtifact(lockArg, ctx)));
}

/** The renderers of a pin report, keyed by format (`sarif` when its renderer is given). */
export function verifyRenderers(
  ctx: CliContext,
  lockArg: string,
  colour: boolean,
  sarif: ((report: PinReport) => string) | undefined,
): Renderers<PinReport> {
  const style = colour && useColor(ctx) ? COLOR : PLAIN;
  return {
    text: (report) => renderPinReport(report, style),
    json: (report) => renderPinJson(report),
    ...(sarif ? { sarif } : {}),
    markdown: (report) => pinCheckCi(report).markdown,
    github: (report) => renderAnnotations(pinCheckCi(report).annotations),
  };
}
