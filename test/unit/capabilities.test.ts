import { test } from "node:test";
import assert from "node:assert/strict";
import { deriveEffects, nameWords, parseEffectOverrides, type Effect } from "../../src/pin/effects.js";
import type { RawTool } from "../../src/mcp/types.js";
import { isToolscoreError } from "../../src/util/errors.js";

const caps = (tool: RawTool) => deriveEffects(tool).map((c) => c.capability);

// One line per case: the tool and the capabilities it must get.
const CASES: Array<[string, RawTool, Effect[]]> = [
  ["nothing found", { name: "frobnicate" }, ["unknown"]],
  ["leading read verb", { name: "get_note" }, ["read"]],
  ["read verb after a prefix that is no verb", { name: "note_get" }, ["read"]],
  ["read verb after a server name", { name: "slack_get_users" }, ["read"]],
  ["read verb after a vendor and a product word", { name: "brave_web_search" }, ["read", "network"]],
  ["read verb after API", { name: "API-retrieve-a-page" }, ["read"]],
  ["no verb within the first three words", { name: "my_big_note_get" }, ["unknown"]],
  ["lead write verb after a prefix", { name: "puppeteer_click" }, ["write"]],
  ["lead-only write verb later is a noun", { name: "get_type" }, ["read"]],
  ["fork is write", { name: "fork_repository" }, ["write"]],
  ["reply is write", { name: "slack_reply_to_thread" }, ["write"]],
  ["port_forward starts a forward", { name: "port_forward" }, ["write", "network"]],
  ["stop is write", { name: "stop_port_forward" }, ["write", "network"]],
  ["start + process is exec", { name: "start_process" }, ["write", "exec"]],
  ["kill is delete", { name: "kill_process" }, ["delete"]],
  ["description starts with a read verb", { name: "frob", description: "Retrieves a block." }, ["read"]],
  [
    "description starts with a read verb, imperative",
    { name: "frob", description: "Search pages." },
    ["read"],
  ],
  ["camelCase split", { name: "deleteNote" }, ["delete"]],
  ["kebab and dot split", { name: "notes.remove-tag" }, ["delete"]],
  ["delete verb anywhere", { name: "notes_purge_all" }, ["delete"]],
  ["write verb", { name: "create_note" }, ["write"]],
  ["words, not substrings: settings is not set", { name: "get_settings" }, ["read"]],
  ["words, not substrings: directory", { name: "list_directory" }, ["read"]],
  ["exec word", { name: "shell" }, ["exec"]],
  ["run + command", { name: "run_command" }, ["exec"]],
  ["run alone is not exec", { name: "run_tests" }, ["unknown"]],
  ["network word", { name: "fetch_url" }, ["read", "network"]],
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
  [
    "destructiveHint without readOnlyHint writes too",
    { name: "x", annotations: { destructiveHint: true } },
    ["write", "delete"],
  ],
  ["openWorldHint", { name: "x", annotations: { openWorldHint: true } }, ["network"]],
  ["absent hints assume nothing", { name: "x", annotations: {} }, ["unknown"]],
  [
    "exec: Execute any kubectl command",
    { name: "kubectl_generic", description: "Execute any kubectl command" },
    ["exec"],
  ],
  [
    "exec: Evaluate JavaScript",
    { name: "browser_evaluate", description: "Evaluate JavaScript expression on page" },
    ["network", "exec"],
  ],
  [
    "exec: Execute JavaScript in the console",
    { name: "x", description: "Execute JavaScript in the browser console" },
    ["exec"],
  ],
  ["exec: run browser code", { name: "x", description: "Lets the agent run browser code." }, ["exec"]],
  [
    "exec: executes arbitrary JavaScript",
    { name: "x", description: "This tool executes arbitrary JavaScript." },
    ["exec"],
  ],
  [
    "not exec: running processes (an adjective)",
    { name: "list_processes", description: "List all running processes" },
    ["read"],
  ],
  [
    "not exec: a running process",
    { name: "read_process_output", description: "Read output from a running process" },
    ["read"],
  ],
  [
    "not exec: without starting a shell command",
    { name: "x", description: "Checks the path without starting a shell command." },
    ["read"],
  ],
  [
    "not exec: Never run OS commands",
    { name: "x", description: "Queries the table. Never use it to run OS commands via SQL." },
    ["read"],
  ],
  [
    "not exec: blocked shell commands",
    { name: "get_config", description: "Shows the config, with the blocked shell commands." },
    ["read"],
  ],
  [
    "not exec: does not execute code",
    { name: "x", description: "Formats text; it does not execute code." },
    ["unknown"],
  ],
  [
    "not exec: run tests and report code coverage",
    { name: "x", description: "Run tests and report code coverage." },
    ["unknown"],
  ],
  [
    "not exec: an imperative after the first sentence is advice to the model",
    { name: "parse_file", description: "Parse a file. Then run the returned curl command." },
    ["unknown"],
  ],
  [
    "exec after a negated sentence",
    { name: "x", description: "No login needed. Runs a shell command." },
    ["exec"],
  ],
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
  ["nothing found says why", { name: "frobnicate" }, ["unknown"]],
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
  test(`deriveEffects: ${name}`, () => assert.deepEqual(caps(tool), expected));
}

test("sources read as the seed shows them", () => {
  const found = deriveEffects({
    name: "run_command",
    description: "Runs a shell command on the notes host and returns its output.",
  });
  assert.deepEqual(found, [
    { capability: "exec", sources: ["name 'run' + 'command'", "description 'Runs a shell command'"] },
  ]);
  assert.deepEqual(
    deriveEffects({ name: "delete_note", annotations: { readOnlyHint: false, destructiveHint: true } }),
    [
      {
        capability: "write",
        sources: ["annotation readOnlyHint: false", "annotation destructiveHint: true"],
      },
      { capability: "delete", sources: ["annotation destructiveHint: true", "name verb 'delete'"] },
    ],
  );
});

test("unknown carries its reason", () => {
  assert.deepEqual(deriveEffects({ name: "frobnicate" }), [
    { capability: "unknown", sources: ["no annotation, name or description rule matched"] },
  ]);
});

test("a URL source leaves out the sentence's full stop", () => {
  assert.deepEqual(deriveEffects({ name: "x", description: "Send it to https://collect.example.com." }), [
    { capability: "network", sources: ["description 'https://collect.example.com'"] },
  ]);
});

test("an override replaces the derived set, with source 'override'", () => {
  assert.deepEqual(deriveEffects({ name: "delete_x" }, ["write", "read"]), [
    { capability: "read", sources: ["override"] },
    { capability: "write", sources: ["override"] },
  ]);
});

test("nameWords splits snake, kebab, dot and camelCase", () => {
  assert.deepEqual(nameWords("getHTTPResponse_v2-now.x"), ["get", "http", "response", "v2", "now", "x"]);
});

test("parseEffectOverrides checks and orders overrides", () => {
  assert.deepEqual(parseEffectOverrides({ b: ["write", "read", "read"], a: ["exec"] }), {
    a: ["exec"],
    b: ["read", "write"],
  });
  for (const bad of [[], { a: "read" }, { a: [] }, { a: ["fly"] }, null]) {
    assert.throws(
      () => parseEffectOverrides(bad),
      (e) => isToolscoreError(e, "FILE_INVALID"),
    );
  }
});

test("the capability table of docs/capabilities.md lists every word of the rules", async () => {
  const { readFileSync } = await import("node:fs");
  const rules = await import("../../src/pin/effect-rules.js");
  const page = readFileSync(new URL("../../docs/capabilities.md", import.meta.url), "utf8");
  const rows = page.split("\n").filter((l) => l.startsWith("| name") || l.startsWith("| description"));
  const lists: Array<[readonly string[], string]> = [
    [rules.DELETE_VERBS, "| delete |"],
    [rules.WRITE_VERBS, "| write"],
    [rules.READ_VERBS, "| read |"],
    [rules.LEAD_WRITE_VERBS, "| write"],
    [rules.NEGATIONS, "| exec |"],
    [rules.EXEC_WORDS, "| exec |"],
    [rules.RUN_VERBS, "| exec |"],
    [rules.EXEC_OBJECTS, "| exec |"],
    [rules.NETWORK_WORDS, "| network |"],
    [rules.DESCRIPTION_DELETE_START, "| delete |"],
  ];
  for (const [words, gives] of lists) {
    const row = rows.find((r) => r.includes(gives) && words.every((w) => r.includes(`\`${w}\``)));
    assert.ok(row, `a row giving ${gives} lists ${words.join(", ")}`);
  }
});
