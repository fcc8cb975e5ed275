// The naming and required-list rules on published servers' tool lists (test/fixtures/real/):
// the specification allows kebab-case, camelCase and dotted names, and a schema without
// `required` means every argument is optional, so neither is a finding on these servers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { lintTools } from "../../src/lint/index.js";
import { formatLintFinding, lintMessage } from "../../src/report/lint-messages.js";
import { realServers } from "../support/real-servers.js";

const real = realServers();

test("no naming or required-list finding on any of the published servers", () => {
  assert.equal(real.length, 11);
  for (const { file, findings } of real) {
    const noisy = findings.filter((f) => f.rule === "name-style-mixed" || f.rule === "required-missing");
    assert.deepEqual(noisy, [], file);
  }
});

test("all-optional schemas of real tools (no required list) are valid; Notion's kebab names too", () => {
  const slack = real.find((r) => r.file === "slack.json")!.snap;
  const optional = slack.tools.filter((t) => !("required" in (t.inputSchema as object)));
  assert.deepEqual(
    optional.map((t) => t.name),
    ["slack_get_users", "slack_list_channels"],
  );
  assert.deepEqual(lintTools(optional), []);
  const notion = real.find((r) => r.file === "notion.json")!.snap;
  assert.ok(notion.tools.every((t) => /^API-[a-z-]+$/.test(String(t.name))));
  assert.deepEqual(
    lintTools(notion.tools).filter((f) => f.rule.startsWith("name-")),
    [],
  );
});

test("a server mixing naming styles gets one info finding naming the styles and examples", () => {
  // Context7's kebab tools beside Slack's snake_case ones, as one server would list them.
  const tools = [
    ...real.find((r) => r.file === "context7.json")!.snap.tools,
    ...real.find((r) => r.file === "slack.json")!.snap.tools,
  ];
  const mixed = lintTools(tools).filter((f) => f.rule === "name-style-mixed");
  assert.equal(mixed.length, 1);
  const [f] = mixed;
  assert.equal(f!.severity, "info");
  assert.equal(f!.tool, null);
  assert.equal(f!.path, "tools[].name");
  assert.deepEqual(f!.args, { styles: { snake_case: 8, "kebab-case": 2 } });
  assert.equal(
    lintMessage(f!),
    'tool names mix naming styles: snake_case (8: "slack_add_reaction", "slack_get_channel_history", "slack_get_thread_replies", …), kebab-case (2: "query-docs", "resolve-library-id")',
  );
  assert.match(formatLintFinding(f!).fix, /one style; snake_case, the one most of them use/);
});

test("required-missing names the words that call a property required", () => {
  const [f] = lintTools([
    {
      name: "get_page",
      description: "Get a page by its id, with its title and body.",
      inputSchema: {
        type: "object",
        properties: { id: { type: "string", description: "Page id (required)" } },
      },
    },
  ]);
  assert.equal(f?.rule, "required-missing");
  assert.equal(f.path, "inputSchema.properties.id");
  assert.deepEqual(f.args, { property: "id", said: "(required)" });
  assert.equal(
    lintMessage(f),
    'property "id" is described as required ("(required)") but the schema has no required list',
  );
});
