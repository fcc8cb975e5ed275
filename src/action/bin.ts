import { stopAllProcesses } from "../mcp/process.js";
import { runAction } from "./main.js";

// Cancelling a workflow sends SIGINT, then SIGTERM: stop every server this run started first.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void stopAllProcesses(1000).finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}

const code = await runAction(process.env, process.cwd(), {
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
});
process.exitCode = code;
setTimeout(() => process.exit(code), 50).unref();
