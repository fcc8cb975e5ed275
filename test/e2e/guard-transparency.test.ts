// What the guard lets through arrives whole: sampling requests from the server and the client's
// answers, progress in order, concurrent calls with their ids, messages however the stream cuts
// them, each written anew from the value the guard read. Two guarded sessions serve every test: one
// for the SDK client, one for a raw line client (whose handshake the chunk test sends, first).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { CreateMessageRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { tempDir } from "../support/cli.js";
import {
  connectThroughGuard,
  guardArgs,
  handshakeLines,
  pinFixture,
  spawnGuard,
  type GuardedClient,
  type RawGuard,
} from "../support/guard.js";

const tmp = tempDir("toolscore-guard-");
const LOCK = join(tmp.dir, "client-features.lock.json");
const asked: string[] = [];
let sdk: GuardedClient;
let raw: RawGuard;
before(async () => {
  await pinFixture("client-features.mjs", LOCK);
  raw = spawnGuard(guardArgs(LOCK, "client-features.mjs"), { COUNT: "20" });
  sdk = await connectThroughGuard(guardArgs(LOCK, "client-features.mjs"), {
    capabilities: { sampling: {} },
    setup: (c) =>
      c.setRequestHandler(CreateMessageRequestSchema, (req) => {
        const content = req.params.messages[0]?.content;
        asked.push(content && "text" in content ? String(content.text) : "");
        return { role: "assistant", model: "test-model", content: { type: "text", text: "forty-two" } };
      }),
  });
});
after(async () => {
  raw.child.stdin.end();
  await Promise.all([sdk.close(), raw.exit]);
  tmp.remove();
});

test("a sampling request from the server reaches the client, and its answer the server", async () => {
  const r = await sdk.client.callTool({ name: "ask", arguments: { q: "the answer?" } });
  assert.deepEqual(r.content, [{ type: "text", text: "the model said: forty-two" }]);
  assert.deepEqual(asked, ["the answer?"]);
});

test("50 concurrent calls, answered out of order, each get their own answer", async () => {
  const texts = Array.from({ length: 50 }, (_, i) => `call ${i}`);
  const results = await Promise.all(
    texts.map((text, i) =>
      sdk.client.callTool({ name: "echo_later", arguments: { text, delayMs: (i * 7) % 40 } }),
    ),
  );
  assert.deepEqual(
    results.map((r) => (r.content as Array<{ text: string }>)[0]!.text),
    texts,
  );
});

// The raw session's tests, in this order: the first sends the handshake.
test("messages split across chunks (inside a UTF-8 character) and several in one chunk", async () => {
  const init = Buffer.from(handshakeLines());
  // Byte by byte in three cuts, one of them inside no character in particular.
  raw.write(init.subarray(0, 7));
  raw.write(init.subarray(7, 60));
  raw.write(init.subarray(60));
  assert.equal(
    ((await raw.answer(1)).result as { serverInfo: { name: string } }).serverInfo.name,
    "client-features",
  );
  const call = (id: number, text: string) =>
    JSON.stringify({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "echo_later", arguments: { text } },
    });
  const bytes = Buffer.from(`${call(2, "naïve ☕ 𝄞")}\n`);
  const cut = bytes.indexOf(Buffer.from("☕")) + 1; // inside the three bytes of ☕
  raw.write(bytes.subarray(0, cut));
  raw.write(bytes.subarray(cut));
  // Several messages in one chunk.
  raw.write(
    `${call(3, "three")}\n${call(4, "four")}\n${JSON.stringify({ jsonrpc: "2.0", id: 5, method: "ping" })}\n`,
  );
  const texts = await Promise.all(
    [2, 3, 4].map(
      async (id) => ((await raw.answer(id)).result as { content: Array<{ text: string }> }).content[0]!.text,
    ),
  );
  assert.deepEqual(texts, ["naïve ☕ 𝄞", "three", "four"]);
  // The fixture knows no ping: its own answer comes back, with the client's id.
  assert.equal(((await raw.answer(5)).error as { code: number }).code, -32601);
});

test("progress notifications pass in order, with the client's token, before the answer", async () => {
  // A raw client reads every line as the guard wrote it (the SDK's client may handle a
  // notification after an answer that came in the same chunk, which is not what is tested here).
  const call = { name: "count", arguments: {}, _meta: { progressToken: "tok-7" } };
  raw.write(`${JSON.stringify({ jsonrpc: "2.0", id: 6, method: "tools/call", params: call })}\n`);
  await raw.answer(6);
  const after = raw.lines.map(
    (l) => JSON.parse(l) as { id?: unknown; method?: string; params?: Record<string, unknown> },
  );
  const progress = after.filter((m) => m.method === "notifications/progress");
  assert.deepEqual(
    progress.map((m) => [m.params!.progressToken, m.params!.progress]),
    Array.from({ length: 20 }, (_, i) => ["tok-7", i + 1]),
  );
  assert.ok(after.findIndex((m) => m.id === 6) > after.lastIndexOf(progress.at(-1)!));
});

test("what the client receives is written from the value the guard read, not the server's bytes", async () => {
  raw.write(
    `${JSON.stringify({ jsonrpc: "2.0", id: "raw-1", method: "tools/call", params: { name: "raw_bytes", arguments: {} } })}\n`,
  );
  await raw.answer("raw-1");
  // The server wrote '{"result":{"content":[{"type":"text","text":"caf\u00e9"}],"n":1.0},"id":"raw-1",...}'.
  assert.ok(
    raw.lines.includes(
      '{"jsonrpc":"2.0","id":"raw-1","result":{"content":[{"type":"text","text":"café"}],"n":1}}',
    ),
    raw.lines.join("\n"),
  );
});
