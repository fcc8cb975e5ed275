// Long texts from a server (one description of megabytes), run through the built bin under a
// capped heap: a regression that copies such a text whole fails instead of swapping. Each heap is
// a few megabytes above what its command needs with the 8 MB text (measured), less than one more
// copy of the text. (Large listings are in hostile-large.test.ts: each file has its own time limit.)
// time limit: 300 s
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import { cappedBin } from "../support/capped-bin.js";
import { fixtureCommand, runCli } from "../support/cli.js";

const { dir, bin } = cappedBin();
// One lock of the 8 MB description, pinned in a 36 MB heap (31 MB needed), for the tests that read
// it back.
const lock = join(dir, "big.lock.json");
before(async () => {
  const pin = await bin(["mcp", "pin", fixtureCommand("long-description.mjs"), "--lock", lock], 36, {
    FIXTURE_MB: "8",
  });
  assert.equal(pin.code, 0, pin.stderr);
});

describe("long texts under a capped heap", () => {
  test("one 8 MB description: pinned again in a 36 MB heap, verify-pin in 20 and lint in 24 (no whole copies)", async () => {
    const env = { FIXTURE_MB: "8" };
    const server = fixtureCommand("long-description.mjs");
    const again = await bin(["mcp", "pin", server, "--lock", lock], 36, env);
    assert.match(again.stdout, /\(unchanged\)/, again.stderr);
    // 14 and 18 MB needed.
    const verify = await bin(["mcp", "verify-pin", server, "--lock", lock], 20, env);
    assert.equal(verify.code, 0, verify.stderr);
    const lint = await bin(["mcp", "lint", server], 24, env);
    assert.equal(lint.code, 1, lint.stderr);
    assert.match(
      lint.stdout,
      /description \(8192 KB\) was scanned for hidden characters only up to the scan-kb limit/,
    );
  });

  test("one 8 MB prompt description, or one inside a tool's schema: list and lint in a 21 MB heap", async () => {
    const server = fixtureCommand("long-description.mjs");
    // 14 and 17 MB needed.
    const prompt = await bin(["mcp", "list", server], 21, { FIXTURE_MB: "8", FIXTURE_WHERE: "prompt" });
    assert.equal(prompt.code, 0, prompt.stderr);
    assert.match(prompt.stdout, /\nPrompts \(1\)\n {2}summarize {2}Reads a{10}/);
    // The schema's compile-cache key and dialect are found without making the schema's text.
    const schema = await bin(["mcp", "lint", server], 21, { FIXTURE_MB: "8", FIXTURE_WHERE: "schema" });
    assert.equal(schema.code, 1, schema.stderr);
    assert.match(schema.stdout, /inputSchema\.properties\.path\.description \(8192 KB\) was scanned/);
  });

  test("one 8 MB description with escapes: list --json - streams the snapshot in a 20 MB heap, the bytes serialize makes", async () => {
    const server = fixtureCommand("long-description.mjs");
    // 14 MB needed: the text is escaped a slice at a time (made whole, it needs 24).
    const r = await bin(["mcp", "list", server, "--json", "-"], 20, {
      FIXTURE_MB: "8",
      FIXTURE_VARIANT: 'a "quoted" \\ variant',
    });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.stdout.includes('"description": "Reads a \\"quoted\\" \\\\ variantaaaa'));
    assert.ok(r.stdout.length > 8 * 1024 * 1024);
    // The whole-string serializer (the file format) gives the same bytes.
    assert.equal(r.stdout, ServerSnapshot.serialize(ServerSnapshot.parse(JSON.parse(r.stdout))));
    // A long description with escapes (new lines, quotes), to stdout and to a file alike: a text
    // of 20,000 lines is nothing to the heap, so the CLI runs in-process.
    const file = join(dir, "lines.json");
    const env = { FIXTURE_LINES: "20000", FIXTURE_VARIANT: 'a "quoted" \\ variant' };
    const lines = await runCli(["mcp", "list", server, "--json", "-"], { env, cwd: dir });
    assert.equal(lines.code, 0, lines.stderr);
    assert.equal(lines.stdout, ServerSnapshot.serialize(ServerSnapshot.parse(JSON.parse(lines.stdout))));
    assert.equal((await runCli(["mcp", "list", server, "--json", file], { env, cwd: dir })).code, 0);
    assert.equal(readFileSync(file, "utf8"), lines.stdout);
  });

  test("one 8 MB description changed throughout: verify-pin and diff against its lock in a 21 and a 24 MB heap", async () => {
    // The lock's text is kept as its digest once the lock is read, so only the server's answer is
    // held whole (15 and 19 MB needed): with the lock's text held too, neither fits.
    const server = fixtureCommand("long-description.mjs");
    const env = { FIXTURE_MB: "8", FIXTURE_VARIANT: "b" };
    const verify = await bin(["mcp", "verify-pin", server, "--lock", lock, "--json", "-"], 21, env);
    assert.equal(verify.code, 1, verify.stderr);
    const report = JSON.parse(verify.stdout) as {
      findings: Array<{ rule: string; diffs: Array<{ tooLarge?: { from: { lines: number } } }> }>;
    };
    assert.deepEqual(
      report.findings.map((f) => [f.rule, f.diffs[0]?.tooLarge?.from.lines]),
      [["pin-tool-changed", 1]],
    );
    const diff = await bin(["mcp", "diff", lock, server], 24, env);
    assert.equal(diff.code, 1, diff.stderr);
    assert.match(diff.stdout, /diff too large to show: 1 line, sha256 [0-9a-f]{12} -> 1 line/);
  });
});
