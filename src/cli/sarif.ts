import { readFileSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { VERSION } from "../meta.js";
import { ToolscoreError } from "../util/errors.js";
import type { SarifArtifact } from "../report/sarif-reports.js";
import type { CliContext } from "./context.js";

/** The `--sarif FILE` option, shared by mcp lint, mcp verify-pin and mcp diff. */
export { SARIF_OPTION } from "./options.js";

/** The help line of `--sarif`. */
export const SARIF_HELP =
  "  --sarif FILE                  write the findings as SARIF 2.1.0 (GitHub code scanning)\n";

/** The version SARIF logs name as the tool's. */
export const SARIF_VERSION = VERSION;

/**
 * The file findings point into: its path relative to the repository root (GITHUB_WORKSPACE in
 * GitHub Actions, else the working directory), with forward slashes as SARIF URIs have them, and
 * its text. Undefined when there is no such file or it cannot be read.
 */
export function sarifArtifact(path: string | undefined, ctx: CliContext): SarifArtifact {
  if (path === undefined) return undefined;
  const abs = resolve(ctx.cwd, path);
  const root = resolve(ctx.cwd, ctx.env.GITHUB_WORKSPACE ?? ".");
  const rel = relative(root, abs);
  const uri = (rel.startsWith("..") || isAbsolute(rel) ? abs : rel).split(sep).join("/");
  try {
    return { uri, text: readFileSync(abs, "utf8") };
  } catch {
    return { uri };
  }
}

/**
 * `--sarif -` is a usage error: the console report (or --json -) has stdout, and a SARIF log mixed
 * into it would be neither. Checked before any server is started.
 */
export function checkSarifOption(value: string | undefined): void {
  if (value === "-" || value === "") {
    throw new ToolscoreError(
      "USAGE",
      "--sarif takes a file name (e.g. --sarif toolscore.sarif): stdout already carries the report",
    );
  }
}
