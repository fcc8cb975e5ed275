// mcp diff on published builds of official servers (devDependencies), and the example file that
// shows its real output, regenerated here with the built bin and compared byte for byte.
// TOOLSCORE_UPDATE_EXAMPLES=1 rewrites the example instead. The two server-memory builds are
// diffed once, in before(): the console report is the example, the JSON written beside it is read
// by the test of what changed.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ServerDiffJson } from "../../src/diff/index.js";
import { MEMORY_TOOLS, ROOT, runBin, runCli, tempDir, type CliRun } from "../support/cli.js";

const MEM_A = "node node_modules/mem2504/dist/index.js";
const MEM_B = "node node_modules/mem2608/dist/index.js";
const LABELS = ["--label-a", "server-memory 2025.4.25", "--label-b", "server-memory 2026.8.31"];
const EXAMPLE = join(ROOT, "examples", "pinning", "diff-output.txt");

const quote = (s: string) => (/[\s"]/.test(s) ? JSON.stringify(s) : s);
const HEADER = [
  "# mcp diff between two published builds of @modelcontextprotocol/server-memory: 2025.4.25 (A)",
  "# and 2026.8.31 (B), installed as the devDependencies mem2504 and mem2608. Exit code 1: they",
  "# differ (--fail-on any). Kept true by test/e2e/diff-real.test.ts.",
  `$ toolscore mcp diff ${[MEM_A, MEM_B, ...LABELS].map(quote).join(" ")}`,
].join("\n");

const tmp = tempDir("toolscore-diff-real-");
after(() => tmp.remove());
const MEM_JSON = join(tmp.dir, "mem.json");
let memDiff: CliRun;
before(async () => {
  memDiff = await runBin(["mcp", "diff", MEM_A, MEM_B, ...LABELS, "--json", MEM_JSON], {
    env: { NO_COLOR: "1" },
  });
});

test("examples/pinning/diff-output.txt is the real output of the built bin", () => {
  const r = memDiff;
  assert.equal(r.code, 1, r.stderr);
  assert.equal(r.stderr, "");
  const expected = `${HEADER}\n${r.stdout}`;
  if (process.env.TOOLSCORE_UPDATE_EXAMPLES === "1") writeFileSync(EXAMPLE, expected);
  assert.equal(readFileSync(EXAMPLE, "utf8"), expected);
});

test("server-memory 2025.4.25 -> 2026.8.31: titles, annotations, output schemas and a newer protocol", () => {
  assert.equal(memDiff.code, 1, memDiff.stderr);
  const d = JSON.parse(readFileSync(MEM_JSON, "utf8")) as ServerDiffJson;
  const tools = MEMORY_TOOLS;
  assert.deepEqual([d.added, d.removed], [[], []]);
  assert.deepEqual(
    d.changed.map((c) => c.name),
    tools,
  );
  // Every tool gained a title, annotations, an output schema and `execution`, and its input
  // schema gained a $schema keyword; no parameter moved.
  for (const c of d.changed) {
    assert.deepEqual(c.fields, ["title", "inputSchema", "outputSchema", "annotations", "execution"], c.name);
    assert.deepEqual(c.parameters, [], c.name);
    const input = c.diffs.find((x) => x.field === "inputSchema")!;
    assert.deepEqual(
      input.hunks.flatMap((h) => h.lines.filter((l) => l[0] !== " ")),
      ['+  "$schema": "http://json-schema.org/draft-07/schema#",'],
    );
  }
  const create = d.changed.find((c) => c.name === "create_entities")!;
  assert.ok(create.diffs.find((x) => x.field === "title")!.hunks[0]!.lines.includes("+Create Entities"));
  const caps = Object.fromEntries(
    d.changed.map((c) => [
      c.name,
      c.capabilities.map((x) => `${x.change === "added" ? "+" : "-"}${x.capability}`),
    ]),
  );
  assert.deepEqual(caps.delete_entities, ["+write"]);
  // open_nodes reads on both sides now: its leading verb is `open`.
  assert.deepEqual(caps.open_nodes, []);
  assert.deepEqual(d.server, [{ field: "protocol", from: "2024-11-05", to: "2025-11-25" }]);
  assert.equal(d.from.version, "0.6.3");
  assert.equal(d.to.version, "0.6.3");
  assert.deepEqual(d.breaking, []);
  assert.ok(d.lint_new.some((f) => f.rule === "definition-large" && f.tool === "create_entities"));
});

test("server-filesystem 2025.8.21 -> 2026.8.31: parameters appear, descriptions change, three tools can now delete", async () => {
  const dir = tempDir("toolscore-fs-root-");
  try {
    const cmd = (pkg: string) => `node node_modules/${pkg}/dist/index.js ${JSON.stringify(dir.dir)}`;
    const r = await runCli([
      "mcp",
      "diff",
      cmd("fs2025"),
      cmd("fs2026"),
      "--json",
      "-",
      "--fail-on",
      "breaking",
    ]);
    assert.equal(r.code, 1, r.stderr);
    const d = JSON.parse(r.stdout) as ServerDiffJson;
    assert.equal(d.from.name, "secure-filesystem-server");
    assert.deepEqual([d.added, d.removed, d.from.tools, d.to.tools], [[], [], 14, 14]);
    assert.equal(d.changed.length, 14);
    // Only these two descriptions were rewritten.
    assert.deepEqual(
      d.changed.filter((c) => c.fields.includes("description")).map((c) => c.name),
      ["read_media_file", "search_files"],
    );
    const media = d.changed
      .find((c) => c.name === "read_media_file")!
      .diffs.find((x) => x.field === "description")!;
    assert.match(
      media.hunks[0]!.lines.join("\n"),
      /^-Read an image or audio file\. .*\n\+Read a file and return it as a base64-encoded content block/,
    );
    // The 2025.8.21 build sends empty input schemas (only $schema), so its parameters all appear,
    // the required ones as breaking.
    const req = d.breaking.filter((b) => b.kind === "parameter-required").map((b) => `${b.tool}:${b.path}`);
    for (const p of [
      "write_file:path",
      "write_file:content",
      "move_file:source",
      "move_file:destination",
      "edit_file:edits",
      "search_files:pattern",
    ])
      assert.ok(req.includes(p), p);
    assert.ok(d.lint_resolved.some((f) => f.rule === "input-schema-missing" && f.tool === "write_file"));
    // Their new destructiveHint annotations give edit_file, move_file and write_file delete.
    assert.deepEqual(
      d.breaking.filter((b) => b.kind === "capability-added").map((b) => `${b.tool}: ${b.reason}`),
      [
        "edit_file: can now delete (annotation destructiveHint: true)",
        "move_file: can now delete (annotation destructiveHint: true)",
        "write_file: can now delete (annotation destructiveHint: true)",
      ],
    );
    assert.deepEqual(d.server, []);
  } finally {
    dir.remove();
  }
});

test("server-memory 2026.8.31 against its own lock, either way round and live: no differences, compared as pinned", async () => {
  const snap = join(tmp.dir, "mem2608.json");
  const lock = join(tmp.dir, "mem2608.lock.json");
  assert.equal((await runCli(["mcp", "list", MEM_B, "--json", snap])).code, 0);
  assert.equal((await runCli(["mcp", "pin", snap, "--lock", lock])).code, 0);
  for (const [a, b] of [
    [snap, lock],
    [lock, snap],
    [lock, MEM_B],
  ] as const) {
    const r = await runCli(["mcp", "diff", a, b]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(
      r.stdout,
      /^.*\n\(a lock on one side: compared only what a lock holds.*\)\nNo differences\.\n/,
    );
  }
});
