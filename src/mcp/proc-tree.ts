// What a stop needs to know about processes: signalling a whole process group, whether a group
// still runs, and (on Linux, from /proc) the descendants that left the group, stopped one by one.
import { existsSync, readFileSync, readdirSync } from "node:fs";

/** Sends `signal` to every process of group `pgid` (0 only asks whether any is there). */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * True while any process of the group is alive. A killed grandchild stays a zombie until its new
 * parent (often init, which may reap slowly) collects it; on Linux a group of zombies only counts
 * as gone, since nothing in it runs any more.
 */
export function groupAlive(pgid: number): boolean {
  if (!signalGroup(pgid, 0)) return false;
  return process.platform !== "linux" || linuxGroupRuns(pgid);
}

/** One line of /proc/PID/stat: the fields a stop needs. */
interface ProcStat {
  pid: number;
  state: string;
  ppid: number;
  pgrp: number;
}

function* linuxProcesses(): Generator<ProcStat> {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.charCodeAt(0) < 48 || e.charCodeAt(0) > 57) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${e}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so parse after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    yield { pid: Number(e), state: fields[0] ?? "", ppid: Number(fields[1]), pgrp: Number(fields[2]) };
  }
}

function linuxGroupRuns(pgid: number): boolean {
  if (!existsSync("/proc/self/stat")) return true;
  for (const p of linuxProcesses()) if (p.pgrp === pgid && p.state !== "Z" && p.state !== "X") return true;
  return false;
}

/**
 * On Linux, the live descendants of `root` that left its process group (`setsid`, `setpgid`):
 * signalling the group does not reach them, so a stop signals them one by one. Read from /proc
 * while their parents still live; once a parent exits, its children belong to init and no longer
 * show whose they were.
 */
export function escapedDescendants(root: number): number[] {
  if (process.platform !== "linux") return [];
  const children = new Map<number, ProcStat[]>();
  for (const p of linuxProcesses()) {
    const list = children.get(p.ppid);
    if (list) list.push(p);
    else children.set(p.ppid, [p]);
  }
  const out: number[] = [];
  const queue = [root];
  const seen = new Set<number>(queue);
  while (queue.length > 0) {
    for (const c of children.get(queue.pop()!) ?? []) {
      if (seen.has(c.pid)) continue;
      seen.add(c.pid);
      queue.push(c.pid);
      if (c.pgrp !== root && c.state !== "Z" && c.state !== "X") out.push(c.pid);
    }
  }
  return out;
}

/** Sends `signal` to one process, if it is still there. */
export function signalPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // gone already
  }
}

/** True while the process runs (a zombie counts as gone on Linux). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (process.platform !== "linux") return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

/**
 * SIGTERM to each of `pids`, SIGKILL to those still alive after `graceMs`; resolves once they are
 * gone (a killed process takes a moment to die on a busy machine), or half a second after the kill.
 */
export async function stopPids(pids: readonly number[], graceMs: number): Promise<void> {
  if (pids.length === 0) return;
  const waitGone = async (ms: number) => {
    const until = Date.now() + ms;
    while (pids.some(pidAlive) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  };
  for (const pid of pids) signalPid(pid, "SIGTERM");
  await waitGone(graceMs);
  const left = pids.filter(pidAlive);
  for (const pid of left) signalPid(pid, "SIGKILL");
  if (left.length > 0) await waitGone(500);
}
