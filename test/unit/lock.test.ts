import { test } from "node:test";
import assert from "node:assert/strict";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import { canonicalJson, sha256Hex } from "../../src/pin/canonical.js";
import { buildLock, lockProblems, type Lock } from "../../src/pin/lock.js";
import { parseLock, snapshotFromLock } from "../../src/pin/lock-read.js";
import { serializeLock } from "../../src/pin/lock-serialize.js";
import { isToolscoreError } from "../../src/util/errors.js";

const snapshot = (tools: Array<Record<string, unknown>>, instructions: string | null = null) =>
  ServerSnapshot.of({
    server: { version: "1.0.0", name: "s" },
    protocol: "2025-11-25",
    capabilities: { tools: {} },
    client_capabilities: [],
    instructions,
    tools,
  });

const TOOLS = [
  {
    name: "search",
    description: "Search.",
    inputSchema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
    execution: { taskSupport: "forbidden" },
  },
  {
    name: "delete_it",
    title: "Delete",
    inputSchema: { type: "object" },
    annotations: { destructiveHint: true },
  },
];

test("the lock has the shape of SPEC 4: hashes per tool and field, definitions, capabilities", () => {
  const lock = buildLock(snapshot(TOOLS, "Be nice."));
  assert.deepEqual(Object.keys(lock), [
    "kind",
    "lock_version",
    "server",
    "protocol",
    "client_capabilities",
    "instructions_sha256",
    "capability_overrides",
    "tools",
    "lock_sha256",
  ]);
  assert.equal(lock.kind, "toolscore.mcp-lock");
  assert.equal(lock.lock_version, "1");
  assert.equal(lock.instructions_sha256, sha256Hex("Be nice."));
  assert.deepEqual(
    lock.tools.map((t) => t.name),
    ["delete_it", "search"],
  );
  const search = lock.tools[1]!;
  // Only the six pinned fields, and only those present; unknown fields such as `execution` are not pinned.
  assert.deepEqual(Object.keys(search.definition), ["name", "description", "inputSchema"]);
  assert.equal(search.sha256, sha256Hex(canonicalJson(search.definition)));
  assert.equal(search.fields.description, sha256Hex('"Search."'));
  assert.equal(search.fields.title, null);
  assert.equal(search.fields.outputSchema, null);
  assert.deepEqual(lock.tools[0]!.capabilities, [
    { capability: "write", sources: ["annotation destructiveHint: true"] },
    { capability: "delete", sources: ["annotation destructiveHint: true", "name verb 'delete'"] },
  ]);
  const { lock_sha256, ...rest } = lock;
  assert.equal(lock_sha256, sha256Hex(canonicalJson(rest)));
  assert.deepEqual(lockProblems(lock), []);
});

test("the lock is deterministic: key order and tool order do not change a byte", () => {
  const a = serializeLock(buildLock(snapshot(TOOLS)));
  const reordered = [...TOOLS].reverse().map((t) => Object.fromEntries(Object.entries(t).reverse()));
  const b = serializeLock(buildLock(snapshot(reordered)));
  assert.equal(a, b);
  assert.ok(a.endsWith("}\n"));
  assert.ok(a.includes('\n  "tools": [\n    {\n      "name": "delete_it",'));
});

test("overrides replace derived capabilities and are kept in the lock", () => {
  const lock = buildLock(snapshot(TOOLS), { overrides: { delete_it: ["read"] } });
  assert.deepEqual(lock.capability_overrides, { delete_it: ["read"] });
  assert.deepEqual(lock.tools[0]!.capabilities, [{ capability: "read", sources: ["override"] }]);
});

test("snapshotFromLock gives back the pinned definitions", () => {
  const lock = buildLock(snapshot(TOOLS));
  const back = snapshotFromLock(lock);
  assert.deepEqual(
    back.tools.map((t) => t.name),
    ["delete_it", "search"],
  );
  assert.equal(serializeLock(buildLock(back)).length > 0, true);
  assert.deepEqual(buildLock(back).tools, lock.tools);
});

test("parseLock accepts what buildLock writes", () => {
  const lock = buildLock(snapshot(TOOLS));
  assert.deepEqual(parseLock(JSON.parse(serializeLock(lock))), lock);
});

// Malformed locks: each must be a FILE_INVALID error with one clear line.
const good = () => JSON.parse(serializeLock(buildLock(snapshot(TOOLS)))) as Record<string, unknown>;
const BAD: Array<[string, (l: Record<string, unknown>) => unknown, RegExp]> = [
  ["not an object", () => [1, 2], /not a JSON object/],
  [
    "wrong kind",
    (l) => ({ ...l, kind: "toolscore.mcp-snapshot" }),
    /is not a lock \(kind "toolscore.mcp-snapshot"/,
  ],
  ["no kind", (l) => ({ ...l, kind: undefined }), /is not a lock \(kind null/],
  ["wrong version", (l) => ({ ...l, lock_version: "2" }), /lock_version "2" is not supported/],
  ["server missing", (l) => ({ ...l, server: undefined }), /"server" is not an object/],
  ["protocol a number", (l) => ({ ...l, protocol: 5 }), /"protocol" is not a string/],
  ["client_capabilities wrong", (l) => ({ ...l, client_capabilities: ["telepathy"] }), /client_capabilities/],
  ["instructions hash a number", (l) => ({ ...l, instructions_sha256: 1 }), /instructions_sha256/],
  ["overrides a list", (l) => ({ ...l, capability_overrides: [] }), /capability_overrides/],
  [
    "override not capabilities",
    (l) => ({ ...l, capability_overrides: { a: ["fly"] } }),
    /capability_overrides/,
  ],
  ["tools missing", (l) => ({ ...l, tools: undefined }), /"tools" is not a list/],
  ["a tool not an object", (l) => ({ ...l, tools: [1] }), /tools\[0\] is not an object/],
  [
    "a tool without a name",
    (l) => ({ ...l, tools: [{ ...(l.tools as object[])[0], name: 3 }] }),
    /tools\[0\].name/,
  ],
  [
    "a field hash wrong-typed",
    (l) => ({ ...l, tools: [{ ...(l.tools as object[])[0], fields: { name: 1 } }] }),
    /fields.name/,
  ],
  [
    "definition missing",
    (l) => ({ ...l, tools: [{ ...(l.tools as object[])[0], definition: undefined }] }),
    /definition/,
  ],
  [
    "capabilities wrong",
    (l) => ({ ...l, tools: [{ ...(l.tools as object[])[0], capabilities: [{ capability: "x" }] }] }),
    /capabilities\[0\]/,
  ],
  ["lock_sha256 missing", (l) => ({ ...l, lock_sha256: undefined }), /"lock_sha256" is not a string/],
];
for (const [name, mutate, message] of BAD) {
  test(`parseLock rejects a lock with ${name}`, () => {
    assert.throws(
      () => parseLock(JSON.parse(JSON.stringify(mutate(good()))), "x.lock.json"),
      (e) => isToolscoreError(e, "FILE_INVALID") && message.test(e.message) && !e.message.includes("\n"),
    );
  });
}

test("lockProblems names each hash that does not match", () => {
  const lock = JSON.parse(serializeLock(buildLock(snapshot(TOOLS)))) as Lock;
  lock.tools[1]!.definition.description = "Search everything.";
  assert.deepEqual(lockProblems(lock), [
    { tool: "search", what: "sha256" },
    { tool: "search", what: "fields.description" },
    { tool: null, what: "lock_sha256" },
  ]);
});
