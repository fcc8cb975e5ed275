// Signing in from a test: `mcp login` run in-process with no terminal, the test playing the
// browser by following the authorization URL the command prints.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../src/cli/main.js";
import type { CliContext } from "../../src/cli/context.js";
import type { CliRun } from "./cli.js";

/** Runs `mcp login ARGS`, following every authorization URL it prints as a browser would. */
export async function loginAsBrowser(
  args: string[],
  env: Record<string, string>,
  opts: { isTTY?: boolean } = {},
): Promise<CliRun & { followed: string[] }> {
  let stdout = "";
  let stderr = "";
  const followed: string[] = [];
  const visits: Promise<unknown>[] = [];
  const ctx: CliContext = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => {
      stderr += t;
      for (const m of t.matchAll(/^ {2}(http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+)$/gm)) {
        followed.push(m[1]!);
        visits.push(fetch(m[1]!).then((r) => r.text()));
      }
    },
    env: { ...process.env, COLUMNS: undefined, DISPLAY: undefined, WAYLAND_DISPLAY: undefined, ...env },
    cwd: process.cwd(),
    isTTY: opts.isTTY ?? false,
    columns: 200,
  };
  const code = await main(["mcp", "login", ...args], ctx);
  await Promise.all(visits);
  return { code, stdout, stderr, followed };
}

/**
 * A folder with an `xdg-open` that records the URL it was given in `opened` (and opens nothing),
 * to put first on PATH: a test can then tell whether a browser would have been opened.
 */
export function fakeOpener(dir: string): { path: string; opened: string } {
  const bin = join(dir, "bin");
  mkdirSync(bin, { recursive: true });
  const opened = join(dir, "opened");
  const script = join(bin, "xdg-open");
  writeFileSync(script, `#!/bin/sh\nprintf '%s\\n' "$1" >> ${JSON.stringify(opened)}\n`);
  chmodSync(script, 0o755);
  return { path: `${bin}:${process.env.PATH ?? ""}`, opened };
}
