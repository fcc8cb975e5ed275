// `${…}` references in a client config entry, expanded as the file's client expands them, through
// the CLI (in-process, and once the built bin) and a real server that reports what it was given: Claude Code's `${VAR}` and
// `${VAR:-default}`, the `${env:VAR}` of Cursor and VS Code, both for a file of no known client,
// VS Code's `${input:…}` refused, expanded secrets never shown, and lock sets that keep the text
// as written.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { fixture, runBin, runCli, tempDir } from "../support/cli.js";

const tmp = tempDir();
after(() => tmp.remove());
const TOKEN = "sk_live_reference_0123456789";
const ENV = { TS_FIXTURES: `${fixture("")}/`, TS_TOKEN: TOKEN, TS_MODE: "alpha" };
const sha = (s: string) => createHash("sha256").update(s).digest("hex");

/** Writes a config of one server `ref` at `rel` (folders made) and returns its path. */
function config(rel: string, entry: Record<string, unknown>, key = "mcpServers"): string {
  const path = join(tmp.dir, rel);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, JSON.stringify({ [key]: { ref: entry } }));
  return path;
}

interface Report {
  argv: string[];
  plain: string | null;
  tokenSha256: string | null;
}
async function listed(path: string, run: typeof runCli = runCli) {
  const r = await run(["mcp", "list", "--config", path, "--json", "-"], { env: ENV });
  assert.equal(r.code, 0, r.stderr);
  const description = (JSON.parse(r.stdout) as { tools: Array<{ description: string }> }).tools[0]!
    .description;
  return { report: JSON.parse(description.slice(0, description.lastIndexOf(" token="))) as Report, r };
}

// The tests share nothing but the folder, each its own file in it: they run side by side.
describe("config references", { concurrency: true }, () => {
  test("Claude Code (.mcp.json): ${VAR} and ${VAR:-default}; an unset one stays as written; ${env:…} is not its syntax", async () => {
    const path = config(join("claude", ".mcp.json"), {
      command: "node",
      args: [
        "${TS_FIXTURES}reference-report.mjs",
        "--echo-token",
        "--mode=${TS_MODE}",
        "${TS_MISSING:-fallback}",
        "${TS_MISSING}",
        "${env:TS_MODE}",
      ],
      env: { TOOLSCORE_REF_TOKEN: "${TS_TOKEN}", TOOLSCORE_REF_PLAIN: "pre-${TS_MISSING:-x}" },
    });
    // Through the built bin: what the process writes is scrubbed.
    const { report, r } = await listed(path, runBin);
    assert.deepEqual(report.argv, ["--mode=alpha", "fallback", "${TS_MISSING}", "${env:TS_MODE}"]);
    assert.equal(report.plain, "pre-x");
    assert.equal(report.tokenSha256, sha(TOKEN));
    // The expanded secret, which the server echoes, is scrubbed from every output.
    assert.ok(!(r.stdout + r.stderr).includes(TOKEN));
    assert.match(r.stdout, /token=\*\*\*/);
    // Claude Code warns of a variable it leaves as written; so does toolscore.
    assert.ok(
      r.stderr.includes(
        `toolscore: note: server "ref" in ${path} uses \${TS_MISSING}, and TS_MISSING is not set: passed as written, as Claude Code does\n`,
      ),
      r.stderr,
    );
  });

  test("Cursor (.cursor/mcp.json): ${env:VAR}; an unset one is empty; ${VAR} is not its syntax", async () => {
    const path = config(join("cursor", ".cursor", "mcp.json"), {
      command: "node",
      args: ["${env:TS_FIXTURES}reference-report.mjs", "${env:TS_MODE}", "[${env:TS_MISSING}]", "${TS_MODE}"],
      env: { TOOLSCORE_REF_TOKEN: "${env:TS_TOKEN}" },
    });
    const { report } = await listed(path);
    assert.deepEqual(report.argv, ["alpha", "[]", "${TS_MODE}"]);
    assert.equal(report.tokenSha256, sha(TOKEN));
  });

  test("a file of no known client: both syntaxes", async () => {
    const path = config("servers.json", {
      command: "node",
      args: ["${TS_FIXTURES}reference-report.mjs", "${env:TS_MODE}", "${TS_MODE}", "${TS_MISSING:-d}"],
    });
    const { report } = await listed(path);
    assert.deepEqual(report.argv, ["alpha", "alpha", "d"]);
  });

  test("Claude Desktop passes the text as written", async () => {
    const path = config(join("desktop", "Claude", "claude_desktop_config.json"), {
      command: "node",
      args: [join(fixture(""), "reference-report.mjs"), "${TS_MODE}"],
    });
    const { report } = await listed(path);
    assert.deepEqual(report.argv, ["${TS_MODE}"]);
  });

  test("VS Code's ${input:…} cannot be resolved outside the client: one line, exit 2", async () => {
    const path = config(
      join("vscode", ".vscode", "mcp.json"),
      { type: "stdio", command: "node", args: ["server.js"], env: { API_KEY: "${input:api-key}" } },
      "servers",
    );
    const r = await runCli(["mcp", "list", "--config", path], { env: ENV });
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      `toolscore: server "ref" in ${path} uses \${input:api-key}, a value the client asks for when it starts the server: toolscore cannot resolve it outside the client; put the value in an environment variable and use \${env:NAME}\n`,
    );
  });

  test("a lock set records the launch as written: no expanded value, the same on every machine", async () => {
    const path = config(join("set", ".mcp.json"), {
      command: "node",
      args: ["${TS_FIXTURES}reference-report.mjs", "--mode=${TS_MODE}"],
      env: { TOOLSCORE_REF_TOKEN: "${TS_TOKEN}" },
    });
    const lock = join(tmp.dir, "set", "toolscore.lockset.json");
    const pin = await runCli(["mcp", "pin", "--config", path, "--lock", lock], { env: ENV });
    assert.equal(pin.code, 0, pin.stderr);
    const text = readFileSync(lock, "utf8");
    assert.ok(!text.includes(TOKEN));
    const launch = (JSON.parse(text) as { servers: { ref: { launch: { args: string[]; env: string[] } } } })
      .servers.ref.launch;
    assert.deepEqual(launch.args, ["${TS_FIXTURES}reference-report.mjs", "--mode=${TS_MODE}"]);
    assert.deepEqual(launch.env, ["TOOLSCORE_REF_TOKEN"]);
    // Another machine, another token and folder value: the same lock verifies (the surface is the same).
    const verify = await runCli(["mcp", "verify-pin", "--config", path, "--lock", lock], {
      env: { ...ENV, TS_TOKEN: "sk_live_other_machine_987654" },
    });
    assert.notEqual(verify.code, 2, verify.stderr);
  });
});
