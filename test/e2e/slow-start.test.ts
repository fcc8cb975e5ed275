// The protocol a lock records is the newest the server speaks, whatever its start-up time: a v2-SDK
// server (both eras) behind a start-up delay past the five seconds after which initialize follows
// the probe answers server/discover first and initialize second; it is pinned fast and verified
// slow with no protocol change. The slow server is started again to speak 2026-07-28: only its first
// start waits (the start that makes the marker folder), so that the run waits out the delay once.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fixture, runCli, tempDir } from "../support/cli.js";

const dir = tempDir("toolscore-slow-start-");
after(() => dir.remove());
const SERVER = `node ${JSON.stringify(fixture("v2-stdio.mjs"))}`;
const MARKER = JSON.stringify(join(dir.dir, "started"));
const SLOW = `sh -c ${JSON.stringify(`if mkdir ${MARKER} 2>/dev/null; then sleep 5.1; fi; exec ${SERVER}`)}`;

test("a v2-SDK server pinned fast and verified behind a 5.1 s start-up delay: no protocol change", async () => {
  const pin = await runCli(["mcp", "pin", SERVER, "--lock", "v2.lock.json"], { cwd: dir.dir });
  assert.equal(pin.code, 0, pin.stderr);
  const lock = JSON.parse(readFileSync(join(dir.dir, "v2.lock.json"), "utf8")) as { protocol: string };
  assert.equal(lock.protocol, "2026-07-28");
  const verify = await runCli(["mcp", "verify-pin", SLOW, "--lock", "v2.lock.json", "--json", "-"], {
    cwd: dir.dir,
  });
  assert.equal(verify.code, 0, verify.stderr);
  const report = JSON.parse(verify.stdout) as { findings: Array<{ rule: string }> };
  assert.deepEqual(report.findings, []);
  assert.ok(existsSync(join(dir.dir, "started")), "the slow start never ran");
});
