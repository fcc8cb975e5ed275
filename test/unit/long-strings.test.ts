// Strings of megabytes from a server are hashed and written without being copied whole: the
// pieces must give exactly the bytes and hashes of the plain, copying forms.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { canonicalJson, canonicalPieces, sha256Hex, sha256OfCanon } from "../../src/pin/canonical.js";
import { fileHolds, writePiecesAtomic } from "../../src/util/fs.js";
import { prettyJsonPieces } from "../../src/util/json-out.js";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import { buildLock, lockProblems } from "../../src/pin/lock.js";
import { parseLock } from "../../src/pin/lock-read.js";
import { serializeLock } from "../../src/pin/lock-serialize.js";

const dir = mkdtempSync(join(tmpdir(), "toolscore-long-"));
after(() => rmSync(dir, { recursive: true, force: true }));

// 3 MB with a surrogate pair across every 1 MB boundary, and one string that needs escapes.
const long = ("é😀x".repeat(700_000) + "y").slice(0, 3 * 1024 * 1024);
const value = {
  name: "read",
  description: long,
  escaped: `${"a".repeat(100_000)}"\n\u0001\ud800`,
  // Escapes at both ends of each 1 MB slice, a surrogate pair across the first end, a lone
  // surrogate right after the second.
  escapedLong: `${"a".repeat(1_048_569)}"\\\n"\\\n😀${"\u0001".repeat(8)}${"c".repeat(1_048_565)}\u0001\udc00"${"b".repeat(70_000)}\ud800`,
  nested: [{ __proto__: null, text: long.slice(1) }, 1, null, true, -0, "short"],
  marker: "\u0001abc#0",
};
Object.defineProperty(value, "__proto__", { value: "own", enumerable: true });

describe("long strings in pieces", () => {
  test("pretty JSON pieces are the bytes of JSON.stringify(value, null, 2)", () => {
    const pieces = prettyJsonPieces(value);
    assert.ok(pieces.length > 5, "long strings were not kept apart");
    assert.ok(pieces.every((p) => p.length <= 1024 * 1024 + 200));
    // escapedLong is escaped a slice at a time: a piece ends where its first slice does.
    assert.ok(pieces.some((p) => p.endsWith('\\"\\\\\\n')));
    assert.equal(pieces.join(""), JSON.stringify(value, null, 2) + "\n");
  });

  test("canonical pieces hash as the canonical JSON does", () => {
    const pieces = canonicalPieces(value);
    assert.ok(Array.isArray(pieces));
    assert.equal(pieces.join(""), canonicalJson(value));
    assert.equal(sha256OfCanon(pieces), sha256Hex(canonicalJson(value)));
    assert.equal(canonicalPieces({ a: "b" }), '{"a":"b"}');
    // Canonical JSON escapes a string as JSON.stringify does: a long one a slice at a time.
    const escaped = canonicalPieces({ s: value.escapedLong });
    assert.ok(Array.isArray(escaped) && escaped.some((p) => p.endsWith('\\"\\\\\\n')));
    assert.equal(escaped.join(""), `{"s":${JSON.stringify(value.escapedLong)}}`);
  });

  test("written atomically and compared with the file byte for byte", () => {
    const path = join(dir, "out.json");
    const pieces = prettyJsonPieces(value);
    writePiecesAtomic(path, pieces);
    assert.equal(readFileSync(path, "utf8"), JSON.stringify(value, null, 2) + "\n");
    assert.equal(fileHolds(path, pieces), true);
    writeFileSync(path, JSON.stringify(value, null, 2));
    assert.equal(fileHolds(path, pieces), false);
    assert.equal(fileHolds(join(dir, "missing.json"), pieces), false);
  });
});

describe("a lock of long texts in prompts and tools", () => {
  test("hashed in pieces, its hashes are those of its canonical JSON made whole", () => {
    // Past one slice (1 MB), across its boundary: enough to be hashed in pieces.
    const text = long.slice(0, 1024 * 1024 + 4096);
    const snapshot = ServerSnapshot.of({
      server: { name: "s", version: "1" },
      protocol: "2025-06-18",
      capabilities: {},
      client_capabilities: [],
      instructions: null,
      tools: [{ name: "read", description: text, inputSchema: { type: "object" } }],
      prompts: [
        { name: "greet", description: text, arguments: [{ name: "who", description: text.slice(1) }] },
      ],
    });
    const lock = buildLock(snapshot);
    const { lock_sha256, ...body } = lock;
    assert.equal(lock_sha256, sha256Hex(canonicalJson(body)));
    const prompt = lock.prompts![0]!;
    assert.equal(prompt.sha256, sha256Hex(canonicalJson(prompt.definition)));
    assert.equal(prompt.fields.description, sha256Hex(canonicalJson(text)));
    assert.deepEqual(lockProblems(parseLock(JSON.parse(serializeLock(lock)))), []);
  });
});
