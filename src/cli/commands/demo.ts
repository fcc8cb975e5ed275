import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COLOR, PLAIN } from "../../report/style.js";
import { parseCommand } from "../args.js";
import { useColor, type CliContext } from "../context.js";
import { fitConsole } from "../output.js";
import { sampleServer, type DemoContext, type DemoStep } from "../demo/context.js";
import { listStep } from "../demo/list-step.js";
import { lintStep } from "../demo/lint-step.js";
import { pinStep } from "../demo/pin-step.js";
import { diffStep } from "../demo/diff-step.js";
import { testStep } from "../demo/test-step.js";

export const HELP = `Usage: toolscore demo

Runs toolscore end to end on the bundled sample notes server, offline and in seconds.
`;

// The steps, in order. Each is a small file under src/cli/demo/.
const STEPS: DemoStep[] = [listStep, lintStep, pinStep, diffStep, testStep];

/** `toolscore demo`. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseCommand("demo", args, {}, 0);
  if (values.help) {
    ctx.stdout(HELP);
    return 0;
  }
  const style = useColor(ctx) ? COLOR : PLAIN;
  const dir = mkdtempSync(join(tmpdir(), "toolscore-demo-"));
  let n = 0;
  // Every step writes text for a person only: all of it fits the console.
  const fitted: CliContext = { ...ctx, stdout: (t) => ctx.stdout(fitConsole(ctx, t)) };
  const demo: DemoContext = {
    ctx: fitted,
    style,
    dir,
    sample: sampleServer,
    heading: (title, command) => {
      fitted.stdout(`${n ? "\n" : ""}${style.bold(`${++n}. ${title}`)}\n${style.dim(`$ ${command}`)}\n`);
    },
  };
  try {
    for (const step of STEPS) await step(demo);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return 0;
}
