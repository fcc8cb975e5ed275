import { spawn, type ChildProcess } from "node:child_process";
import { statSync } from "node:fs";
import { PassThrough } from "node:stream";
import { ToolscoreError } from "../util/errors.js";
import { escapedDescendants, groupAlive, pidAlive, signalGroup, signalPid, stopPids } from "./proc-tree.js";

// Every server is started in a process group of its own, so that stopping it reaches what it
// started too (an `npx` wrapper's node, a shell's children). The groups still alive are killed
// when this process exits, whatever the reason.
const liveGroups = new Set<number>();
let exitHookInstalled = false;
// Set once every server is being stopped (an interrupt): no server is started after that, so a
// relaunch under way cannot outlive the stop.
let stoppingAll = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const pgid of liveGroups) signalGroup(pgid, "SIGKILL");
  });
}

/** What a launched server needs: its argv, environment and working directory. */
export interface LaunchSpec {
  argv: string[];
  /** Laid over `baseEnv`. */
  env?: Record<string, string>;
  /** The environment inherited, as from a shell (default: this process's). */
  baseEnv?: Record<string, string | undefined>;
  cwd?: string;
  /** A server started ahead for this launch: taken over instead of starting one (see launchAhead). */
  ahead?: Launched;
}

/** A server started ahead of the command that will speak to it (see {@link launchAhead}). */
export interface Launched {
  /** The process, when `spec` is the launch it was started for and it is not taken yet. */
  take(spec: LaunchSpec): Promise<ChildProcess> | undefined;
  /** Stops the process if no command took it (a usage error, a saved file after all). */
  drop(): Promise<void>;
}

/**
 * Starts a server before the command that needs it has loaded (the CLI does so for `mcp list`,
 * `mcp verify-pin` and `mcp guard` with a launch command), so that the server boots while
 * toolscore loads its own code. The handle is passed to the command, whose {@link startProcess}
 * with the same argv, environment and folder takes this process instead of starting one.
 */
export function launchAhead(spec: LaunchSpec): Launched {
  let child: Promise<ChildProcess> | undefined = spawnInGroup(spec).then(keepOutput);
  // A failed start is reported to the command that takes the process, which awaits the same promise.
  child.catch(() => {});
  return {
    take(wanted) {
      if (!child || !sameLaunch(spec, wanted)) return undefined;
      const taken = child;
      child = undefined;
      return taken;
    },
    async drop() {
      const left = child;
      child = undefined;
      const started = await left?.catch(() => undefined);
      if (started) await stopProcess(started, { stdinWaitMs: 0 });
    },
  };
}

/**
 * Node discards what a child wrote to a pipe that nobody reads once the child exits, and the
 * command reads the output of a server launched ahead only when it takes the process (a server
 * that crashes at once has said why on stderr by then): each stream goes through one that keeps
 * what comes until it is read.
 */
function keepOutput(child: ChildProcess): ChildProcess {
  for (const name of ["stdout", "stderr"] as const) {
    const stream = child[name];
    if (!stream) continue;
    const kept = new PassThrough();
    stream.pipe(kept);
    child[name] = kept;
  }
  return child;
}

function effectiveEnv(spec: LaunchSpec): Record<string, string | undefined> {
  return { ...(spec.baseEnv ?? process.env), ...spec.env };
}

function sameLaunch(a: LaunchSpec, b: LaunchSpec): boolean {
  if (a.cwd !== b.cwd || a.argv.length !== b.argv.length || a.argv.some((x, i) => x !== b.argv[i]))
    return false;
  const ea = effectiveEnv(a);
  const eb = effectiveEnv(b);
  const keys = Object.keys(ea);
  return keys.length === Object.keys(eb).length && keys.every((k) => ea[k] === eb[k]);
}

/**
 * Starts a server process in its own group with piped stdio (or takes the one launched ahead for
 * the same launch, `spec.ahead`). Fails with SPAWN_FAILED.
 */
export function startProcess(spec: LaunchSpec): Promise<ChildProcess> {
  return spec.ahead?.take(spec) ?? spawnInGroup(spec);
}

/**
 * Calls `fn` once the process has exited. A server launched ahead may have ended before the
 * command took it, its `exit` event gone by: then `fn` waits until what it wrote on stdout has
 * been read (the stream's `close`), or runs on the next turn when that is over too.
 */
export function onceExited(child: ChildProcess, fn: () => void): void {
  if (child.exitCode === null && child.signalCode === null) {
    child.once("exit", () => fn());
    return;
  }
  const out = child.stdout;
  if (!out || out.closed || out.destroyed) setImmediate(fn);
  else out.once("close", () => fn());
}

async function spawnInGroup(spec: LaunchSpec): Promise<ChildProcess> {
  const [file, ...args] = spec.argv;
  if (!file) throw new ToolscoreError("USAGE", "the launch command is empty");
  // spawn reports a missing folder as a missing command (ENOENT): look at the folder first.
  if (spec.cwd !== undefined) checkFolder(spec.cwd);
  installExitHook();
  const child = spawn(file, args, {
    cwd: spec.cwd,
    env: { ...(spec.baseEnv ?? process.env), ...spec.env },
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
    windowsHide: true,
  });
  await new Promise<void>((resolve, reject) => {
    child.once("spawn", resolve);
    child.once("error", (e: NodeJS.ErrnoException) => {
      // Facts only; what to do about each is the advice table's (src/report/advice.ts).
      const [problem, why] =
        e.code === "ENOENT"
          ? ["command-not-found", `command not found: ${file}`]
          : e.code === "EACCES"
            ? ["not-executable", `permission denied running ${file}`]
            : ["spawn-failed", `cannot start ${file}: ${e.message}`];
      reject(new ToolscoreError("SPAWN_FAILED", why, { argv: spec.argv, problem }));
    });
  });
  if (child.pid !== undefined) liveGroups.add(child.pid);
  if (stoppingAll && child.pid !== undefined) {
    signalGroup(child.pid, "SIGKILL");
    throw new ToolscoreError("SPAWN_FAILED", `${file} was not started: toolscore is stopping`, {
      argv: spec.argv,
    });
  }
  child.once("exit", () => {
    // The leader is gone; its group may live on in grandchildren, which stop() still reaps.
  });
  return child;
}

function checkFolder(cwd: string): void {
  let isDir: boolean;
  try {
    isDir = statSync(cwd).isDirectory();
  } catch {
    throw new ToolscoreError(
      "FILE_NOT_FOUND",
      `the server's working folder ${cwd} does not exist (--cwd, or the config entry's cwd)`,
      { path: cwd },
    );
  }
  if (!isDir)
    throw new ToolscoreError(
      "FILE_INVALID",
      `the server's working folder ${cwd} is not a folder (--cwd, or the config entry's cwd)`,
      { path: cwd },
    );
}

function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function waitGroupGone(pgid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (groupAlive(pgid)) {
    if (Date.now() >= until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/**
 * Stops a server and everything in its process group: close its stdin (the polite way to end an
 * MCP stdio session), then SIGTERM, then SIGKILL after `graceMs`.
 */
export async function stopProcess(
  child: ChildProcess,
  opts: { graceMs?: number; stdinWaitMs?: number } = {},
): Promise<void> {
  const pgid = child.pid;
  if (pgid === undefined) return;
  const graceMs = opts.graceMs ?? 2000;
  // Looked for before anything exits: an orphan no longer shows whose child it was.
  const escaped = new Set(escapedDescendants(pgid));
  child.stdin?.end();
  const exited = await waitExit(child, opts.stdinWaitMs ?? 150);
  // Once the leader has exited its children belong to init, so a second look from it finds
  // nothing; only a leader still running may have started more meanwhile.
  if (!exited) for (const pid of escapedDescendants(pgid)) escaped.add(pid);
  if (!exited || groupAlive(pgid)) {
    // The leader and whatever it started share one grace period after SIGTERM.
    signalGroup(pgid, "SIGTERM");
    const until = Date.now() + graceMs;
    const leaderGone = await waitExit(child, graceMs);
    const groupGone = await waitGroupGone(pgid, Math.max(0, until - Date.now()));
    if (!leaderGone || !groupGone) {
      signalGroup(pgid, "SIGKILL");
      await waitExit(child, 1000);
      await waitGroupGone(pgid, 500);
    }
  }
  await stopPids([...escaped], graceMs);
  liveGroups.delete(pgid);
  child.stdout?.destroy();
  child.stderr?.destroy();
}

/** True once {@link stopAllProcesses} began: nothing more is started or asked of a server. */
export function stoppingAllProcesses(): boolean {
  return stoppingAll;
}

/**
 * Stops every server still running (on Ctrl-C or a fatal error): SIGTERM to each group, then
 * SIGKILL to what is left after `graceMs`. No server is started after this.
 */
export async function stopAllProcesses(graceMs = 1000): Promise<void> {
  stoppingAll = true;
  const groups = [...liveGroups];
  const escaped = groups.flatMap(escapedDescendants);
  for (const pgid of groups) signalGroup(pgid, "SIGTERM");
  for (const pid of escaped) signalPid(pid, "SIGTERM");
  const until = Date.now() + graceMs;
  while (groups.some(groupAlive) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  for (const pgid of groups) {
    signalGroup(pgid, "SIGKILL");
    liveGroups.delete(pgid);
  }
  for (const pid of escaped) if (pidAlive(pid)) signalPid(pid, "SIGKILL");
}
