// Renames found on real servers (the tools after the rename are the captured ones, under
// test/fixtures/real/ or from the server-everything devDependency; the tools before are their
// published earlier definitions, abridged).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { diffSnapshots } from "../../src/diff/index.js";
import { nameSimilarity } from "../../src/diff/name-similarity.js";
import { findRenames } from "../../src/diff/renames.js";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import type { RawTool } from "../../src/mcp/types.js";
import { renderDiff } from "../../src/report/diff.js";
import { renderDiffMarkdown } from "../../src/report/diff-markdown.js";
import { setLimits } from "../../src/util/limits.js";
import { snapshotOf } from "../support/snapshot.js";
import { diffJson } from "../../src/report/diff-json.js";
import { formatBreaking } from "../../src/report/breaking.js";
import { renameReason } from "../../src/report/rename-words.js";

const REAL = join(import.meta.dirname, "..", "fixtures", "real");
const real = (server: string, name: string): RawTool =>
  ServerSnapshot.read(join(REAL, `${server}.json`)).tools.find((t) => t.name === name)!;
const EMPTY = { type: "object", properties: {} };
const NUMBERS = {
  type: "object",
  properties: {
    a: { type: "number", description: "First number" },
    b: { type: "number", description: "Second number" },
  },
  required: ["a", "b"],
};

// One line per real rename: the tool before, the tool after.
const RENAMES: Array<[RawTool, RawTool]> = [
  [{ ...real("tavily", "tavily_search"), name: "tavily-search" }, real("tavily", "tavily_search")],
  [
    { name: "getTinyImage", description: "Returns the MCP_TINY_IMAGE", inputSchema: EMPTY },
    { name: "get-tiny-image", description: "Returns a tiny MCP logo image.", inputSchema: EMPTY },
  ],
  [
    {
      name: "printEnv",
      description: "Prints all environment variables, helpful for debugging MCP server configuration",
      inputSchema: EMPTY,
    },
    {
      name: "get-env",
      description: "Returns all environment variables, helpful for debugging MCP server configuration",
      inputSchema: EMPTY,
    },
  ],
  [
    { name: "add", description: "Adds two numbers", inputSchema: NUMBERS },
    { name: "get-sum", description: "Returns the sum of two numbers", inputSchema: NUMBERS },
  ],
  [
    {
      name: "read_output",
      description: "Read new output from a running terminal session.",
      inputSchema: {
        type: "object",
        properties: { pid: { type: "number" }, timeout_ms: { type: "number" } },
      },
    },
    real("desktop", "read_process_output"),
  ],
  [
    {
      name: "browser_run_code",
      description: "Run Playwright code snippet",
      annotations: real("playwright", "browser_run_code_unsafe").annotations,
      inputSchema: { type: "object", properties: { code: { type: "string" } }, required: ["code"] },
    },
    real("playwright", "browser_run_code_unsafe"),
  ],
  [
    {
      name: "get-library-docs",
      description:
        "Fetches up-to-date documentation for a library. You must call 'resolve-library-id' first to obtain the exact Context7-compatible library ID required to use this tool.",
      inputSchema: {
        type: "object",
        properties: {
          context7CompatibleLibraryID: { type: "string" },
          topic: { type: "string" },
          tokens: { type: "number" },
        },
      },
    },
    real("context7", "query-docs"),
  ],
];

test("every real rename is paired, one to one, when all of them happen at once", () => {
  const unrelated: RawTool[] = [
    {
      name: "delete_note",
      description: "Deletes a note for good.",
      inputSchema: { type: "object", properties: { id: { type: "string" } } },
    },
  ];
  const added: RawTool[] = [
    {
      name: "toggle-simulated-logging",
      description: "Toggles simulated, random-leveled logging on or off.",
      inputSchema: EMPTY,
    },
    { name: "list_users", description: "Lists the users of the workspace.", inputSchema: EMPTY },
  ];
  const pairs = findRenames(
    [...RENAMES.map(([a]) => a), ...unrelated],
    [...RENAMES.map(([, b]) => b), ...added].reverse(),
  );
  // get-library-docs -> query-docs shares one parameter and half its words: it pairs only when it
  // is the one tool removed and the one added (below), not among seven others.
  assert.deepEqual(
    pairs.map((p) => `${p.from} -> ${p.to}`),
    RENAMES.filter(([a]) => a.name !== "get-library-docs")
      .map(([a, b]) => `${a.name} -> ${b.name}`)
      .sort(),
  );
  for (const p of pairs)
    assert.ok(p.reasons.length > 0 && p.score >= 0.45 && p.score <= 1, JSON.stringify(p));
  const byFrom = new Map(pairs.map((p) => [p.from, p]));
  // The reasons are facts; the reports put them into words.
  assert.deepEqual(byFrom.get("tavily-search")!.reasons.slice(0, 1), [{ kind: "same-words" }]);
  const words = (from: string) => byFrom.get(from)!.reasons.map(renameReason);
  assert.deepEqual(words("tavily-search").slice(0, 1), ["same words in another case style"]);
  assert.ok(words("add").includes("same inputSchema"));
  assert.ok(words("printEnv").some((r) => /^descriptions \d+% alike$/.test(r)));
});

test("each real rename is paired on its own too", () => {
  for (const [a, b] of RENAMES) {
    assert.deepEqual(
      findRenames([a], [b]).map((p) => p.to),
      [b.name],
      String(a.name),
    );
  }
});

test("unrelated tools are not paired", () => {
  const pairs = findRenames(
    [
      {
        name: "delete_note",
        description: "Deletes a note.",
        inputSchema: { type: "object", properties: { id: {} } },
      },
    ],
    [{ name: "list_users", description: "Lists the users of the workspace.", inputSchema: EMPTY }],
  );
  assert.deepEqual(pairs, []);
});

test("name similarity leaves the case style out", () => {
  assert.equal(nameSimilarity("tavily-search", "tavily_search"), 1);
  assert.equal(nameSimilarity("getTinyImage", "get-tiny-image"), 1);
  assert.ok(nameSimilarity("read_output", "read_process_output") >= 0.75);
  assert.ok(nameSimilarity("delete_note", "list_users") < 0.5);
});

const snap = (tools: RawTool[]) => snapshotOf({ tools });

test("a rename is diffed field by field, and its capabilities are compared with the old tool's", () => {
  const [before, after] = RENAMES.find(([a]) => a.name === "browser_run_code")!;
  const d = diffSnapshots(snap([before]), snap([after]));
  const r = d.renames[0]!;
  assert.deepEqual([r.from, r.to], ["browser_run_code", "browser_run_code_unsafe"]);
  assert.ok(r.change.fields.includes("description"));
  assert.ok(r.change.diffs.some((x) => x.field === "description"));
  // The old tool could exec already: no "new tool can exec".
  assert.deepEqual(
    d.breaking.map((b) => b.kind),
    ["tool-removed"],
  );
  assert.match(formatBreaking(d.breaking[0]!), /likely renamed to 'browser_run_code_unsafe'/);
  const text = renderDiff(d);
  assert.match(
    text,
    /\n~ browser_run_code -> browser_run_code_unsafe {2}description, inputSchema {2}\(likely renamed, \d+%: .*\)\n/,
  );
  assert.match(text, /\n {4}--- description \(A\)\n/);
  // A renamed tool that gains exec is still a breaking capability change.
  const harmless: RawTool = {
    ...before,
    description: "Shows a Playwright code snippet",
    name: "browser_show_code",
  };
  const gained = diffSnapshots(snap([harmless]), snap([{ ...after, name: "browser_show_code_v2" }]));
  assert.ok(gained.breaking.some((b) => b.kind === "capability-added" && b.tool === "browser_show_code_v2"));
});

test("a new tool with unknown capabilities gets a line that says so", () => {
  const d = diffSnapshots(snap([]), snap([{ name: "frobnicate", inputSchema: EMPTY }]));
  assert.match(
    renderDiff(d),
    /\n\+ frobnicate\n {4}capabilities unknown \(no annotation, name or description rule matched\)\n/,
  );
});

test("names of 100,000 characters are compared by their words, not by an edit distance", () => {
  const long = (word: string) => `${word}_${"x".repeat(100_000)}`;
  assert.equal(nameSimilarity(long("read"), long("read")), 1);
  assert.ok(nameSimilarity(long("read"), long("write")) < 1);
  // A schema with thousands of parameters is matched on the same names only.
  const params = (prefix: string) =>
    Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`${prefix}${i}`, { type: "string" }]));
  const pairs = findRenames(
    [
      {
        name: "old_tool",
        description: "Reads the rows.",
        inputSchema: { type: "object", properties: params("p") },
      },
    ],
    [
      {
        name: "new_tool",
        description: "Reads the rows.",
        inputSchema: { type: "object", properties: params("p") },
      },
    ],
  );
  assert.deepEqual(
    pairs.map((p) => [p.from, p.to, p.same]),
    [["old_tool", "new_tool", ["description", "inputSchema"]]],
  );
});

test("past rename-pairs, renames are not looked for, and every format says so", () => {
  const tool = (name: string): RawTool => ({ name, description: `Reads ${name}.`, inputSchema: EMPTY });
  const a = snap(["read_a", "read_b", "read_c"].map(tool));
  const b = snap(["get_a", "get_b", "get_c"].map(tool));
  assert.ok(diffSnapshots(a, b).renames.length > 0);
  setLimits({ "rename-pairs": 8 });
  try {
    const d = diffSnapshots(a, b);
    assert.deepEqual([d.renames, d.renamesNotSearched], [[], { removed: 3, added: 3, limit: 8 }]);
    assert.deepEqual(diffJson(d).renames_not_searched, { removed: 3, added: 3, limit: 8 });
    const note =
      "likely renames not looked for: 3 tools removed and 3 added make 9 pairs, past the rename-pairs limit of 8 pairs: raise it with --limit rename-pairs=N or TOOLSCORE_LIMIT_RENAME_PAIRS";
    assert.ok(renderDiff(d).includes(`\n(${note})\n`));
    // Markdown escapes the underscores of the variable's name.
    assert.ok(renderDiffMarkdown(d).includes(`\n_${note.replaceAll("_", "\\_")}_\n`));
    // Without the note, the JSON is as it was.
    setLimits();
    assert.equal("renames_not_searched" in diffJson(diffSnapshots(a, b)), false);
  } finally {
    setLimits();
  }
});

test("prompts and resource templates renamed are paired by the same evidence as tools (server-everything)", () => {
  // The prompts and templates of server-everything 2025.9.25 and 2026.8.31, as they list them.
  const both = JSON.parse(readFileSync(join(REAL, "surface", "everything.json"), "utf8")) as Record<
    string,
    Pick<ServerSnapshot, "prompts" | "resource_templates">
  >;
  const d = diffSnapshots(
    snapshotOf({ tools: [], ...both["2025.9.25"] }),
    snapshotOf({ tools: [], ...both["2026.8.31"] }),
  );
  const prompts = d.surface.find((s) => s.kind === "prompt")!;
  assert.deepEqual(
    prompts.renames?.map((r) => [r.from, r.to, r.reasons.map(renameReason)]),
    [
      [
        "resource_prompt",
        "resource-prompt",
        ["same words in another case style", "same description", "shared parameters: resourceId"],
      ],
      [
        "simple_prompt",
        "simple-prompt",
        ["same words in another case style", "descriptions 44% alike", "both take no parameters"],
      ],
    ],
  );
  // Still removals, and still breaking, with what they were likely renamed to.
  assert.deepEqual(prompts.removed, ["complex_prompt", "resource_prompt", "simple_prompt"]);
  const reasons = d.breaking
    .filter((b) => b.kind === "prompt-removed")
    .map((b) => [b.item?.key, formatBreaking(b)]);
  assert.deepEqual(
    reasons.map(([k]) => k),
    ["complex_prompt", "resource_prompt", "simple_prompt"],
  );
  assert.equal(reasons[0]![1], "prompt removed");
  assert.match(reasons[1]![1]!, /^prompt removed \(likely renamed to 'resource-prompt': same words/);
  const templates = d.surface.find((s) => s.kind === "resource_template")!;
  assert.deepEqual(
    templates.renames?.map((r) => [r.from, r.to]),
    [["test://static/resource/{id}", "demo://resource/dynamic/text/{resourceId}"]],
  );
  const text = renderDiff(d, { brief: true });
  assert.match(text, /^~ prompt resource_prompt -> resource-prompt {2}\(likely renamed, 90%: /m);
  assert.doesNotMatch(text, /^[-+] prompt (?:resource|simple)[-_]prompt$/m);
  assert.match(text, /^- prompt complex_prompt$/m);
  assert.match(
    renderDiffMarkdown(d),
    /^\| removed \| prompt resource\\_prompt \| likely renamed to resource-prompt, 90%: /m,
  );
  // The JSON document holds the renames; a kind without any has no `renames`.
  const json = JSON.parse(JSON.stringify(diffJson(d))) as { surface: Array<Record<string, unknown>> };
  assert.equal((json.surface[0]!.renames as unknown[]).length, 2);
});

test("prompts that only share a word are not paired", () => {
  const d = diffSnapshots(
    snapshotOf({
      tools: [],
      prompts: [{ name: "summarize_issue", description: "Summarize a GitHub issue" }],
    }),
    snapshotOf({
      tools: [],
      prompts: [
        { name: "translate_text", description: "Translate text to French", arguments: [{ name: "text" }] },
      ],
    }),
  );
  assert.equal(d.surface[0]!.renames, undefined);
  assert.equal(formatBreaking(d.breaking[0]!), "prompt removed");
});
