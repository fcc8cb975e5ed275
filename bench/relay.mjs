// A bare stdio relay for the guard's benchmark: it launches the command after it, parses each
// JSON line from either side (as any proxy that looks at messages must) and passes the line on.
// Nothing is judged. Usage: node bench/relay.mjs CMD ARG...
import { spawn } from "node:child_process";

const [cmd, ...args] = process.argv.slice(2);
const child = spawn(cmd, args, { stdio: ["pipe", "pipe", "inherit"] });

function lines(stream, onLine) {
  let rest = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const parts = (rest + chunk).split("\n");
    rest = parts.pop();
    for (const line of parts) if (line) onLine(line);
  });
}

lines(process.stdin, (line) => {
  JSON.parse(line);
  child.stdin.write(`${line}\n`);
});
lines(child.stdout, (line) => {
  JSON.parse(line);
  process.stdout.write(`${line}\n`);
});
process.stdin.on("end", () => child.stdin.end());
child.on("exit", (code) => process.exit(code ?? 1));
