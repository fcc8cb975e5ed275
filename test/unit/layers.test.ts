// The layer order (util → schema → mcp → pin → lint → score/diff → report → guard → api → cli →
// action), and the cores never connecting, is enforced by eslint.config.js; these cases check that the rule bites where it should.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";

// The config is plain JavaScript: read it by path, typed here.
const configPath = "../../eslint.config.js";
const { default: config } = (await import(configPath)) as { default: Linter.Config[] };

// Only the layer rules (and the TypeScript parser): the type-aware rules need real files.
const layerConfigs = config.filter(
  (c) => c.files?.length === 1 && String(c.files[0]).startsWith("src/") && c.rules?.["no-restricted-imports"],
);
const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [{ files: ["**/*.ts"] }, tseslint.configs.base as Linter.Config, ...layerConfigs],
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const CASES: Array<[file: string, code: string, rules: string[]]> = [
  ["src/pin/x.ts", 'import { renderFieldDiff } from "../report/field-diff.js";', ["no-restricted-imports"]],
  ["src/pin/x.ts", 'import { diffField } from "./field-diff.js";', []],
  ["src/lint/x.ts", 'import type { Scorecard } from "../score/types.js";', ["no-restricted-imports"]],
  ["src/score/x.ts", 'import { lintServer } from "../lint/index.js";', []],
  ["src/score/x.ts", 'import { diffSnapshots } from "../diff/diff.js";', ["no-restricted-imports"]],
  ["src/diff/x.ts", 'import { readFileSync } from "node:fs";', ["no-restricted-imports"]],
  ["src/report/x.ts", 'import { main } from "../cli/main.js";', ["no-restricted-imports"]],
  ["src/report/x.ts", "console.log(process.argv);", ["no-console", "no-restricted-globals"]],
  ["src/mcp/x.ts", 'import { LINT_RULES } from "../lint/index.js";', ["no-restricted-imports"]],
  ["src/mcp/x.ts", 'import { spawn } from "node:child_process";', []],
  ["src/schema/x.ts", 'import type { RawTool } from "../mcp/types.js";', ["no-restricted-imports"]],
  ["src/cli/commands/x.ts", 'import { renderLint } from "../../report/lint.js";', []],
  ["src/cli/commands/x.ts", 'import { run } from "../../action/main.js";', ["no-restricted-imports"]],
  ["src/util/fs.ts", 'import { readFileSync } from "node:fs";', []],
  // Connecting is the API's: a core reads snapshots and calls tools through a function it is given.
  ["src/score/x.ts", 'import { connectTarget } from "../mcp/connect.js";', ["no-restricted-imports"]],
  ["src/score/x.ts", 'import { RestartableCaller } from "../mcp/restartable.js";', ["no-restricted-imports"]],
  ["src/score/x.ts", 'import type { MCPClient } from "../mcp/client.js";', ["no-restricted-imports"]],
  ["src/lint/x.ts", 'import { MCPStdioClient } from "../mcp/stdio-client.js";', ["no-restricted-imports"]],
  ["src/score/x.ts", 'import type { CallTool } from "../mcp/types.js";', []],
  [
    "src/pin/x.ts",
    'import { signInAuthProvider } from "../mcp/oauth-session.js";',
    ["no-restricted-imports"],
  ],
  ["src/scan/x.ts", 'import { credentialsPath } from "../mcp/token-store.js";', ["no-restricted-imports"]],
  ["src/diff/x.ts", 'import { MCPHttpClient } from "../mcp/http.js";', ["no-restricted-imports"]],
  ["src/api/x.ts", 'import { connectTarget } from "../mcp/connect.js";', []],
  // The API opens the guard's upstream; the guard never reaches up into the API.
  ["src/api/x.ts", 'import { startGuard } from "../guard/start.js";', []],
  ["src/guard/x.ts", 'import { openServer } from "../api/open.js";', ["no-restricted-imports"]],
];

for (const [file, code, rules] of CASES) {
  test(`layers: ${file}: ${code}`, async () => {
    assert.deepEqual((await problems(file, code)).sort(), rules);
  });
}
