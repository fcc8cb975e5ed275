// Listing prompts, resource templates and resources through a "request this method" function.
import { test } from "node:test";
import assert from "node:assert/strict";
import { listSurface, type RequestMethod, type SurfaceOutcome } from "../../src/mcp/surface.js";
import { isToolscoreError } from "../../src/util/errors.js";

/** A request function answering from a table of method -> cursor -> outcome, recording the calls. */
function server(table: Record<string, Record<string, SurfaceOutcome>>) {
  const calls: string[] = [];
  const request: RequestMethod = (method, params) => {
    const cursor = typeof params?.cursor === "string" ? params.cursor : "";
    calls.push(`${method} ${cursor}`.trim());
    const answer = table[method]?.[cursor] ?? { error: { code: -32601, message: "Method not found" } };
    return Promise.resolve(answer);
  };
  return { request, calls };
}

test("a kind whose capability the server did not declare is not asked for, and stays absent", async () => {
  const s = server({ "prompts/list": { "": { result: { prompts: [{ name: "a" }] } } } });
  assert.deepEqual(await listSurface(s.request, { tools: {} }), {});
  assert.deepEqual(s.calls, []);
});

test("every page is followed, and each kind is sorted by its key and otherwise kept as sent", async () => {
  const s = server({
    "prompts/list": {
      "": { result: { prompts: [{ name: "b", x: 1 }], nextCursor: "p2" } },
      p2: { result: { prompts: [{ name: "a", arguments: [{ name: "q", required: true }] }] } },
    },
    "resources/templates/list": {
      "": {
        result: { resourceTemplates: [{ uriTemplate: "z://{x}" }, { uriTemplate: "a://{x}", extra: null }] },
      },
    },
    "resources/list": {
      "": { result: { resources: [{ uri: "b:" }], nextCursor: "2" } },
      "2": { result: { resources: [{ uri: "a:", size: 3 }], nextCursor: "" } },
    },
  });
  const lists = await listSurface(s.request, { prompts: {}, resources: { subscribe: true } });
  assert.deepEqual(lists, {
    prompts: [
      { name: "a", arguments: [{ name: "q", required: true }] },
      { name: "b", x: 1 },
    ],
    resource_templates: [{ uriTemplate: "a://{x}", extra: null }, { uriTemplate: "z://{x}" }],
    resources: [{ uri: "a:", size: 3 }, { uri: "b:" }],
  });
  // The kinds are listed at once: every first page is asked for before any second one, and each
  // kind's pages in order.
  assert.deepEqual(s.calls.slice(0, 3), ["prompts/list", "resources/templates/list", "resources/list"]);
  assert.deepEqual([...s.calls].sort(), [
    "prompts/list",
    "prompts/list p2",
    "resources/list",
    "resources/list 2",
    "resources/templates/list",
  ]);
});

test("method not found from a server that declared the kind is an empty list and a note", async () => {
  const s = server({ "resources/list": { "": { result: { resources: [{ uri: "a:" }] } } } });
  const notes: string[] = [];
  const lists = await listSurface(s.request, { prompts: {}, resources: {} }, (m) => notes.push(m));
  assert.deepEqual(lists, { prompts: [], resource_templates: [], resources: [{ uri: "a:" }] });
  assert.deepEqual(notes, [
    "the server declares the prompts capability but does not know prompts/list; recorded as no prompts",
    "the server declares the resources capability but does not know resources/templates/list; recorded as no resource templates",
  ]);
});

const failing: Array<[string, Record<string, Record<string, SurfaceOutcome>>, RegExp]> = [
  [
    "a repeated cursor",
    {
      "prompts/list": {
        "": { result: { prompts: [], nextCursor: "a" } },
        a: { result: { prompts: [], nextCursor: "a" } },
      },
    },
    /repeated the prompts\/list cursor "a": its pagination loops/,
  ],
  [
    "no array",
    { "prompts/list": { "": { result: { items: [] } } } },
    /prompts\/list answer has no prompts array/,
  ],
  [
    "an entry that is not an object",
    { "prompts/list": { "": { result: { prompts: ["x"] } } } },
    /prompts\/list answer holds an entry that is not an object/,
  ],
  [
    "a cursor that is not a string",
    { "prompts/list": { "": { result: { prompts: [], nextCursor: 2 } } } },
    /prompts\/list nextCursor that is not a string/,
  ],
];

for (const [name, table, message] of failing) {
  test(`listing fails with a protocol error on ${name}`, async () => {
    await assert.rejects(listSurface(server(table).request, { prompts: {} }), (e: unknown) => {
      assert.ok(isToolscoreError(e, "PROTOCOL_ERROR"));
      assert.match(e.message, message);
      return true;
    });
  });
}

const unlisted: Array<[string, Record<string, Record<string, SurfaceOutcome>>, number, RegExp]> = [
  [
    "another error",
    { "prompts/list": { "": { error: { code: -32603, message: "boom\u001b[2J" } } } },
    -32603,
    /^the server answered prompts\/list with an error: boom\\u001b\[2J \(JSON-RPC error -32603\); its prompts are not listed$/,
  ],
  [
    "method not found on a later page",
    {
      "prompts/list": {
        "": { result: { prompts: [], nextCursor: "x" } },
        x: { error: { code: -32601, message: "gone" } },
      },
    },
    -32601,
    /answered prompts\/list with an error: gone \(JSON-RPC error -32601\); its prompts are not listed/,
  ],
];

for (const [name, table, code, note] of unlisted) {
  test(`an error answer leaves the kind not listed, never empty: ${name}`, async () => {
    const notes: string[] = [];
    const lists = await listSurface(server(table).request, { prompts: {} }, (m) => notes.push(m));
    assert.equal(lists.prompts, undefined);
    assert.deepEqual(lists.unlisted, { prompts: { code } });
    assert.equal(notes.length, 1);
    assert.match(notes[0]!, note);
  });
}
