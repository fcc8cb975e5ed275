import { copyFileSync } from "node:fs";
import { relative } from "node:path";
import { splitCommand } from "../../mcp/argv.js";
import { detectShape, parseConfigText, readConfigText, serverBlocks } from "../../mcp/config-file.js";
import { readLock } from "../../pin/lock-file.js";
import { parseLockSet } from "../../pin/lockset.js";
import { installGuard, uninstallGuard, type InstallOutcome } from "../../scan/guard-install.js";
import { installGuardToml, uninstallGuardToml } from "../../scan/guard-install-toml.js";
import { ToolscoreError } from "../../util/errors.js";
import { readJsonFile, writeFileAtomic } from "../../util/fs.js";
import { renderInstallReport, type InstallReport } from "../../report/guard-install.js";
import { parseCommand, pathArg } from "../args.js";
import type { CliContext } from "../context.js";
import { EXIT } from "../exit-codes.js";
import { isLockSetFile } from "../lockset.js";
import { emitOutputs } from "../output.js";

export const HELP = `Usage: toolscore mcp guard --install --config FILE --lock LOCK [--server NAME] [--toolscore CMD]
       toolscore mcp guard --uninstall --config FILE [--server NAME]

Installs the guard into a client config: each entry (or the one named) is rewritten in place so
that the client launches

  toolscore mcp guard --lock <LOCK, absolute> [--server NAME] -- <the entry's own command and args>

or, for a URL entry, toolscore mcp guard --lock ... [--header "Name: value"...] <URL>, the entry's
url, type and headers kept under x-toolscore- names. LOCK is a lock set (each entry then names its
server with --server) or, for one server, a lock. Only the entry's command and the start of its
args change: env, cwd, type, other keys, comments and formatting stay (JSON, JSONC, and Codex's
TOML [mcp_servers.NAME] tables). A backup of the file (FILE.toolscore-backup) is written first.
Installing twice changes nothing; an entry whose server the lock does not pin is refused (pin it
first), and nothing is written. A URL entry the guard cannot take (SSE, or a secret written out in
its URL or headers, which would be on the guard's command line) is listed as not wrapped, with the
reason. --uninstall gives every wrapped entry back, byte for byte.

Options:
  --config FILE                 the client config to edit (JSON, JSONC, or Codex's TOML)
  --lock LOCK                   with --install: the lock or lock set the guard enforces
  --server NAME                 only this entry
  --toolscore CMD               how the client runs toolscore (default "toolscore", found on the
                                client's PATH); e.g. "/usr/local/bin/toolscore" or
                                "node /opt/toolscore/dist/cli.js"
  --verbose                     show stack traces on errors
`;

const BACKUP = ".toolscore-backup";

/** `toolscore mcp guard --install` and `--uninstall`. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseCommand(
    "mcp guard",
    args,
    {
      install: { type: "boolean" },
      uninstall: { type: "boolean" },
      config: { type: "string" },
      lock: { type: "string" },
      server: { type: "string" },
      toolscore: { type: "string" },
    },
    0,
  );
  if (values.help) {
    ctx.stdout(HELP);
    return EXIT.OK;
  }
  if (values.install === values.uninstall)
    throw new ToolscoreError(
      "USAGE",
      "give one of --install or --uninstall (see: toolscore mcp guard --help)",
    );
  if (values.config === undefined)
    throw new ToolscoreError("USAGE", "name the client config to edit with --config FILE");
  const file = pathArg(values.config, ctx);
  const text = readConfigText(file);
  const data = parseConfigText(text, file);
  const shape = detectShape(file, data);
  if (shape === undefined)
    throw new ToolscoreError(
      "CONFIG_INVALID",
      `${values.config} lists no MCP servers that toolscore knows how to read`,
    );
  const blocks = serverBlocks(data, shape);
  const names = new Set(blocks.flatMap((b) => Object.keys(b.servers)));
  const only = values.server;
  if (only !== undefined && !names.has(only))
    throw new ToolscoreError(
      "CONFIG_INVALID",
      `${values.config} has no server named ${JSON.stringify(only)}`,
    );
  const paths = blocks.map((b) => b.path);
  let result: { text: string; outcomes: InstallOutcome[] };
  if (values.install) {
    if (values.lock === undefined)
      throw new ToolscoreError("USAGE", "--install needs the lock to enforce: --lock LOCK");
    const lockPath = pathArg(values.lock, ctx);
    const lockSet = isLockSetFile(lockPath);
    let pinned: (name: string) => boolean;
    if (lockSet) {
      const set = parseLockSet(readJsonFile(lockPath, "lock set"), values.lock);
      pinned = (n) => Object.hasOwn(set.servers, n);
    } else {
      readLock(lockPath);
      if (only === undefined && names.size > 1)
        throw new ToolscoreError(
          "USAGE",
          `${values.lock} is the lock of one server: name its entry with --server NAME, or pin the whole config into a lock set (toolscore mcp pin --config ${values.config})`,
        );
      pinned = () => true;
    }
    const toolscore = splitCommand(values.toolscore ?? "toolscore");
    if (toolscore.length === 0)
      throw new ToolscoreError("USAGE", "--toolscore names the command that runs toolscore");
    const o = { toolscore, lock: lockPath, lockSet, pinned };
    result = shape === "codex" ? installGuardToml(text, o, only) : installGuard(text, shape, paths, o, only);
    const refused = result.outcomes.filter(
      (o) => o.action === "skipped" && o.reason?.startsWith("not in the lock"),
    );
    if (refused.length > 0) {
      throw new ToolscoreError(
        "USAGE",
        `not in ${values.lock}: ${refused.map((o) => o.name).join(", ")}; pin first (toolscore mcp pin --config ${values.config} --lock ${values.lock}); nothing was changed`,
      );
    }
  } else {
    result = shape === "codex" ? uninstallGuardToml(text, only) : uninstallGuard(text, shape, paths, only);
  }
  const shown = relative(ctx.cwd, file) || file;
  const changed = result.text !== text;
  if (changed) {
    // The backup first: a failed write never leaves the user without their file.
    copyFileSync(file, file + BACKUP);
    writeFileAtomic(file, result.text);
  }
  const report: InstallReport = {
    install: values.install === true,
    outcomes: result.outcomes,
    file: shown,
    backup: changed ? shown + BACKUP : null,
  };
  emitOutputs(ctx, report, { text: renderInstallReport }, { documents: [] });
  return EXIT.OK;
}
