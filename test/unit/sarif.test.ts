import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  buildSarif,
  findingFingerprint,
  renderSarif,
  sarifLevel,
  toolLines,
  type SarifFinding,
  type SarifRuleInfo,
} from "../../src/report/sarif.js";
import { sarifSchemaErrors } from "../support/sarif-schema.js";
import { runs } from "../support/runs.js";

const rules: SarifRuleInfo[] = [
  {
    id: "pin-tool-changed",
    shortDescription: "A pinned tool's definition changed",
    fullDescription: "Its title, description, input or output schema or annotations differ from the lock.",
    help: "Review the change; if it is expected, run toolscore mcp pin again and commit the lock.",
    severity: "error",
  },
  {
    id: "pin-server-changed",
    shortDescription: "The server's name or version changed",
    help: "Nothing to do unless the change is unexpected.",
    severity: "info",
  },
];

const lockText = JSON.stringify(
  {
    kind: "toolscore.mcp-lock",
    server: { name: "search_notes", version: "1.0.0" },
    tools: [
      { name: "create_note", definition: { name: "create_note" } },
      { name: "search_notes", definition: { name: "search_notes", inputSchema: {} } },
    ],
  },
  null,
  2,
);

test("toolLines finds each tool's entry in the tools array, not a same-named key elsewhere", () => {
  const lines = toolLines(lockText);
  const text = lockText.split("\n");
  assert.deepEqual([...lines.keys()], ["create_note", "search_notes"]);
  // The entry's opening brace sits on the line before its "name" line.
  assert.match(text[lines.get("create_note")! - 1]!, /^\s*\{$/);
  assert.match(text[lines.get("create_note")!]!, /"name": "create_note"/);
  assert.match(text[lines.get("search_notes")!]!, /"name": "search_notes"/);
  assert.ok(lines.get("search_notes")! > lines.get("create_note")!);
});

test("toolLines gives nothing for text that is not a lock or snapshot", () => {
  assert.equal(toolLines("not json").size, 0);
  assert.equal(toolLines('{"tools": {}}').size, 0);
  assert.equal(toolLines("[1, 2]").size, 0);
  // Laid out other than toolscore writes it: no guess, the findings point at the top instead.
  assert.equal(toolLines(JSON.stringify(JSON.parse(lockText))).size, 0);
});

test("severities map to SARIF levels", () => {
  assert.equal(sarifLevel("error"), "error");
  assert.equal(sarifLevel("warning"), "warning");
  assert.equal(sarifLevel("info"), "note");
});

test("a log has the rule catalogue, levels, locations into the file and fingerprints", () => {
  const findings: SarifFinding[] = [
    {
      ruleId: "pin-tool-changed",
      severity: "error",
      message: "'search_notes' changed: description",
      tool: "search_notes",
    },
    { ruleId: "pin-server-changed", severity: "info", message: "server version 1 -> 2", tool: null },
    { ruleId: "pin-lock-modified", severity: "error", message: "edited by hand", tool: null },
  ];
  const log = buildSarif({
    command: "mcp verify-pin",
    version: "1.2.3",
    rules,
    findings,
    artifact: { uri: "examples/notes.lock.json", text: lockText },
  });
  assert.deepEqual(sarifSchemaErrors(log), []);
  const run = log.runs[0]!;
  assert.equal(run.tool.driver.name, "toolscore");
  assert.equal(run.tool.driver.version, "1.2.3");
  assert.equal(run.automationDetails.id, "toolscore/verify-pin/");
  // The catalogue is sorted, and a rule used without an entry still gets one.
  assert.deepEqual(
    run.tool.driver.rules.map((r) => [r.id, r.defaultConfiguration.level]),
    [
      ["pin-lock-modified", "error"],
      ["pin-server-changed", "note"],
      ["pin-tool-changed", "error"],
    ],
  );
  const changed = run.tool.driver.rules[2]!;
  assert.equal(changed.name, "PinToolChanged");
  assert.equal(changed.shortDescription.text, "A pinned tool's definition changed");
  assert.match(changed.fullDescription.text, /differ from the lock/);
  assert.match(changed.help.text, /mcp pin again/);
  assert.equal(run.tool.driver.rules[1]!.fullDescription.text, "The server's name or version changed");

  const [r0, r1, r2] = run.results;
  assert.deepEqual(
    run.results.map((r) => [r.ruleId, r.ruleIndex, r.level]),
    [
      ["pin-tool-changed", 2, "error"],
      ["pin-server-changed", 1, "note"],
      ["pin-lock-modified", 0, "error"],
    ],
  );
  assert.equal(r0!.message.text, "'search_notes' changed: description");
  const loc = r0!.locations[0]!;
  assert.equal(loc.physicalLocation!.artifactLocation.uri, "examples/notes.lock.json");
  assert.equal(loc.physicalLocation!.region!.startLine, toolLines(lockText).get("search_notes"));
  assert.equal(loc.logicalLocations![0]!.name, "search_notes");
  // Findings about the whole server point at the top of the file.
  assert.equal(r1!.locations[0]!.physicalLocation!.region!.startLine, 1);
  assert.equal(r1!.locations[0]!.logicalLocations, undefined);
  assert.notEqual(
    r1!.partialFingerprints["toolscoreFinding/v1"],
    r2!.partialFingerprints["toolscoreFinding/v1"],
  );
});

test("fingerprints ignore the message and the line, and stay distinct for repeated findings", () => {
  const a = findingFingerprint({ ruleId: "r", tool: "t", path: "inputSchema" });
  assert.equal(a, findingFingerprint({ ruleId: "r", tool: "t", path: "inputSchema" }));
  assert.notEqual(a, findingFingerprint({ ruleId: "r", tool: "t", path: "description" }));
  assert.notEqual(a, findingFingerprint({ ruleId: "r", tool: "u", path: "inputSchema" }));
  const f = { ruleId: "r", severity: "warning", tool: "t", path: "x" } as const;
  const log = buildSarif({
    command: "mcp lint",
    version: "1.0.0",
    rules: [],
    findings: [
      { ...f, message: "one" },
      { ...f, message: "two" },
    ],
  });
  const prints = log.runs[0]!.results.map((r) => r.partialFingerprints["toolscoreFinding/v1"]);
  assert.equal(new Set(prints).size, 2);
  assert.equal(prints[0], findingFingerprint(f));
});

test("without a file, results carry only the tool as a logical location, and stay valid", () => {
  const log = buildSarif({
    command: "mcp lint",
    version: "1.0.0",
    rules: [],
    findings: [{ ruleId: "x", severity: "warning", message: "m", tool: "t" }],
  });
  assert.deepEqual(sarifSchemaErrors(log), []);
  assert.equal(log.runs[0]!.results[0]!.locations[0]!.physicalLocation, undefined);
});

test("the schema check itself rejects a broken log", () => {
  const log = buildSarif({ command: "mcp lint", version: "1.0.0", rules, findings: [] });
  const broken = JSON.parse(renderSarif(log)) as { runs: Array<{ tool: { driver: object } }> };
  delete (broken.runs[0]!.tool.driver as { name?: string }).name;
  assert.notDeepEqual(sarifSchemaErrors(broken), []);
});

test("any findings give a valid, deterministic log", () => {
  const text = fc.string({ maxLength: 30 });
  const finding = fc.record({
    ruleId: fc.constantFrom("pin-tool-added", "lint-x", "description-missing"),
    severity: fc.constantFrom("error", "warning", "info"),
    message: text.filter((s) => s.length > 0),
    tool: fc.option(text, { nil: null }),
    path: fc.option(text, { nil: undefined }),
  }) as fc.Arbitrary<SarifFinding>;
  fc.assert(
    fc.property(fc.array(finding, { maxLength: 8 }), fc.boolean(), (findings, withFile) => {
      const input = {
        command: "mcp diff",
        version: "0.1.0",
        rules,
        findings,
        ...(withFile ? { artifact: { uri: "snap.json", text: lockText } } : {}),
      };
      const log = buildSarif(input);
      assert.deepEqual(sarifSchemaErrors(log), []);
      assert.equal(renderSarif(buildSarif(input)), renderSarif(log));
      assert.equal(log.runs[0]!.results.length, findings.length);
    }),
    { numRuns: runs(150) },
  );
});
