// A kind the server cannot list does not fail a command that does not need it: tools are listed,
// linted and pinned, the kind is recorded as not listed (its error code only), and a lock that
// pins the kind gets a finding, never a pass, while it cannot be listed. A server that gains its
// first prompt after it was pinned is drift, as a new tool is.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fixture, fixtureCommand, runCli, tempDir } from "../support/cli.js";
import { CLI, connectThroughGuard } from "../support/guard.js";

const dir = tempDir("toolscore-listing-");
after(() => dir.remove());
const FAILS = fixtureCommand("resources-list-fails.mjs");
const cli = (argv: string[], env: Record<string, string> = {}) => runCli(argv, { cwd: dir.dir, env });
const NOTE =
  "toolscore: note: the server answered resources/list with an error: connect ECONNREFUSED postgres://app:hunter2@127.0.0.1:5432/app (JSON-RPC error -32603); its resources are not listed\n";
// A lock pinned without --resources while neither resources nor their templates can be listed:
// made once, for the test of verify-pin and the guard's.
const TEMPLATES_FAIL = { TEMPLATES_FAIL: "1" };
const TOOLS_LOCK = join(dir.dir, "tools.lock.json");
let toolsPin: ReturnType<typeof cli> | undefined;
const pinTools = () => (toolsPin ??= cli(["mcp", "pin", FAILS, "--lock", TOOLS_LOCK], TEMPLATES_FAIL));

test("mcp list and lint: the tools are listed, the failed kind is named, and the run passes", async () => {
  const list = await cli(["mcp", "list", FAILS, "--json", "-"]);
  assert.equal(list.code, 0, list.stderr);
  assert.ok(list.stderr.startsWith(NOTE), list.stderr);
  const snapshot = JSON.parse(list.stdout) as Record<string, unknown>;
  assert.deepEqual(
    (snapshot.tools as Array<{ name: string }>).map((t) => t.name),
    ["query"],
  );
  assert.equal(snapshot.resources, undefined);
  assert.deepEqual(snapshot.unlisted, { resources: { code: -32603 } });
  const lint = await cli(["mcp", "lint", FAILS]);
  assert.equal(lint.code, 0, lint.stdout + lint.stderr);
});

test("mcp pin --resources records the kind as not listed, with no word of the error's text", async () => {
  const pin = await cli(["mcp", "pin", FAILS, "--resources", "--lock", "fails.lock.json"]);
  assert.equal(pin.code, 0, pin.stderr);
  assert.match(
    pin.stdout,
    /not listed \(the server answered with an error\): resources \(JSON-RPC error -32603\)/,
  );
  const text = readFileSync(join(dir.dir, "fails.lock.json"), "utf8");
  assert.doesNotMatch(text, /hunter2|ECONNREFUSED/);
  const lock = JSON.parse(text) as Record<string, unknown>;
  assert.equal(lock.resources, undefined);
  assert.deepEqual(lock.unlisted, { resources: { code: -32603 } });
  // Still not listed: reported (not checked), not clean, and not a failure of the run.
  const verify = await cli(["mcp", "verify-pin", FAILS, "--lock", "fails.lock.json", "--json", "-"]);
  assert.equal(verify.code, 0, verify.stderr);
  const report = JSON.parse(verify.stdout) as { findings: Array<{ rule: string; severity: string }> };
  assert.deepEqual(
    report.findings.map((f) => [f.rule, f.severity]),
    [["pin-list-unavailable", "info"]],
  );
  // Once the server can list them, they are new.
  const now = await cli(["mcp", "verify-pin", FAILS, "--lock", "fails.lock.json"], { RESOURCES_OK: "1" });
  assert.equal(now.code, 1, now.stdout);
  assert.match(
    now.stdout,
    /new resource 'postgres:\/\/db\/users\/schema' is not in the lock \(pin-resource-added\)/,
  );
});

test("a lock that pins resources fails verification while they cannot be listed", async () => {
  const pin = await cli(["mcp", "pin", FAILS, "--resources", "--lock", "ok.lock.json"], {
    RESOURCES_OK: "1",
  });
  assert.equal(pin.code, 0, pin.stderr);
  const verify = await cli(["mcp", "verify-pin", FAILS, "--lock", "ok.lock.json"]);
  assert.equal(verify.code, 1, verify.stdout);
  assert.match(
    verify.stdout,
    /ERROR {2}the server's resources could not be listed \(JSON-RPC error -32603\), so they were not checked \(pin-list-failed\)/,
  );
  // Pinned without --resources, the failing kinds (here the templates too) are not needed: the
  // check passes.
  const tools = await pinTools();
  assert.equal(tools.code, 0, tools.stderr);
  assert.equal((await cli(["mcp", "verify-pin", FAILS, "--lock", TOOLS_LOCK], TEMPLATES_FAIL)).code, 0);
});

test("a server that gains its first prompt after it was pinned is drift", async () => {
  const server = fixtureCommand("gains-prompt.mjs");
  const pin = await cli(["mcp", "pin", server, "--lock", "gains.lock.json"]);
  assert.equal(pin.code, 0, pin.stderr);
  const lock = JSON.parse(readFileSync(join(dir.dir, "gains.lock.json"), "utf8")) as Record<string, unknown>;
  assert.equal(lock.prompts, undefined);
  assert.equal((await cli(["mcp", "verify-pin", server, "--lock", "gains.lock.json"])).code, 0);
  const verify = await cli(["mcp", "verify-pin", server, "--lock", "gains.lock.json"], { PROMPTS: "1" });
  assert.equal(verify.code, 1, verify.stdout);
  assert.match(verify.stdout, /ERROR {2}new prompt 'exfiltrate' is not in the lock \(pin-prompt-added\)/);
});

test("the guard serves the tools of a server whose templates cannot be listed, and logs why", async () => {
  const env = TEMPLATES_FAIL;
  const lock = TOOLS_LOCK;
  const pin = await pinTools();
  assert.equal(pin.code, 0, pin.stderr);
  const guard = [
    CLI,
    "mcp",
    "guard",
    "--lock",
    lock,
    "--",
    process.execPath,
    fixture("resources-list-fails.mjs"),
  ];
  const g = await connectThroughGuard(guard, { env });
  try {
    assert.deepEqual(
      (await g.client.listTools()).tools.map((t) => t.name),
      ["query"],
    );
    const r = await g.client.callTool({ name: "query", arguments: {} });
    assert.deepEqual(r.content, [{ type: "text", text: "no rows" }]);
  } finally {
    await g.close();
  }
  assert.ok(!/unverified/.test(g.stderr()), g.stderr());
  assert.ok(!g.stderr().includes("hunter2"), g.stderr());
});
