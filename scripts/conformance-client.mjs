// The client of one conformance scenario: runs toolscore commands, one after the other, against
// the scenario's server, as a user would type them. The conformance suite starts this with the
// server's URL as the last argument:
//
//   node scripts/conformance-client.mjs "mcp login" "mcp list" http://localhost:PORT/mcp
//
// Each command gets the URL as its SERVER. `{client_id}` in a command is replaced by that field
// of the scenario's context (MCP_CONFORMANCE_CONTEXT); the context's client secret is handed over
// in the environment variable CONFORMANCE_CLIENT_SECRET, for --client-secret-env. A command that
// fails stops the run, as `&&` would, except where it names the sign-in to do first, as toolscore
// does when a server refuses a token's scope (`sign in for it with toolscore mcp login URL
// --scope "..."`) or a sign-in has expired (`sign in again with toolscore mcp login URL`): that
// sign-in is done, and the command run once more, as a user would. What each command did (exit code, signal, whether it
// crashed) is written as JSON to the file named by TOOLSCORE_CONFORMANCE_RECORD.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const bin = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "toolscore.cjs");
const args = process.argv.slice(2);
const url = args.pop();
const context = process.env.MCP_CONFORMANCE_CONTEXT ? JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) : {};
const env = { ...process.env };
if (typeof context.client_secret === "string") env.CONFORMANCE_CLIENT_SECRET = context.client_secret;

// A crash is what a user should never see: a signal, an exit code outside the contract
// (0 nothing fails, 1 something fails, 2 usage or connection error), an internal error, or a stack.
const crashed = (code, signal, stderr) =>
  signal !== null ||
  ![0, 1, 2].includes(code) ||
  stderr.includes("toolscore: internal error") ||
  /^\s+at .+:\d+:\d+\)?$/m.test(stderr);

function run(words) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...words, url], {
      env,
      stdio: ["ignore", "inherit", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      process.stderr.write(chunk);
    });
    child.on("close", (code, signal) =>
      resolve({ code, signal, crashed: crashed(code, signal, stderr), stderr }),
    );
  });
}

const record = (command, { code, signal, crashed }) => ({ command, code, signal, crashed });
const steps = [];
let status = 0;
for (const command of args) {
  const words = command
    .split(" ")
    .filter(Boolean)
    .map((w) => w.replace(/\{(\w+)\}/g, (_, k) => String(context[k] ?? "")));
  process.stderr.write(`$ toolscore ${words.join(" ")} ${url}\n`);
  let result = await run(words);
  // Where a command (not a sign-in itself) says to sign in first, a user signs in and runs it again.
  const advised = /(?:sign in for it|sign in again) with toolscore mcp login \S+(?: --scope ("[^"]*"))?/.exec(
    result.stderr,
  );
  if (result.code === 2 && advised && words[1] !== "login") {
    steps.push(record(command, result));
    const login = ["mcp", "login", ...(advised[1] ? ["--scope", JSON.parse(advised[1])] : [])];
    process.stderr.write(`$ toolscore ${login.join(" ")} ${url}\n`);
    result = await run(login);
    steps.push(record(login.join(" "), result));
    if (result.code === 0 && !result.crashed) {
      process.stderr.write(`$ toolscore ${words.join(" ")} ${url}\n`);
      result = await run(words);
      steps.push(record(command, result));
    }
  } else steps.push(record(command, result));
  status = result.code ?? 1;
  if (status !== 0 || result.crashed) break;
}
if (process.env.TOOLSCORE_CONFORMANCE_RECORD)
  writeFileSync(process.env.TOOLSCORE_CONFORMANCE_RECORD, JSON.stringify({ url, steps }) + "\n");
process.exit(status);
