import { test } from "node:test";
import assert from "node:assert/strict";
import {
  deriveCapabilities,
  nameWords,
  parseCapabilityOverrides,
  type Capability,
} from "../../src/pin/capabilities.js";
import type { RawTool } from "../../src/mcp/types.js";
import { isToolscoreError } from "../../src/util/errors.js";

const caps = (tool: RawTool) => deriveCapabilities(tool).map((c) => c.capability);

// One line per case: the tool and the capabilities it must get.
const CASES: Array<[string, RawTool, Capability[]]> = [
  ["nothing found", { name: "frobnicate" }, ["unknown"]],
  ["leading read verb", { name: "get_note" }, ["read"]],
  ["read verb not leading gives nothing", { name: "note_get" }, ["unknown"]],
  ["camelCase split", { name: "deleteNote" }, ["delete"]],
  ["kebab and dot split", { name: "notes.remove-tag" }, ["delete"]],
  ["delete verb anywhere", { name: "notes_purge_all" }, ["delete"]],
  ["write verb", { name: "create_note" }, ["write"]],
  ["words, not substrings: settings is not set", { name: "get_settings" }, ["read"]],
  ["words, not substrings: directory", { name: "list_directory" }, ["read"]],
  ["exec word", { name: "shell" }, ["exec"]],
  ["run + command", { name: "run_command" }, ["exec"]],
  ["run alone is not exec", { name: "run_tests" }, ["unknown"]],
  ["network word", { name: "fetch_url" }, ["network"]],
  ["readOnlyHint true", { name: "x", annotations: { readOnlyHint: true } }, ["read"]],
  ["readOnlyHint true rules out write", { name: "create_x", annotations: { readOnlyHint: true } }, ["read"]],
  [
    "readOnlyHint true never hides delete",
    { name: "delete_x", annotations: { readOnlyHint: true } },
    ["read", "delete"],
  ],
  [
    "readOnlyHint true never hides exec",
    { name: "exec_sql", annotations: { readOnlyHint: true } },
    ["read", "exec"],
  ],
  ["readOnlyHint false", { name: "x", annotations: { readOnlyHint: false } }, ["write"]],
  [
    "destructiveHint on a writer",
    { name: "x", annotations: { readOnlyHint: false, destructiveHint: true } },
    ["write", "delete"],
  ],
  [
    "destructiveHint on a read-only tool is ignored",
    { name: "x", annotations: { readOnlyHint: true, destructiveHint: true } },
    ["read"],
  ],
  ["destructiveHint without readOnlyHint", { name: "x", annotations: { destructiveHint: true } }, ["delete"]],
  ["openWorldHint", { name: "x", annotations: { openWorldHint: true } }, ["network"]],
  ["absent hints assume nothing", { name: "x", annotations: {} }, ["unknown"]],
  [
    "description: runs a shell command",
    { name: "x", description: "Runs a shell command and returns its output." },
    ["exec"],
  ],
  [
    "description: executes shell commands",
    { name: "x", description: "Executes shell commands on the host." },
    ["exec"],
  ],
  [
    "description: a long running operation is not exec",
    { name: "x", description: "Demonstrates a long running operation." },
    ["unknown"],
  ],
  [
    "description: URL",
    { name: "x", description: "Send the list to https://collect.example.com." },
    ["network"],
  ],
  ["description: HTTP request", { name: "x", description: "Makes an HTTP request to the API." }, ["network"]],
  ["description: e-mail", { name: "x", description: "Notifies the owner by e-mail." }, ["network"]],
  [
    "description: a request alone is not network",
    { name: "x", description: "Downloaded in a subsequent request." },
    ["unknown"],
  ],
  ["description starts with a delete verb", { name: "tidy", description: "Removes every note." }, ["delete"]],
  [
    "description with a delete verb later is not delete",
    { name: "get_log", description: "Get the log of removed notes." },
    ["read"],
  ],
];
for (const [name, tool, expected] of CASES) {
  test(`deriveCapabilities: ${name}`, () => assert.deepEqual(caps(tool), expected));
}

test("sources read as the seed shows them", () => {
  const found = deriveCapabilities({
    name: "run_command",
    description: "Runs a shell command on the notes host and returns its output.",
  });
  assert.deepEqual(found, [
    { capability: "exec", sources: ["name 'run' + 'command'", "description 'Runs a shell command'"] },
  ]);
  assert.deepEqual(
    deriveCapabilities({ name: "delete_note", annotations: { readOnlyHint: false, destructiveHint: true } }),
    [
      { capability: "write", sources: ["annotation readOnlyHint: false"] },
      { capability: "delete", sources: ["annotation destructiveHint: true", "name verb 'delete'"] },
    ],
  );
});

test("a URL source leaves out the sentence's full stop", () => {
  assert.deepEqual(
    deriveCapabilities({ name: "x", description: "Send it to https://collect.example.com." }),
    [{ capability: "network", sources: ["description 'https://collect.example.com'"] }],
  );
});

test("an override replaces the derived set, with source 'override'", () => {
  assert.deepEqual(deriveCapabilities({ name: "delete_x" }, ["write", "read"]), [
    { capability: "read", sources: ["override"] },
    { capability: "write", sources: ["override"] },
  ]);
});

test("nameWords splits snake, kebab, dot and camelCase", () => {
  assert.deepEqual(nameWords("getHTTPResponse_v2-now.x"), ["get", "http", "response", "v2", "now", "x"]);
});

test("parseCapabilityOverrides checks and orders overrides", () => {
  assert.deepEqual(parseCapabilityOverrides({ b: ["write", "read", "read"], a: ["exec"] }), {
    a: ["exec"],
    b: ["read", "write"],
  });
  for (const bad of [[], { a: "read" }, { a: [] }, { a: ["fly"] }, null]) {
    assert.throws(
      () => parseCapabilityOverrides(bad),
      (e) => isToolscoreError(e, "FILE_INVALID"),
    );
  }
});

test("the README's capability table lists every word of the rules", async () => {
  const { readFileSync } = await import("node:fs");
  const rules = await import("../../src/pin/capability-rules.js");
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const section = readme.slice(readme.indexOf("### Capabilities"), readme.indexOf("<!-- capabilities:"));
  const rows = section.split("\n").filter((l) => l.startsWith("| name") || l.startsWith("| description"));
  const lists: Array<[readonly string[], string]> = [
    [rules.DELETE_VERBS, "| delete |"],
    [rules.WRITE_VERBS, "| write"],
    [rules.READ_VERBS, "| read |"],
    [rules.EXEC_WORDS, "| exec |"],
    [rules.RUN_VERBS, "| exec |"],
    [rules.EXEC_OBJECTS, "| exec |"],
    [rules.NETWORK_WORDS, "| network |"],
    [rules.DESCRIPTION_DELETE_START, "| delete |"],
  ];
  for (const [words, gives] of lists) {
    const row = rows.find((r) => r.includes(gives) && words.every((w) => r.includes(`\`${w}\``)));
    assert.ok(row, `a README row giving ${gives} lists ${words.join(", ")}`);
  }
});
