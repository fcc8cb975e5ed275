import { relative } from "node:path";
import { splitCommand } from "../../mcp/argv.js";
import { configEntries, duplicateKeys, parseKnownConfig, serverBlocks } from "../../mcp/config-file.js";
import { readLock } from "../../pin/lock-file.js";
import { parseLockSet } from "../../pin/lockset.js";
import {
  installGuard,
  uninstallGuard,
  type InstallOptions,
  type InstallOutcome,
} from "../../scan/guard-install.js";
import { installGuardToml, uninstallGuardToml } from "../../scan/guard-install-toml.js";
import { holdVersions, lockedVersions, type LockedVersions } from "../../scan/pin-versions-config.js";
import { ToolscoreError } from "../../util/errors.js";
import { readJsonFile } from "../../util/fs.js";
import { editUserFile } from "../../mcp/config-io.js";
import { renderInstallReport, type GuardSignIn, type InstallReport } from "../../report/guard-install.js";
import { credentialsPath, signInStored } from "../../mcp/token-store.js";
import { unguardedEntry } from "../../scan/entry.js";
import { isObject } from "../../util/json.js";
import { parseCommand, pathArg } from "../args.js";
import type { CliContext } from "../context.js";
import { EXIT } from "../exit-codes.js";
import { isLockSetFile } from "../lockset.js";
import { emitOutputs } from "../output.js";

export const HELP = `Usage: toolscore mcp guard --install --config FILE --lock LOCK [--server NAME] [--pin-versions] [--toolscore CMD]
       toolscore mcp guard --uninstall --config FILE [--server NAME]

Installs the guard into a client config: each entry (or the one named) is rewritten in place so
that the client launches

  toolscore mcp guard --lock <LOCK, absolute> [--server NAME] '<the entry's own command and args>'

the entry's command and args in one argument, quoted as a shell quotes them (a launcher that reads
the arguments again with an option parser, as the MCP Inspector's --config mode does, keeps one
argument whole), and its own command and args kept under x-toolscore- names. For a URL entry it is
toolscore mcp guard --lock ... [--header "Name: value"...] <URL>, the entry's url, type and headers
kept under x-toolscore- names; in Codex's TOML and opencode's one-list entries, whose clients launch
the list as it is, toolscore mcp guard --lock ... -- <the entry's own command and args>. LOCK is a
lock set (each entry then names its server with --server) or, for one server, a lock. Env, cwd,
other keys, comments and formatting stay (JSON, JSONC, and Codex's TOML [mcp_servers.NAME] tables). Claude Code's per-project entries in ~/.claude.json go by
DIR:NAME (the project folder, a colon, the name), as in the lock set mcp pin --config writes.

The file is the user's: a symlink's target is edited and the link kept; mode and owner are kept;
a read-only file, a file that is not a regular file, and a JSON file with a key written twice
where the client's servers are are refused. A file a client rewrites while toolscore edits it is
edited again on the new text. Before the first change the original is copied to
FILE.toolscore-backup (same mode); a backup already there is kept, never overwritten.

Installing twice changes nothing; an entry whose server the lock does not pin is refused (pin it
first), and nothing is written. A URL entry the guard cannot take (SSE, or a secret written out in
its URL or headers, which would be on the guard's command line) is listed as not wrapped, with the
reason; with --server NAME, an entry that cannot be wrapped is refused (exit 2). --uninstall gives
every wrapped entry back, byte for byte.

Options:
  --config FILE                 the client config to edit (JSON, JSONC, or Codex's TOML)
  --lock LOCK                   with --install: the lock or lock set the guard enforces
  --server NAME                 only this entry
  --pin-versions                with --install: an entry whose launch floats (npx -y pkg, a range
                                such as pkg@^1, a tag such as pkg@latest) is held to the exact
                                version its lock records (pkg@1.0.0), with the same care
  --toolscore CMD               how the client runs toolscore (default "toolscore", found on the
                                client's PATH); e.g. "/usr/local/bin/toolscore" or
                                "node /opt/toolscore/dist/cli.js"
  --verbose                     show stack traces on errors
`;

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
      "pin-versions": { type: "boolean" },
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
  const only = values.server;
  let options: InstallOptions | undefined;
  let versions: LockedVersions | undefined;
  if (values["pin-versions"] && !values.install)
    throw new ToolscoreError("USAGE", "--pin-versions goes with --install");
  if (values.install) {
    if (values.lock === undefined)
      throw new ToolscoreError("USAGE", "--install needs the lock to enforce: --lock LOCK");
    const toolscore = splitCommand(values.toolscore ?? "toolscore");
    if (toolscore.length === 0)
      throw new ToolscoreError("USAGE", "--toolscore names the command that runs toolscore");
    options = installOptions(pathArg(values.lock, ctx), values.lock, toolscore);
    if (values["pin-versions"]) versions = lockedVersions(pathArg(values.lock, ctx), values.lock);
  }
  // Read, changed and written as one step, made again on the new text when a client rewrote the
  // file in between (see editUserFile).
  const edited = editUserFile(file, (f) => {
    // The versions are held first, on the entry's own launch; the guard then wraps it as it is.
    const held = versions ? holdVersions(f.text, file, values.config!, only, versions) : undefined;
    const r = editText(held?.text ?? f.text, file, values.config!, only, options, values.lock);
    const urls = options ? urlEntries(f.text, file, values.config!) : undefined;
    return { text: r.text, result: { outcomes: r.outcomes, versions: held?.outcomes, urls } };
  });
  const { outcomes, versions: held, urls } = edited.result;
  const shown = relative(ctx.cwd, file) || file;
  const report: InstallReport = {
    install: values.install === true,
    outcomes,
    file: shown,
    backup: edited.backup ? relative(ctx.cwd, edited.backup.path) || edited.backup.path : null,
    backupKept: edited.backup?.outcome === "kept",
    ...(held ? { versions: held } : {}),
    ...(urls ? { signIns: guardSignIns(urls, ctx) } : {}),
  };
  await emitOutputs(ctx, report, { text: renderInstallReport }, { documents: [] });
  return EXIT.OK;
}

// The URL entries of a config by name, as they are without the guard: the URL and whether the
// entry sends its own Authorization header.
function urlEntries(
  text: string,
  file: string,
  configArg: string,
): Map<string, { url: string; authorized: boolean }> {
  const { data, shape } = parseKnownConfig(text, file, configArg);
  const out = new Map<string, { url: string; authorized: boolean }>();
  for (const [name, raw] of Object.entries(configEntries(configArg, serverBlocks(data, shape)))) {
    const entry = unguardedEntry(raw);
    if (!isObject(entry) || typeof entry.url !== "string" || entry.type === "sse") continue;
    const headers = isObject(entry.headers) ? Object.keys(entry.headers) : [];
    out.set(name, { url: entry.url, authorized: headers.some((h) => h.toLowerCase() === "authorization") });
  }
  return out;
}

// How the guard of each URL entry will sign in: by its header, or with the user's stored sign-in.
function guardSignIns(
  urls: Map<string, { url: string; authorized: boolean }>,
  ctx: CliContext,
): Record<string, GuardSignIn> {
  let store: string | undefined;
  try {
    store = credentialsPath(ctx.env);
  } catch {
    store = undefined;
  }
  // fromEntries: an entry named __proto__ is a key like any other.
  return Object.fromEntries(
    [...urls].map(([name, { url, authorized }]): [string, GuardSignIn] => {
      const stored = authorized ? "header" : store === undefined ? "unknown" : signInStored(store, url);
      return [name, stored === "header" || stored === "stored" ? { by: stored } : { by: stored, url }];
    }),
  );
}

// What install needs to know of the lock: its path, whether it is a set, and which names it pins.
function installOptions(lockPath: string, lockArg: string, toolscore: string[]): InstallOptions {
  const lockSet = isLockSetFile(lockPath);
  if (lockSet) {
    const set = parseLockSet(readJsonFile(lockPath, "lock set"), lockArg);
    return { toolscore, lock: lockPath, lockSet, pinned: (n) => Object.hasOwn(set.servers, n) };
  }
  readLock(lockPath);
  return { toolscore, lock: lockPath, lockSet, pinned: () => true };
}

/**
 * The new text of a config and what happens to each entry; refused (nothing written) when the file
 * repeats a key where it matters, when an entry is not in the lock, when a lock of one server
 * meets several entries, or when the one entry asked for (--server) cannot be wrapped.
 */
function editText(
  text: string,
  file: string,
  configArg: string,
  only: string | undefined,
  o: InstallOptions | undefined,
  lockArg: string | undefined,
): { text: string; outcomes: InstallOutcome[] } {
  const { data, shape } = parseKnownConfig(text, file, configArg);
  const blocks = serverBlocks(data, shape);
  const names = Object.keys(configEntries(configArg, blocks));
  if (only !== undefined && !names.includes(only))
    throw new ToolscoreError("CONFIG_INVALID", `${configArg} has no server named ${JSON.stringify(only)}`);
  if (shape !== "codex") {
    const twice = duplicateKeys(
      text,
      blocks.map((b) => b.path),
    );
    if (twice.length > 0)
      throw new ToolscoreError(
        "CONFIG_INVALID",
        `${configArg} has keys written twice (${twice.join(", ")}): the client reads the last, an edit would change the first; nothing was changed: remove the extra copies first`,
        { problem: "config-duplicate-keys" },
      );
  }
  if (o === undefined)
    return shape === "codex" ? uninstallGuardToml(text, only) : uninstallGuard(text, shape, blocks, only);
  if (!o.lockSet && only === undefined && names.length > 1)
    throw new ToolscoreError(
      "USAGE",
      `${lockArg!} is the lock of one server: name its entry with --server NAME, or pin the whole config into a lock set (toolscore mcp pin --config ${configArg})`,
    );
  const result =
    shape === "codex" ? installGuardToml(text, o, only) : installGuard(text, shape, blocks, o, only);
  const refused = result.outcomes.filter(
    (r) => r.action === "skipped" && r.reason?.startsWith("not in the lock"),
  );
  if (refused.length > 0)
    throw new ToolscoreError(
      "USAGE",
      `not in ${lockArg!}: ${refused.map((r) => r.name).join(", ")}; pin first (toolscore mcp pin --config ${configArg} --lock ${lockArg!}); nothing was changed`,
    );
  const skipped = result.outcomes.find((r) => r.action === "skipped");
  if (only !== undefined && skipped !== undefined)
    throw new ToolscoreError(
      "CONFIG_INVALID",
      `${JSON.stringify(only)} in ${configArg} cannot be wrapped: ${skipped.reason ?? "unknown reason"}; nothing was changed`,
      { problem: "config-not-wrapped" },
    );
  return result;
}
