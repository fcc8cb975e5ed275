// What a SERVER argument names: a launch command, a URL, a saved file, or a config entry.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { resolveTarget } from "../../src/mcp/target.js";
import { redactUrl } from "../../src/mcp/redact.js";
import { isToolscoreError } from "../../src/util/errors.js";
import { runCli, tempDir } from "../support/cli.js";

const tmp = tempDir();
after(() => tmp.remove());
const snap = join(tmp.dir, "snap.json");
writeFileSync(snap, "{}");
const noExt = join(tmp.dir, "lockfile");
writeFileSync(noExt, '  {"kind": "toolscore.mcp-lock"}');
const cfg = join(tmp.dir, "cfg.json");
writeFileSync(
  cfg,
  JSON.stringify({ mcpServers: { s: { command: "node", args: ["a b.js"], env: { K: "config", C: "c" } } } }),
);

describe("resolveTarget", () => {
  test("a launch command is split like a shell splits words", () => {
    assert.deepEqual(resolveTarget(`python "my server.py" --flag='x y'`, { env: ["K=V=W"] }), {
      kind: "stdio",
      argv: ["python", "my server.py", "--flag=x y"],
      env: { K: "V=W" },
      cwd: undefined,
      label: `python "my server.py" --flag='x y'`,
    });
  });

  test("a URL, with headers; its label hides credentials and query values", () => {
    const t = resolveTarget("https://u:p@host/mcp?key=s3cret", { headers: ["X-Key:  v:1 "] });
    assert.deepEqual(t, {
      kind: "http",
      url: "https://u:p@host/mcp?key=s3cret",
      headers: { "X-Key": "v:1" },
      preferSse: false,
      label: "https://***:***@host/mcp?key=***",
    });
  });

  test("an existing .json file, or a file starting with {, is a saved file", () => {
    assert.equal(resolveTarget(snap).kind, "file");
    assert.equal(resolveTarget(noExt).kind, "file");
  });

  test("a config entry: --env over the entry's env", () => {
    const t = resolveTarget(undefined, { config: cfg, env: ["K=flag"] });
    assert.deepEqual(t, {
      kind: "stdio",
      argv: ["node", "a b.js"],
      env: { K: "flag", C: "c" },
      cwd: undefined,
      label: "s",
    });
  });

  // [case, argument, options, error code, message pattern]
  const BAD: Array<[string, string | undefined, Record<string, unknown>, string, RegExp]> = [
    ["nothing", undefined, {}, "USAGE", /^name a server/],
    ["blank", "  ", {}, "USAGE", /^name a server/],
    ["command and --config", "node x.js", { config: cfg }, "USAGE", /not both/],
    ["--server alone", "node x.js", { server: "s" }, "USAGE", /add --config PATH/],
    ["missing .json", "missing.json", {}, "FILE_NOT_FOUND", /^no such file: missing\.json/],
    ["bad --env", "node x.js", { env: ["=v"] }, "USAGE", /--env takes KEY=VALUE/],
    ["bad --header", "http://h/mcp", { headers: ["novalue"] }, "USAGE", /--header takes "Name: value"/],
  ];
  for (const [name, arg, opts, code, message] of BAD) {
    test(`error: ${name}`, () => {
      assert.throws(
        () => resolveTarget(arg, opts),
        (e) => isToolscoreError(e) && e.code === code && message.test(e.message),
      );
    });
  }
});

describe("redactUrl", () => {
  const CASES: Array<[string, string]> = [
    ["http://127.0.0.1:3000/mcp", "http://127.0.0.1:3000/mcp"],
    ["https://user:pass@h/mcp", "https://***:***@h/mcp"],
    ["https://h/mcp?token=abc&x=1", "https://h/mcp?token=***&x=***"],
    ["not a url", "<invalid URL>"],
  ];
  for (const [url, shown] of CASES) test(url, () => assert.equal(redactUrl(url), shown));
});

describe("a relative file argument is found in the command's working directory", () => {
  test("resolveTarget with baseDir reads snap.json from that folder", () => {
    const t = resolveTarget("snap.json", { baseDir: tmp.dir });
    assert.deepEqual(t, { kind: "file", path: snap, label: "snap.json" });
  });

  test("mcp list relative-snap.json, run in-process with another working directory", async () => {
    const snapshot = {
      kind: "toolscore.mcp-snapshot",
      snapshot_version: "1",
      server: { name: "s", version: "1" },
      protocol: "2025-11-25",
      capabilities: { tools: {} },
      instructions: null,
      tools: [],
    };
    writeFileSync(join(tmp.dir, "relative-snap.json"), JSON.stringify(snapshot));
    const run = await runCli(["mcp", "list", "relative-snap.json"], { cwd: tmp.dir });
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
    assert.match(run.stdout, /^s 1 /);
  });
});
