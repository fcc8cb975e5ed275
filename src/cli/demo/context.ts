import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Style } from "../../report/style.js";
import type { CliContext } from "../context.js";
import type { ServerTarget } from "../../mcp/target.js";

/** What every demo step gets: the CLI context, styling, a scratch folder and the sample server. */
export interface DemoContext {
  ctx: CliContext;
  style: Style;
  /** A temporary folder, removed when the demo ends. */
  dir: string;
  /** The bundled sample server as a target, optionally in its rug-pulled mode. */
  sample(rugpull?: boolean): ServerTarget;
  /** Prints a step heading and the command it stands for. */
  heading(title: string, command: string): void;
}

/** One step of `toolscore demo`. */
export type DemoStep = (demo: DemoContext) => Promise<void>;

/** The launch argv of the bundled sample server (the built file beside the CLI bundle). */
export function sampleServerArgv(rugpull = false): string[] {
  const here = dirname(fileURLToPath(import.meta.url));
  // In the bundle this code sits in dist/chunks; from sources, in src/cli/demo.
  const candidates = [
    join(here, "..", "notes-server.js"),
    join(here, "..", "..", "..", "dist", "notes-server.js"),
  ];
  const file = candidates.find((c) => existsSync(c)) ?? candidates[0]!;
  return [process.execPath, file, ...(rugpull ? ["--rugpull"] : [])];
}

/** The bundled sample server as a launch target, labelled as the demo's headings name it. */
export function sampleServer(rugpull = false): ServerTarget {
  const label = `toolscore-notes-server${rugpull ? " --rugpull" : ""}`;
  return { kind: "stdio", argv: sampleServerArgv(rugpull), env: {}, label };
}
