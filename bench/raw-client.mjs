// A raw newline-JSON client for the benchmarks: no SDK on the measuring side, so that what differs
// between two routes is the route.
import { spawn } from "node:child_process";

/** Spawns `argv` and speaks newline JSON to it: `request`, `init` (the handshake, then the first
 * page of tools), `close` (ends stdin and waits for the exit). */
export function openRaw(argv, env = process.env) {
  const child = spawn(argv[0], argv.slice(1), { stdio: ["pipe", "pipe", "ignore"], env });
  const waiting = new Map();
  let rest = "";
  let nextId = 1;
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    const parts = (rest + chunk).split("\n");
    rest = parts.pop();
    for (const line of parts) {
      if (!line) continue;
      const m = JSON.parse(line);
      const w = waiting.get(m.id);
      if (w) {
        waiting.delete(m.id);
        w(m);
      }
    }
  });
  const request = (method, params) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  const init = async () => {
    await request("initialize", {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "bench", version: "0" },
    });
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
    return request("tools/list", {});
  };
  const close = () =>
    new Promise((resolve) => {
      child.once("exit", resolve);
      child.stdin.end();
    });
  return { child, request, init, close };
}
