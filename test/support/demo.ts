import { sampleServer, type DemoStep } from "../../src/cli/demo/context.js";
import { PLAIN } from "../../src/report/style.js";

/** Runs one demo step with a capturing context: what it printed, and its headings as `title | command`. */
export async function runDemoStep(step: DemoStep): Promise<{ out: string; headings: string[] }> {
  let out = "";
  const headings: string[] = [];
  await step({
    ctx: { stdout: (t) => void (out += t), stderr: () => {}, env: {}, cwd: process.cwd(), isTTY: false },
    style: PLAIN,
    dir: "/nonexistent",
    sample: sampleServer,
    heading: (title, command) => headings.push(`${title} | ${command}`),
  });
  return { out, headings };
}
