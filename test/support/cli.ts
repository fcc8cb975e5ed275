// Shared by the CLI and end-to-end tests: run the CLI in-process with a capturing context, spawn
// the built bin, and check that no fixture process is left behind.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { main } from "../../src/cli/main.js";
import type { CliContext } from "../../src/cli/context.js";

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, "..", "..");
/** A fixture server's path. */
export const fixture = (name: string) => join(ROOT, "test", "fixtures", "servers", name);
/**
 * The sample server's `mcp list --json` snapshot, for tests about what the CLI does with its tools
 * rather than about starting it; test/cli/sarif-commands.test.ts checks it against a live listing.
 */
export const SAMPLE_SNAPSHOT = join(ROOT, "test", "fixtures", "sample", "notes.json");
/** The launch command of a fixture server, as one string. */
export const fixtureCommand = (name: string) => `node ${JSON.stringify(fixture(name))}`;

/** What a CLI run produced. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `main(argv)` in-process with a capturing context: a 200-column terminal unless `columns`
 * says otherwise (`undefined`: piped, and `COLUMNS` only when `env` sets it).
 */
export async function runCli(
  argv: string[],
  opts: { env?: Record<string, string>; cwd?: string; columns?: number | undefined } = {},
): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const env: Record<string, string | undefined> = { ...process.env, COLUMNS: undefined, ...opts.env };
  const ctx: CliContext = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    env,
    cwd: opts.cwd ?? ROOT,
    isTTY: false,
    columns: "columns" in opts ? opts.columns : 200,
  };
  const code = await main(argv, ctx);
  return { code, stdout, stderr };
}

/**
 * Runs a Node script as a child process and captures its output. `env` is laid over this
 * process's environment, or replaces it with `replaceEnv`. A run past `timeoutMs` (default 120 s)
 * is killed and fails: a guard against a hang, generous so that a busy machine never trips it.
 */
export function runNode(
  script: string,
  argv: string[],
  opts: { env?: Record<string, string>; replaceEnv?: boolean; cwd?: string; timeoutMs?: number } = {},
): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [script, ...argv], {
      cwd: opts.cwd ?? ROOT,
      env: opts.replaceEnv ? opts.env : { ...process.env, ...opts.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      fail(new Error(`${script} ${argv.join(" ")} hung`));
    }, opts.timeoutMs ?? 120_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      done({ code: code ?? -1, stdout, stderr });
    });
  });
}

/** Runs the built `dist/cli.js` as a child process. */
export function runBin(
  argv: string[],
  opts: { env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {},
): Promise<CliRun> {
  return runNode(join(ROOT, "dist", "cli.js"), argv, opts);
}

/** The state letter and process group of a process, from /proc (Linux), or undefined. */
function procStat(pid: number | string): { state: string; pgid: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0]!, pgid: Number(fields[2]) };
  } catch {
    return undefined;
  }
}

// A zombie has stopped running; it only waits for its parent (here often a slow init) to reap it.
const running = (s: { state: string } | undefined) => s !== undefined && s.state !== "Z" && s.state !== "X";

/** True while a process with this id runs. */
export function alive(pid: number): boolean {
  return running(procStat(pid));
}

/** True while any process of this group runs. */
export function groupAlive(pgid: number): boolean {
  return readdirSync("/proc")
    .filter((e) => /^\d+$/.test(e))
    .some((e) => {
      const s = procStat(e);
      return s?.pgid === pgid && running(s);
    });
}

/**
 * A file the fixture servers append their pids to (TOOLSCORE_FIXTURE_PIDS), so a test can check
 * after a run that each of them, and its group, is gone.
 */
export function pidRecorder(): { env: Record<string, string>; pids(): number[]; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), "toolscore-pids-"));
  const file = join(dir, "pids");
  return {
    env: { TOOLSCORE_FIXTURE_PIDS: file },
    pids() {
      try {
        return readFileSync(file, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((l) => Number(l));
      } catch {
        return [];
      }
    },
    cleanup() {
      for (const pid of this.pids()) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone, as it should be
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A temporary folder, removed by the returned function. */
export function tempDir(prefix = "toolscore-test-"): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The nine tools of @modelcontextprotocol/server-memory, sorted, as both installed builds list them. */
export const MEMORY_TOOLS = [
  "add_observations",
  "create_entities",
  "create_relations",
  "delete_entities",
  "delete_observations",
  "delete_relations",
  "open_nodes",
  "read_graph",
  "search_nodes",
];
