import { test } from "node:test";
import assert from "node:assert/strict";
import { diffSnapshots } from "../../src/diff/index.js";
import { compareParameters } from "../../src/diff/params.js";
import type { BreakingKind, DiffFailOn } from "../../src/diff/index.js";
import { lintTools } from "../../src/lint/index.js";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import type { RawTool } from "../../src/mcp/types.js";
import { renderDiff } from "../../src/report/diff.js";
import { renderDiffMarkdown } from "../../src/report/diff-markdown.js";
import { diffJson } from "../../src/report/diff-json.js";
import { BREAKING_MESSAGES, formatBreaking } from "../../src/report/breaking.js";
import { diffFails } from "../../src/diff/diff.js";
import { lintMessage } from "../../src/report/lint-messages.js";
import { renameReason } from "../../src/report/rename-words.js";

// A small catalogue server whose tools lint clean; each case below changes one thing about it.
const TOOLS: RawTool[] = [
  {
    name: "add_items",
    description: "Add items to the catalogue.",
    inputSchema: {
      type: "object",
      properties: {
        items: {
          type: "array",
          description: "Items to add",
          items: {
            type: "object",
            properties: {
              name: { type: "string", description: "Item name" },
              observations: { type: "array", items: { type: "string" }, description: "Notes about it" },
            },
            required: ["name"],
          },
        },
      },
      required: ["items"],
    },
  },
  {
    name: "search_items",
    description: "Search the catalogue for items matching a query.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "Words to look for" },
        filter: {
          type: "object",
          description: "Narrows the results",
          properties: {
            tags: { type: "array", items: { type: "string" }, description: "Tags every item must have" },
            limit: { type: "integer", description: "Most items to return" },
          },
          required: [],
        },
      },
      required: ["query"],
    },
    annotations: { readOnlyHint: true },
  },
];

const RUN_COMMAND: RawTool = {
  name: "run_command",
  description: "Runs a shell command on the host.",
  inputSchema: {
    type: "object",
    properties: { command: { type: "string", description: "The command line" } },
    required: ["command"],
  },
};

function snap(tools: RawTool[], over: Partial<ServerSnapshot> = {}): ServerSnapshot {
  return ServerSnapshot.of({
    server: { name: "catalogue", version: "1.0.0" },
    protocol: "2025-11-25",
    capabilities: { tools: {} },
    client_capabilities: [],
    instructions: null,
    tools,
    ...over,
  });
}

const BASE = snap(TOOLS);
const clone = (): RawTool[] => structuredClone(TOOLS);
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const tool = (tools: RawTool[], name: string) => tools.find((t) => t.name === name) as Json;

/** One change each; the breaking kinds it must produce (none for a change that breaks nothing). */
const CASES: Array<{
  name: string;
  change: (t: RawTool[]) => RawTool[];
  kinds: BreakingKind[];
  path?: string;
}> = [
  { name: "a tool removed", change: (t) => t.filter((x) => x.name !== "add_items"), kinds: ["tool-removed"] },
  {
    name: "a nested parameter removed",
    change: (t) => (delete tool(t, "search_items").inputSchema.properties.filter.properties.tags, t),
    kinds: ["parameter-removed"],
    path: "filter.tags",
  },
  {
    name: "a nested parameter newly required",
    change: (t) => ((tool(t, "search_items").inputSchema.properties.filter.required = ["limit"]), t),
    kinds: ["parameter-required"],
    path: "filter.limit",
  },
  {
    name: "a new required parameter inside array items",
    change: (t) => {
      const item = tool(t, "add_items").inputSchema.properties.items.items;
      item.properties.price = { type: "number", description: "Price in euros" };
      item.required.push("price");
      return t;
    },
    kinds: ["parameter-required"],
    path: "items[].price",
  },
  {
    name: "a parameter type changed",
    change: (t) => ((tool(t, "search_items").inputSchema.properties.query.type = "integer"), t),
    kinds: ["parameter-type-changed"],
    path: "query",
  },
  {
    name: "array items' type changed",
    change: (t) => (
      (tool(t, "add_items").inputSchema.properties.items.items.properties.observations.items.type = "object"),
      t
    ),
    kinds: ["parameter-type-changed"],
    path: "items[].observations[]",
  },
  {
    name: "a new delete capability",
    change: (t) => ((tool(t, "add_items").annotations = { destructiveHint: true }), t),
    kinds: ["capability-added"],
  },
  {
    name: "a new tool that can exec",
    change: (t) => [...t, structuredClone(RUN_COMMAND)],
    kinds: ["capability-added"],
  },
  {
    name: "a new lint error",
    change: (t) => (tool(t, "search_items").inputSchema.required.push("ghost"), t),
    kinds: ["lint-error-added"],
  },
  {
    name: "a reworded description (not breaking)",
    change: (t) => (
      (tool(t, "search_items").description = "Search the catalogue for items that match a query."),
      t
    ),
    kinds: [],
  },
  {
    name: "a new optional parameter (not breaking)",
    change: (t) => (
      (tool(t, "search_items").inputSchema.properties.sort = { type: "string", description: "Sort key" }),
      t
    ),
    kinds: [],
  },
  {
    name: "a widened type (not breaking)",
    change: (t) => (
      (tool(t, "search_items").inputSchema.properties.filter.properties.limit.type = ["integer", "null"]),
      t
    ),
    kinds: [],
  },
];

test("the baseline lints clean, so every lint finding below comes from a change", () => {
  assert.deepEqual(lintTools(TOOLS), []);
});

const expectedExit = (kinds: BreakingKind[], failOn: DiffFailOn) =>
  failOn === "none" ? false : failOn === "breaking" ? kinds.length > 0 : true;

for (const c of CASES) {
  test(`breaking kinds and --fail-on: ${c.name}`, () => {
    const d = diffSnapshots(BASE, snap(c.change(clone())));
    // Exactly these findings, one per breaking change: an extra one fails the case.
    assert.deepEqual(d.breaking.map((b) => b.kind).sort(), [...c.kinds].sort());
    if (c.path) assert.equal(d.breaking[0]?.path, c.path);
    for (const b of d.breaking) assert.ok(formatBreaking(b).length > 0);
    assert.equal(d.identical, false);
    for (const failOn of ["any", "breaking", "none"] as const) {
      assert.equal(diffFails(d, failOn), expectedExit(c.kinds, failOn), `--fail-on ${failOn}`);
    }
  });
}

test("all the breaking changes at once are each reported, sorted by tool then kind", () => {
  // The removal goes last, so the changes to the removed tool are made first (and then vanish).
  let tools = clone();
  for (const c of [...CASES.slice(1), CASES[0]!]) tools = c.change(tools);
  const d = diffSnapshots(BASE, snap(tools));
  const kinds = new Set(d.breaking.map((b) => b.kind));
  for (const c of CASES) for (const k of c.kinds) assert.ok(kinds.has(k), k);
  assert.deepEqual(
    d.breaking.map((b) => `${b.tool}:${b.kind}`),
    [
      "add_items:tool-removed",
      "run_command:capability-added",
      "search_items:parameter-removed",
      "search_items:parameter-required",
      "search_items:parameter-type-changed",
      "search_items:lint-error-added",
    ],
  );
  assert.equal(diffFails(d, "breaking"), true);
  assert.equal(diffFails(d, "none"), false);
});

test("breaking changes are data: each carries its facts, its reason is made from them, the JSON keeps the reason only", () => {
  let tools = clone();
  for (const c of [...CASES.slice(1), CASES[0]!]) tools = c.change(tools);
  const d = diffSnapshots(BASE, snap(tools));
  for (const b of d.breaking) {
    const spec = BREAKING_MESSAGES[b.kind] as { reason(args: unknown): string };
    assert.equal(formatBreaking(b), spec.reason(b.args), b.kind);
  }
  const type = d.breaking.find((b) => b.kind === "parameter-type-changed");
  assert.ok(type && type.kind === "parameter-type-changed");
  assert.deepEqual(Object.keys(type.args).sort(), ["from", "parameter", "to"]);
  const json = diffJson(d).breaking;
  assert.equal(json.length, d.breaking.length);
  for (const b of json) {
    assert.ok(!("args" in b));
    assert.deepEqual(Object.keys(b), [
      "tool",
      ...("item" in b ? ["item"] : []),
      "kind",
      ...("path" in b ? ["path"] : []),
      "reason",
    ]);
  }
});

test("identical snapshots: no difference, nothing fails under any --fail-on", () => {
  const d = diffSnapshots(BASE, snap(clone()));
  assert.equal(d.identical, true);
  for (const failOn of ["any", "breaking", "none"] as const) assert.equal(diffFails(d, failOn), false);
  assert.match(
    renderDiff(d),
    /No differences\.\nDiff: OK \(0 difference\(s\), 0 breaking, --fail-on any\)\n$/,
  );
});

test("a change of key order alone is no change", () => {
  const reorder = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(reorder)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.entries(v)
              .reverse()
              .map(([k, x]) => [k, reorder(x)]),
          )
        : v;
  const d = diffSnapshots(BASE, snap(reorder(clone()) as RawTool[]));
  assert.equal(d.identical, true);
  assert.deepEqual(d.changed, []);
});

test("a change only in invisible characters is reported and shown escaped", () => {
  const tools = clone();
  tool(tools, "search_items").description = "Search the catalogue for items matching a query.\u200b\u202e";
  const d = diffSnapshots(BASE, snap(tools));
  assert.deepEqual(
    d.changed.map((c) => [c.name, c.fields]),
    [["search_items", ["description"]]],
  );
  const text = renderDiff(d);
  assert.ok(text.includes("+Search the catalogue for items matching a query.\\u200b\\u202e"), text);
  assert.ok(!/[\u200b\u202e]/.test(text));
  assert.ok(!/[\u200b\u202e]/.test(renderDiffMarkdown(d)));
  assert.ok(d.lintNew.some((f) => f.rule === "hidden-unicode"));
});

test("terminal escapes in a tool name never reach the report raw", () => {
  const tools = [...clone(), { ...structuredClone(RUN_COMMAND), name: "evil\u001b[2J" }];
  const text = renderDiff(diffSnapshots(BASE, snap(tools)));
  assert.ok(!text.includes("\u001b"));
  assert.ok(text.includes("+ evil\\u001b[2J"));
});

test("the human report: servers, tools, field diffs, capabilities, lint, server changes, breaking", () => {
  const tools = clone().filter((t) => t.name !== "add_items");
  tool(tools, "search_items").description = "Search.";
  tools.push(structuredClone(RUN_COMMAND));
  const b = snap(tools, {
    server: { name: "catalogue", version: "2.0.0" },
    protocol: "2026-07-28",
    instructions: "Use search first.",
  });
  const text = renderDiff(diffSnapshots(BASE, b));
  assert.equal(
    text,
    [
      "catalogue 1.0.0  ->  catalogue 2.0.0",
      "+ run_command",
      "    +exec (name 'run' + 'command'; description 'Runs a shell command')",
      "- add_items",
      "~ search_items  description",
      "    --- description (A)",
      "    +++ description (B)",
      "    @@ -1 +1 @@",
      "    -Search the catalogue for items matching a query.",
      "    +Search.",
      "+ lint warning search_items: " +
        lintMessage(lintTools(tools).find((f) => f.rule === "description-short")!) +
        " (description-short)",
      "server version: 1.0.0 -> 2.0.0",
      "protocol: 2025-11-25 -> 2026-07-28",
      "instructions added",
      "    --- instructions (A)",
      "    +++ instructions (B)",
      "    @@ -0,0 +1 @@",
      "    +Use search first.",
      "",
      "Breaking changes (2):",
      "  add_items: tool removed",
      "  run_command: new tool can exec (name 'run' + 'command'; description 'Runs a shell command')",
      "Diff: FAIL (7 difference(s), 2 breaking, --fail-on any)",
      "",
    ].join("\n"),
  );
  const brief = renderDiff(diffSnapshots(BASE, b), { brief: true, failOn: "none" });
  assert.ok(!brief.includes("---"));
  assert.ok(brief.includes("~ search_items  description\n"));
  assert.ok(brief.endsWith("Diff: OK (7 difference(s), 2 breaking, --fail-on none)\n"));
});

test("a removed tool with the same description and a similar name is a likely rename, still a removal", () => {
  const tools = clone();
  tool(tools, "search_items").name = "search_catalogue_items";
  const d = diffSnapshots(BASE, snap(tools));
  assert.deepEqual(
    d.renames.map((r) => [r.from, r.to, r.same, r.reasons.map(renameReason)]),
    [
      [
        "search_items",
        "search_catalogue_items",
        ["description", "inputSchema"],
        ["names 75% alike", "same description", "same inputSchema"],
      ],
    ],
  );
  assert.deepEqual(d.renames[0]!.change.fields, []);
  assert.deepEqual(d.removed, ["search_items"]);
  assert.equal(d.breaking[0]?.kind, "tool-removed");
  assert.match(formatBreaking(d.breaking[0]!), /likely renamed to 'search_catalogue_items'/);
  assert.match(
    renderDiff(d),
    /^~ search_items -> search_catalogue_items {2}\(likely renamed, 90%: names 75% alike; same description; same inputSchema\)$/m,
  );
  // An unrelated name, description and schema: not a rename.
  const other = clone();
  Object.assign(tool(other, "search_items"), {
    name: "zap",
    description: "Zaps the cache.",
    inputSchema: { type: "object", properties: { force: { type: "boolean" } } },
  });
  assert.deepEqual(diffSnapshots(BASE, snap(other)).renames, []);
});

test("parameters: local $ref, anyOf unions, type arrays and allOf requirements", () => {
  const a = {
    type: "object",
    $defs: {
      entity: {
        type: "object",
        properties: { id: { type: "string" }, tags: { type: "array", items: { type: "string" } } },
      },
    },
    properties: {
      entity: { $ref: "#/$defs/entity" },
      mode: { anyOf: [{ type: "string" }, { type: "integer" }] },
      when: { type: ["string", "null"] },
      spec: { allOf: [{ properties: { x: { type: "number" } } }] },
    },
  };
  const b = structuredClone(a) as Json;
  delete b.$defs.entity.properties.tags;
  b.$defs.entity.properties.id.type = "integer";
  b.properties.mode = { anyOf: [{ type: "string" }] };
  b.properties.when = { type: ["string", "null", "number"] };
  b.properties.spec = { allOf: [{ properties: { x: { type: "number" } }, required: ["x"] }] };
  assert.deepEqual(compareParameters(a, b), [
    { path: "entity.id", kind: "type", from: "string", to: "integer" },
    { path: "entity.tags", kind: "removed" },
    { path: "mode", kind: "type", from: "integer|string", to: "string" },
    { path: "spec.x", kind: "required" },
    { path: "when", kind: "type", from: "null|string", to: "null|number|string" },
  ]);
  const d = diffSnapshots(
    snap([{ name: "t", description: "A tool with refs.", inputSchema: a }]),
    snap([{ name: "t", description: "A tool with refs.", inputSchema: b }]),
  );
  assert.deepEqual(
    d.breaking.map((x) => `${x.kind} ${x.path}`),
    [
      "parameter-removed entity.tags",
      "parameter-required spec.x",
      "parameter-type-changed entity.id",
      "parameter-type-changed mode",
    ],
  );
});

test("a recursive $ref does not loop", () => {
  const s = {
    type: "object",
    properties: { node: { $ref: "#/$defs/n" } },
    $defs: { n: { type: "object", properties: { child: { $ref: "#/$defs/n" } } } },
  };
  const t = structuredClone(s) as Json;
  t.$defs.n.properties.label = { type: "string" };
  const changes = compareParameters(s, t);
  assert.ok(changes.some((c) => c.path === "node.label" && c.kind === "added"));
  assert.ok(changes.some((c) => c.path === "node.child.label" && c.kind === "added"));
});

test("server changes: name, version, protocol, instructions", () => {
  const b = snap(clone(), { server: { name: "shop", version: "2" }, protocol: "x", instructions: "Hi" });
  const a = snap(clone(), { instructions: "Hello" });
  const d = diffSnapshots(a, b);
  assert.deepEqual(
    d.server.map((s) => [s.field, s.from, s.to]),
    [
      ["name", "catalogue", "shop"],
      ["version", "1.0.0", "2"],
      ["protocol", "2025-11-25", "x"],
      ["instructions", "Hello", "Hi"],
    ],
  );
  assert.equal(d.breaking.length, 0);
  assert.equal(diffFails(d, "any"), true);
  assert.equal(diffFails(d, "breaking"), false);
});

test("toJSON: kind, version and every part; the same input gives the same bytes", () => {
  const tools = c2();
  function c2() {
    const t = clone().filter((x) => x.name !== "add_items");
    t.push(structuredClone(RUN_COMMAND));
    return t;
  }
  const j = diffJson(diffSnapshots(BASE, snap(tools)));
  assert.equal(j.kind, "toolscore.mcp-diff");
  assert.equal(j.diff_version, "1");
  assert.deepEqual(j.added, ["run_command"]);
  assert.deepEqual(j.removed, ["add_items"]);
  assert.deepEqual(Object.keys(j), [
    "kind",
    "diff_version",
    "from",
    "to",
    "identical",
    "added",
    "removed",
    "renames",
    "changed",
    "added_capabilities",
    "lint_new",
    "lint_resolved",
    "server",
    "breaking",
  ]);
  assert.deepEqual(
    j.breaking.map((b) => b.kind),
    ["tool-removed", "capability-added"],
  );
  assert.equal(JSON.stringify(j), JSON.stringify(diffJson(diffSnapshots(BASE, snap(c2())))));
});

test("scorecards: a lower grade and a newly failing high-confidence probe are breaking", () => {
  const probe = (id: string, status: "pass" | "fail", confidence: "high" | "medium" = "high") => ({
    id,
    tool: "search_items",
    confidence,
    status,
    reason: "why",
  });
  const d = diffSnapshots(BASE, snap(clone()), {
    scorecards: {
      a: {
        grade: "A",
        score: 0.95,
        rates: { happy: 1, edge: 1, lint: 0.9, probes: 1 },
        probes: [
          probe("invalid-input-rejected", "pass"),
          probe("write-visible", "pass", "medium"),
          probe("readonly-no-side-effect", "fail"),
        ],
      },
      b: {
        grade: "C",
        score: 0.71,
        rates: { happy: 0.7, edge: 1, lint: 0.9, probes: 0.3 },
        probes: [
          probe("invalid-input-rejected", "fail"),
          probe("write-visible", "fail", "medium"),
          probe("readonly-no-side-effect", "pass"),
        ],
      },
    },
  });
  assert.deepEqual(
    d.breaking.map((b) => b.kind),
    ["probe-newly-failing", "grade-lowered"],
  );
  assert.deepEqual(
    d.scorecards!.newly_failing.map((p) => p.id),
    ["invalid-input-rejected", "write-visible"],
  );
  assert.deepEqual(
    d.scorecards!.newly_passing.map((p) => p.id),
    ["readonly-no-side-effect"],
  );
  assert.equal(diffFails(d, "breaking"), true);
  const text = renderDiff(d);
  assert.match(text, /grade {7}A {11}C/);
  assert.match(text, /probe now fails: invalid-input-rejected search_items \[high\]/);
  assert.ok(diffJson(d).scorecards);
  const same = diffSnapshots(BASE, snap(clone()), {
    scorecards: {
      a: { grade: "B", score: 0.8, rates: { happy: 1, edge: 1, lint: 1 } },
      b: { grade: "A", score: 0.9, rates: { happy: 1, edge: 1, lint: 1 } },
    },
  });
  assert.equal(same.breaking.length, 0);
});

test("Markdown: a tool name with a pipe keeps the table whole, backticks cannot close the diff block", () => {
  const tools = clone();
  tool(tools, "search_items").description = "Search ```\n</details> the | catalogue";
  tools.push({ ...structuredClone(RUN_COMMAND), name: "a|b" });
  const md = renderDiffMarkdown(diffSnapshots(BASE, snap(tools)), { failOn: "breaking" });
  assert.ok(md.includes("| added | a\\|b |"), md);
  assert.match(md, /\*\*FAIL\*\*: 3 difference\(s\), 2 breaking \(`--fail-on breaking`\)/);
  const fence = /^(`{4,})diff$/m.exec(md)?.[1];
  assert.ok(fence, "the fence is longer than the backtick run in the description");
  assert.equal(md.split("\n").filter((l) => l === fence).length, 1);
  assert.ok(md.trimEnd().endsWith("</details>"));
});

test("hidden characters added to the instructions: a new lint error for the server, breaking", () => {
  const d = diffSnapshots(
    snap(clone(), { instructions: "Use search first." }),
    snap(clone(), { instructions: "Use search first.\u200b" }),
  );
  assert.deepEqual(
    d.lintNew.map((f) => [f.rule, f.tool]),
    [["hidden-unicode", null]],
  );
  assert.deepEqual(
    d.breaking.map((b) => [b.tool, b.kind]),
    [[null, "lint-error-added"]],
  );
  const text = renderDiff(d);
  assert.ok(text.includes("    +Use search first.\\u200b\n"), text);
  assert.match(text, /\+ lint error: .*\(hidden-unicode\)\n/);
  assert.match(text, /\n {2}server: new lint error: /);
});

test("a new tool in another naming style is a new server-wide lint finding, judged on every tool", () => {
  const tools = [...clone(), { ...structuredClone(tool(clone(), "search_items")), name: "searchItemsFast" }];
  const d = diffSnapshots(BASE, snap(tools));
  assert.deepEqual(
    d.lintNew.filter((f) => f.tool === null).map((f) => [f.rule, f.args]),
    [["name-style-mixed", { styles: { snake_case: TOOLS.length, camelCase: 1 } }]],
  );
  assert.deepEqual(diffSnapshots(snap(tools), BASE).lintResolved.filter((f) => f.tool === null).length, 1);
  // A change to one tool of a server that already mixes styles adds no finding of its kind.
  const changed = structuredClone(tools);
  tool(changed, "search_items").description = "Search the catalogue for items matching a query, fast.";
  assert.deepEqual(
    diffSnapshots(snap(tools), snap(changed)).lintNew.filter((f) => f.tool === null),
    [],
  );
});
