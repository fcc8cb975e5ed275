import { stopAllProcesses } from "../mcp/process.js";
import { processContext } from "./context.js";
import { EXIT } from "./exit-codes.js";
import { main } from "./main.js";

// Ctrl-C or a termination signal: stop every server this run started (whole process groups), then
// leave with the conventional code.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, () => {
    process.stderr.write(`\ntoolscore: interrupted, stopping servers\n`);
    void stopAllProcesses(1000).finally(() => process.exit(signal === "SIGINT" ? EXIT.INTERRUPTED : 143));
  });
}

const code = await main(process.argv.slice(2), processContext());
process.exitCode = code;
// Stdio servers are stopped by each command; whatever kept the loop alive (an HTTP keep-alive
// socket) must not keep the process waiting.
setTimeout(() => process.exit(code), 50).unref();
