// `uvx` and `pipx run` launches pinned and checked end to end. uv and pipx themselves do not run
// here (neither is installed, and there is no index): a launcher script named `uvx` (and one named
// `pipx`) stands in for each and starts the fixture server, and the environments those tools would
// have left are laid out, as they write them, in a temporary cache named by UV_CACHE_DIR and
// PIPX_HOME. What toolscore reads is real: the cache on the disk, the lock, the guard's answers.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fixture, ROOT, runCli, tempDir } from "../support/cli.js";
import { openRawSession } from "../support/raw-session.js";
import { pipxRunEnvironment, recordOf, sha256Integrity, uvEnvironment } from "../support/python-caches.js";
import { parseLock } from "../../src/pin/lock-read.js";

const CLI = join(ROOT, "dist", "cli.js");
const tmp = tempDir("toolscore-pkg-python-");
after(() => tmp.remove());
const NAME = "mcp-server-notes";
const UV_CACHE = join(tmp.dir, "uv-cache");
const PIPX_HOME = join(tmp.dir, "pipx-home");
const env = { UV_CACHE_DIR: UV_CACHE, PIPX_HOME, UV_TOOL_DIR: join(tmp.dir, "uv-tools") };
const bin = join(tmp.dir, "bin");
const UVX = () => [join(bin, "uvx"), NAME];
const PIPX = () => [join(bin, "pipx"), "run", NAME];
const UV_LOCK = join(tmp.dir, "uvx.lock.json");
const PIPX_LOCK = join(tmp.dir, "pipx.lock.json");
let firstUv = "";

before(() => {
  mkdirSync(bin);
  for (const tool of ["uvx", "pipx"]) {
    writeFileSync(join(bin, tool), `#!/bin/sh\nexec "${process.execPath}" "${fixture("three-tools.mjs")}"\n`);
    chmodSync(join(bin, tool), 0o755);
  }
  firstUv = uvEnvironment(UV_CACHE, NAME, "1.0.0");
  pipxRunEnvironment(join(PIPX_HOME, ".cache"), NAME, "1.0.0");
});

interface Finding {
  rule: string;
  failing: boolean;
  package?: { locked: { version: string }; found: { version: string } | null; reason: string | null };
}
const findingsOf = (stdout: string) => (JSON.parse(stdout) as { findings: Finding[] }).findings;

test("pin records the uvx launch's package from uv's cache, and verify-pin finds it unchanged", async () => {
  const r = await runCli(["mcp", "pin", UVX().join(" "), "--lock", UV_LOCK], { env });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(parseLock(JSON.parse(readFileSync(UV_LOCK, "utf8"))).package, {
    ecosystem: "pypi",
    name: NAME,
    version: "1.0.0",
    integrity: sha256Integrity(recordOf(firstUv, NAME, "1.0.0")),
  });
  const check = await runCli(["mcp", "verify-pin", UVX().join(" "), "--lock", UV_LOCK, "--json", "-"], {
    env,
  });
  assert.equal(check.code, 0, check.stdout);
  assert.deepEqual(findingsOf(check.stdout), []);
});

test("uv's cache refreshed to 1.0.1 with the same tools: verify-pin fails with pin-package-changed", async () => {
  // What `uvx mcp-server-notes@latest` leaves: the old environment gone, a new one in its place.
  rmSync(join(UV_CACHE, "environments-v2"), { recursive: true });
  uvEnvironment(UV_CACHE, NAME, "1.0.1");
  const r = await runCli(["mcp", "verify-pin", UVX().join(" "), "--lock", UV_LOCK, "--json", "-"], { env });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const findings = findingsOf(r.stdout);
  assert.deepEqual(
    findings.map((f) => [f.rule, f.failing]),
    [["pin-package-changed", true]],
  );
  assert.equal(findings[0]!.package!.found!.version, "1.0.1");
  // The console report of the same run, on stderr beside the JSON.
  assert.match(
    r.stderr,
    new RegExp(`the launch runs ${NAME}@1\\.0\\.1 .*the lock records ${NAME}@1\\.0\\.0`),
  );
});

test("the guard refuses a changed package in every --on-drift mode, warn too, and the call never reaches the server", async () => {
  for (const mode of ["hide", "block", "warn"]) {
    const calls = join(tmp.dir, `calls-${mode}.log`);
    const log = join(tmp.dir, `guard-${mode}.log`);
    const g = await openRawSession(
      process.execPath,
      [CLI, "mcp", "guard", "--lock", UV_LOCK, "--on-drift", mode, "--log", log, "--", ...UVX()],
      { ...env, CALL_LOG: calls },
    );
    try {
      const list = await g.request("tools/list");
      assert.equal(list.error?.code, -32002, `${mode}: ${JSON.stringify(list)}`);
      assert.match(list.error?.message ?? "", /pin-package-changed/);
      const call = await g.request("tools/call", { name: "read_note", arguments: { id: "1" } });
      assert.match(call.error?.message ?? "", /pin-package-changed/, `${mode}: ${JSON.stringify(call)}`);
    } finally {
      await g.close();
    }
    assert.equal(
      existsSync(calls) ? readFileSync(calls, "utf8") : "",
      "",
      `${mode}: the server received a call`,
    );
    const events = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { event: string; method?: string });
    assert.ok(
      events.some((e) => e.event === "refused" && e.method === "tools/call"),
      `${mode}: ${JSON.stringify(events)}`,
    );
    assert.ok(!events.some((e) => e.event === "warned" && e.method === "tools/call"), mode);
  }
});

test("pipx run: pinned from pipx's run cache; a second environment that differs is not vouched for", async () => {
  const r = await runCli(["mcp", "pin", PIPX().join(" "), "--lock", PIPX_LOCK], { env });
  assert.equal(r.code, 0, r.stderr);
  const lock = parseLock(JSON.parse(readFileSync(PIPX_LOCK, "utf8")));
  assert.equal(lock.package?.ecosystem, "pypi");
  assert.equal(lock.package?.version, "1.0.0");
  assert.match(lock.package!.integrity!, /^sha256-[A-Za-z0-9+/]{43}=$/);
  const clean = await runCli(["mcp", "verify-pin", PIPX().join(" "), "--lock", PIPX_LOCK, "--json", "-"], {
    env,
  });
  assert.equal(clean.code, 0, clean.stdout);
  pipxRunEnvironment(join(PIPX_HOME, ".cache"), NAME, "1.2.0");
  const r2 = await runCli(["mcp", "verify-pin", PIPX().join(" "), "--lock", PIPX_LOCK, "--json", "-"], {
    env,
  });
  assert.equal(r2.code, 1, r2.stdout);
  const [f] = findingsOf(r2.stdout);
  assert.equal(f?.rule, "pin-package-changed");
  assert.equal(f.package!.found, null);
  assert.match(
    f.package!.reason!,
    /^2 environments of pipx run in .* hold mcp-server-notes \(1\.0\.0, 1\.2\.0\)/,
  );
});
