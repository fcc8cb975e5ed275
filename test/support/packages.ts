// Shared by the package-binding tests: the fixture package at a chosen version, packed into a
// tarball, and the npm client run with a temporary cache and no network but what a test names.
import { execFile } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./cli.js";

/** The fixture package's folder. */
export const NOTES_PACKAGE = join(ROOT, "test", "fixtures", "packages", "notes-server");
/** Its name. */
export const NOTES_NAME = "toolscore-fixture-notes";

/** A copy of the fixture package under `dir`, its version set to `version`; returns the folder. */
export function notesPackageAt(dir: string, version: string): string {
  const to = join(dir, `notes-${version}`);
  cpSync(NOTES_PACKAGE, to, { recursive: true });
  const pkg = JSON.parse(readFileSync(join(to, "package.json"), "utf8")) as Record<string, unknown>;
  writeFileSync(join(to, "package.json"), JSON.stringify({ ...pkg, version }, null, 2));
  return to;
}

/** Runs npm with `args` in `cwd`; npm's own chatter (update check, audit, fund) is off. */
export async function npm(args: string[], cwd: string, env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)("npm", args, {
    cwd,
    env: {
      ...process.env,
      npm_config_update_notifier: "false",
      npm_config_audit: "false",
      npm_config_fund: "false",
      ...env,
    },
    timeout: 120_000,
  });
  return stdout;
}
