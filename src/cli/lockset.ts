// pin and verify-pin over a whole client config: a lock set, one entry per server, the servers
// started a few at a time. The commands hand over here when a set is involved.
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import {
  configServerNames,
  configServers,
  lockSetEntryLock,
  pinLockSet,
  readLockSet,
  requireServerNamed,
  verifyLockSetServers,
} from "../api/lockset.js";
import type { EffectOverrides } from "../pin/effects.js";
import type { Lock } from "../pin/lock.js";
import { isLockSetFile, readLock } from "../pin/lock-file.js";
import { serializeLockSet } from "../pin/lockset.js";
import { floatingSpec } from "../mcp/package-spec.js";
import { PIN_FAIL_ON } from "../pin/verify.js";
import type { LockSetReport } from "../pin/verify-set.js";
import {
  renderLockSetJson,
  renderLockSetPinSummary,
  renderLockSetReport,
  type LockSetPinSummary,
} from "../report/lockset.js";
import { COLOR, PLAIN } from "../report/style.js";
import { ToolscoreError } from "../util/errors.js";
import { assertFolderOf, writeFileAtomic } from "../util/fs.js";
import { escapeLine } from "../util/unicode.js";
import { choice, pathArg, serverOptions } from "./args.js";
import { renderAnnotations } from "./ci.js";
import { parseConcurrency } from "./concurrency.js";
import { useColor, type CliContext, type Executed } from "./context.js";
import { EXIT } from "./exit-codes.js";
import {
  emitOutputs,
  jsonAndSarif,
  stdoutCarriesDocument,
  type OutputRequest,
  type Renderers,
} from "./output.js";
import { lockSetCi, readLockArg } from "./pin-check.js";

/** The default file of a lock set. */
export const DEFAULT_LOCKSET = "toolscore.lockset.json";

export { isLockSetFile };

/**
 * The lock the guard enforces: the file named by --lock, or, when that is a lock set, the entry of
 * `server` (--server NAME); `config` is the guard's --config, which --server may name an entry of. A set without --server, a set that does not match its own hash and an
 * entry the set lacks are refused: the guard fails closed.
 */
export function readGuardLock(
  lockArg: string,
  server: string | undefined,
  ctx: CliContext,
  config?: string,
): Lock {
  const path = pathArg(lockArg, ctx);
  if (!isLockSetFile(path)) {
    const lock = readLockArg(lockArg, ctx);
    if (server !== undefined && config === undefined)
      throw new ToolscoreError(
        "USAGE",
        `--server names an entry of a lock set or of a --config file, and ${lockArg} is the lock of one server: leave --server out`,
      );
    return lock;
  }
  return lockSetEntryLock(path, lockArg, server);
}

/**
 * Refuses to write the lock of a config's entry (`--config FILE --server NAME`) over the lock of one
 * server that another entry runs (told by the server's name): pinning a second entry into the lock
 * of the first would throw the first one's approval away. Pinning the same server again is fine.
 */
export function refuseOtherServerLock(lockPath: string, lockArg: string, lock: Lock, entry: string): void {
  if (!existsSync(lockPath) || isLockSetFile(lockPath)) return;
  let old: Lock;
  try {
    old = readLock(lockPath);
  } catch {
    return; // not a lock: replaced, as before
  }
  const name = (l: Lock) =>
    typeof l.server.name === "string" ? l.server.name : JSON.stringify(l.server.name);
  if (name(old) === name(lock)) return;
  throw new ToolscoreError(
    "USAGE",
    `${lockArg} is the lock of server '${escapeLine(name(old))}', and ${JSON.stringify(entry)} runs '${escapeLine(name(lock))}': nothing written; pin it into a file of its own (--lock FILE), or the whole config into a lock set (toolscore mcp pin --config FILE)`,
  );
}

/** The floating package argument of a config entry's launch, if it floats. */
function floatingOf(raw: unknown): { floating?: string } {
  const e = raw as { command?: unknown; args?: unknown };
  if (typeof e?.command !== "string" || !Array.isArray(e.args)) return {};
  const spec = floatingSpec([e.command, ...e.args.map(String)]);
  return spec ? { floating: spec.raw } : {};
}

const shownPath = (ctx: CliContext, p: string) => {
  const rel = relative(ctx.cwd, p);
  return rel === "" || rel.startsWith("..") ? p : rel;
};

/**
 * `mcp pin --config FILE` without --server (every server, a new set), or with --server NAME and a
 * --lock that is a set (that entry replaced). A server that cannot be pinned fails the run (exit 2)
 * and nothing is written.
 */
export async function pinLockSetCommand(
  values: Record<string, unknown>,
  ctx: CliContext,
  overrides: EffectOverrides = {},
  tools?: readonly string[],
): Promise<number> {
  const config = pathArg(values.config as string, ctx);
  const lockPath = pathArg((values.lock as string | undefined) ?? DEFAULT_LOCKSET, ctx);
  assertFolderOf(lockPath);
  const one = values.server as string | undefined;
  if (values.capabilities !== undefined && one === undefined)
    throw new ToolscoreError("USAGE", "with a lock set, --capabilities goes with --server NAME (one server)");
  if (tools !== undefined && one === undefined)
    throw new ToolscoreError("USAGE", "with a lock set, --tools goes with --server NAME (one server)");
  // A lock of one server is never overwritten by a set: that would throw its approval away.
  if (one === undefined && existsSync(lockPath) && !isLockSetFile(lockPath))
    throw new ToolscoreError(
      "USAGE",
      `${values.lock as string} is not a lock set (the lock of one server?): nothing written; pin the whole config into another file (--lock toolscore.lockset.json), or one entry with --server NAME`,
    );
  const concurrency = parseConcurrency(values.concurrency as string | undefined, 4);
  const raw = configServers(config);
  if (one !== undefined && !Object.hasOwn(raw, one))
    throw new ToolscoreError(
      "CONFIG_INVALID",
      `${values.config as string} has no server named ${JSON.stringify(one)}; it has: ${Object.keys(raw).sort().join(", ")}`,
    );
  const names = one === undefined ? configServerNames(config, raw) : [one];
  const old = one === undefined ? undefined : readLockSet(lockPath, shownPath(ctx, lockPath));
  const pinned = await pinLockSet(raw, names, {
    ...serverOptions(values, ctx),
    ...(old ? { old } : {}),
    overrides,
    resources: values.resources === true,
    ...(tools ? { tools } : {}),
    concurrency,
  });
  if (!pinned.ok) {
    const failures = pinned.failures.map(
      (f) => `toolscore: cannot pin '${escapeLine(f.name)}': ${escapeLine(f.error)}\n`,
    );
    for (const f of failures.sort()) ctx.stderr(f);
    ctx.stderr(
      `toolscore: nothing written: pin every server of the config, or name one with --server NAME\n`,
    );
    return EXIT.ERROR;
  }
  const { set, pinned: done } = pinned;
  const text = serializeLockSet(set);
  const unchanged = existsSync(lockPath) && readFileSync(lockPath, "utf8") === text;
  if (!unchanged) writeFileAtomic(lockPath, text);
  const summary: LockSetPinSummary = {
    pinned: done.map(([name, e]) => ({
      name,
      server: e.server,
      tools: e.tools.length,
      ...floatingOf(raw[name]),
    })),
    total: Object.keys(set.servers).length,
    file: shownPath(ctx, lockPath),
    unchanged,
  };
  const style = useColor(ctx) ? COLOR : PLAIN;
  await emitOutputs(ctx, summary, { text: (r) => renderLockSetPinSummary(r, style) }, { documents: [] });
  return EXIT.OK;
}

/**
 * `mcp verify-pin --config FILE --lock SET [--server NAME]`: every server (or the one named) checked
 * against its entry, a few at a time. Exit 2 when a server could not be checked, even if the others
 * are clean; else 1 when something fails.
 */
export async function verifyLockSetCommand(
  lockArg: string,
  values: Record<string, unknown>,
  ctx: CliContext,
): Promise<Executed<LockSetReport>> {
  if (values.config === undefined)
    throw new ToolscoreError(
      "USAGE",
      `${lockArg} is a lock set: check it against a client config with --config FILE`,
    );
  if (values.sarif !== undefined)
    throw new ToolscoreError("USAGE", "--sarif does not take a lock set yet: use --json");
  const failOn = choice("--fail-on", values["fail-on"] as string | undefined, PIN_FAIL_ON, "drift");
  const concurrency = parseConcurrency(values.concurrency as string | undefined, 4);
  const set = readLockSet(pathArg(lockArg, ctx), lockArg);
  const raw = configServers(pathArg(values.config as string, ctx));
  const only = values.server as string | undefined;
  requireServerNamed(only, raw, set, { config: values.config as string, lock: lockArg });
  // Each server is listed with the client capabilities its entry was pinned with.
  const { "client-capabilities": _asked, ...rest } = values;
  const report = await verifyLockSetServers(set, raw, {
    ...serverOptions(rest, ctx),
    failOn,
    ...(only !== undefined ? { only } : {}),
    concurrency,
  });
  const request = jsonAndSarif({ json: values.json as string | undefined, ci: values.ci === true });
  await emitOutputs(ctx, report, lockSetRenderers(ctx, request), request);
  return { code: lockSetExit(report), result: report };
}

/** The exit code of a lock set check: 2 when a server could not be checked, else 1 when something fails. */
export function lockSetExit(report: LockSetReport): number {
  return report.errors > 0 ? EXIT.ERROR : report.ok ? EXIT.OK : EXIT.FAIL;
}

/** The renderers of a lock set check, keyed by format; colour only when stdout carries no document. */
export function lockSetRenderers(ctx: CliContext, request: OutputRequest): Renderers<LockSetReport> {
  const style = useColor(ctx) && !stdoutCarriesDocument(request) ? COLOR : PLAIN;
  return {
    text: (r) => renderLockSetReport(r, style),
    json: renderLockSetJson,
    markdown: (r) => lockSetCi(r).markdown,
    github: (r) => renderAnnotations(lockSetCi(r).annotations),
  };
}
