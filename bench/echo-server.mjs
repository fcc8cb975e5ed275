// The lightest MCP stdio server the guard's benchmark can put behind a proxy: one read-only tool,
// `echo`, answered at once, so that what is measured is the hop, not the server. With
// ECHO_LIST_CHANGED_EVERY=N it says notifications/tools/list_changed after every N-th call (its tools
// stay the same), so that a long session also makes the guard list and check the server again.
import { createInterface } from "node:readline";

const tools = [
  {
    name: "echo",
    description: "Echo the text back.",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    annotations: { readOnlyHint: true },
  },
];
const send = (m) => process.stdout.write(`${JSON.stringify(m)}\n`);
const changedEvery = Number(process.env.ECHO_LIST_CHANGED_EVERY ?? 0);
let calls = 0;
createInterface({ input: process.stdin }).on("line", (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  if (m.method === "initialize")
    send({
      jsonrpc: "2.0",
      id: m.id,
      result: {
        protocolVersion: m.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: "bench-echo", version: "1.0.0" },
      },
    });
  else if (m.method === "tools/list") send({ jsonrpc: "2.0", id: m.id, result: { tools } });
  else if (m.method === "tools/call") {
    if (changedEvery && ++calls % changedEvery === 0)
      send({ jsonrpc: "2.0", method: "notifications/tools/list_changed" });
    send({
      jsonrpc: "2.0",
      id: m.id,
      result: { content: [{ type: "text", text: m.params.arguments.text }] },
    });
  } else send({ jsonrpc: "2.0", id: m.id, error: { code: -32601, message: "Method not found" } });
});
process.stdin.on("end", () => process.exit(0));
