import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import type { ServerTarget } from "../mcp/target.js";

/** A target to launch in a working directory of its own, and how to remove that directory. */
export interface FreshWorkDir {
  target: ServerTarget;
  /** The directory made for the run, or null when the target keeps its own (`--cwd`, a config's cwd, a URL). */
  dir: string | null;
  /** Removes the directory and everything the server left in it. Call it after the server is stopped. */
  remove(): void;
}

// A relative path in the command line that names a file or folder of the caller's, made absolute so
// the command means the same from another directory: `node server.js`, `./bin/server`, `--root=.`.
function absolutise(arg: string, first: boolean, base: string): string {
  const eq = arg.startsWith("-") ? arg.indexOf("=") : -1;
  if (eq > 0) return arg.slice(0, eq + 1) + absolutise(arg.slice(eq + 1), false, base);
  if (arg === "" || arg.startsWith("-") || isAbsolute(arg)) return arg;
  if (first) return arg.includes("/") || arg.includes("\\") ? resolve(base, arg) : arg;
  return existsSync(resolve(base, arg)) ? resolve(base, arg) : arg;
}

/**
 * A launched server with no working directory of its own (no --cwd, none in its config entry)
 * gets a fresh temporary one, so whatever it writes lands there and is removed afterwards. Paths
 * in its command line that name the caller's files are made absolute first, so the command still
 * finds them.
 */
export function freshWorkDir(target: ServerTarget, callerDir: string): FreshWorkDir {
  if (target.kind !== "stdio" || target.cwd !== undefined) return { target, dir: null, remove: () => {} };
  const dir = mkdtempSync(join(tmpdir(), "toolscore-test-"));
  return {
    target: { ...target, argv: target.argv.map((a, i) => absolutise(a, i === 0, callerDir)), cwd: dir },
    dir,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
