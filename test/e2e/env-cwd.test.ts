// What a launched server inherits: the user's environment, then the config entry's env, then
// --env; its working directory from --cwd, or from a config's cwd relative to the config file.
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { fixture, fixtureCommand, runCli, tempDir } from "../support/cli.js";

const tmp = tempDir();
after(() => tmp.remove());

interface Report {
  cwd: string;
  env: Record<string, string | null>;
}
function report(stdout: string): Report {
  const snap = JSON.parse(stdout) as { tools: Array<{ description: string }> };
  return JSON.parse(snap.tools[0]!.description) as Report;
}

describe("environment and working directory of a launched server", () => {
  test("inherits the environment, --env laid over it, and runs in --cwd", async () => {
    const r = await runCli(
      [
        "mcp",
        "list",
        fixtureCommand("env-report.mjs"),
        "--env",
        "TOOLSCORE_OVERRIDDEN=from --env",
        "--cwd",
        tmp.dir,
        "--json",
        "-",
      ],
      { env: { TOOLSCORE_INHERITED: "from the shell", TOOLSCORE_OVERRIDDEN: "from the shell" } },
    );
    assert.equal(r.code, 0, r.stderr);
    const { cwd, env } = report(r.stdout);
    assert.equal(cwd, tmp.dir);
    assert.equal(env.TOOLSCORE_INHERITED, "from the shell");
    assert.equal(env.TOOLSCORE_OVERRIDDEN, "from --env");
    assert.equal(env.PATH, process.env.PATH);
  });

  test("a config entry's env is laid over the environment, --env over it; cwd is relative to the file", async () => {
    const dir = join(tmp.dir, "project");
    mkdirSync(join(dir, "work"), { recursive: true });
    const config = join(dir, "mcp.json");
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          report: {
            command: "node",
            args: [fixture("env-report.mjs")],
            env: { TOOLSCORE_FROM_CONFIG: "config", TOOLSCORE_OVERRIDDEN: "config" },
            cwd: "work",
          },
        },
      }),
    );
    const r = await runCli(
      ["mcp", "list", "--config", config, "--env", "TOOLSCORE_OVERRIDDEN=from --env", "--json", "-"],
      { env: { TOOLSCORE_INHERITED: "shell", TOOLSCORE_FROM_CONFIG: "shell" } },
    );
    assert.equal(r.code, 0, r.stderr);
    const { cwd, env } = report(r.stdout);
    assert.equal(cwd, join(dir, "work"));
    assert.deepEqual(
      [env.TOOLSCORE_INHERITED, env.TOOLSCORE_FROM_CONFIG, env.TOOLSCORE_OVERRIDDEN],
      ["shell", "config", "from --env"],
    );
  });

  test("without --cwd the server runs in the caller's working directory", async () => {
    const r = await runCli(["mcp", "list", fixtureCommand("env-report.mjs"), "--json", "-"], {
      cwd: tmp.dir,
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(report(r.stdout).cwd, tmp.dir);
  });

  test("env values never reach the snapshot unless the server itself sends them", async () => {
    const r = await runCli([
      "mcp",
      "list",
      fixtureCommand("garbage-stdout.mjs"),
      "--env",
      "SECRET_TOKEN=hunter2-secret",
      "--json",
      "-",
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stdout + r.stderr, /hunter2-secret/);
  });
});

describe("a relative launch command starts in the command's working directory", () => {
  const srv = join(tmp.dir, "relative-server");
  mkdirSync(srv, { recursive: true });
  for (const f of ["env-report.mjs", "raw-server.mjs"]) copyFileSync(fixture(f), join(srv, f));

  test("mcp list, mcp diff and mcp test, run in-process from another folder", async () => {
    const list = await runCli(["mcp", "list", "node env-report.mjs", "--json", "-"], { cwd: srv });
    assert.equal(list.code, 0, list.stderr);
    const description = (JSON.parse(list.stdout) as { tools: Array<{ description: string }> }).tools[0]!
      .description;
    assert.equal((JSON.parse(description) as { cwd: string }).cwd, srv);
    const diff = await runCli(["mcp", "diff", "node env-report.mjs", "node env-report.mjs"], { cwd: srv });
    assert.equal(diff.code, 0, diff.stderr);
    const card = await runCli(["mcp", "test", "node env-report.mjs", "--report", "json"], { cwd: srv });
    assert.equal(card.code, 0, card.stderr);
    assert.equal((JSON.parse(card.stdout) as { kind: string }).kind, "toolscore.mcp-scorecard");
  });
});
