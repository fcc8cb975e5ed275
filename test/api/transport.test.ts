// The programmatic API with a server the caller brings: an in-process v2 SDK server joined by the
// SDK's in-memory transport pair, no process and no port. The results are the ones the CLI
// serialises, and they match what the CLI reports for the same server launched over stdio (launched
// once: the CLI lints the listing that launch gave).
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import {
  diffServers,
  lintServer,
  listServer,
  pinServer,
  testServer,
  verifyServer,
  type TransportServer,
} from "../../src/api/index.js";
import { ToolscoreError } from "../../src/util/errors.js";
import { fixtureCommand, runCli, tempDir } from "../support/cli.js";
import { v2Server } from "../fixtures/servers/v2-tools.mjs";
import { diffJson } from "../../src/report/diff-json.js";
import { diffFails } from "../../src/diff/diff.js";

/** A fresh in-process server per connection (test() may start it again after a crash). */
function inProcess(): TransportServer {
  return {
    label: "in-process",
    transport: async () => {
      const [client, server] = InMemoryTransport.createLinkedPair();
      await v2Server("v2-dual-stdio").connect(server);
      return client;
    },
  };
}

const STDIO = fixtureCommand("v2-stdio.mjs");
const tmp = tempDir();
after(() => tmp.remove());
// The launched server's listing, saved for the CLI's lint.
const LISTED = join(tmp.dir, "listed.json");
let listed: Awaited<ReturnType<typeof runCli>>;
before(async () => {
  listed = await runCli(["mcp", "list", STDIO, "--json", "-"]);
  writeFileSync(LISTED, listed.stdout);
});

test("listServer over a transport lists what the launched server lists", async () => {
  const { snapshot, origin } = await listServer(inProcess());
  assert.equal(origin, "live");
  const cli = listed;
  assert.equal(cli.code, 0, cli.stderr);
  const launched = JSON.parse(cli.stdout) as { tools: unknown[]; server: unknown };
  assert.deepEqual(snapshot.tools, launched.tools);
  assert.deepEqual(snapshot.server, launched.server);
});

test("lintServer, pinServer, verifyServer and diffServers over a transport: the same reports as the CLI's JSON", async () => {
  const linted = await lintServer(inProcess());
  const cli = await runCli(["mcp", "lint", LISTED, "--json", "-"]);
  assert.equal(cli.code, 0, cli.stderr);
  assert.deepEqual(linted.report, JSON.parse(cli.stdout));

  const { lock } = await pinServer(inProcess());
  const { report } = await verifyServer(inProcess(), lock);
  assert.equal(report.kind, "toolscore.mcp-pin-report");
  assert.equal(report.ok, true, JSON.stringify(report.findings));

  const { diff: d } = await diffServers(inProcess(), inProcess());
  assert.equal(diffJson(d).kind, "toolscore.mcp-diff");
  assert.equal(diffFails(d, "any"), false);
});

test("a pin check asks for the lock's client capabilities: another set is a CLIENT_CAPABILITIES error", async () => {
  const { lock } = await pinServer(inProcess());
  await assert.rejects(
    verifyServer(inProcess(), lock, { connect: { clientCapabilities: ["sampling"] } }),
    (e: unknown) => e instanceof ToolscoreError && e.code === "CLIENT_CAPABILITIES",
  );
});

test("testServer grades a server over a transport and returns the scorecard and its listing", async () => {
  const { scorecard, snapshot } = await testServer(inProcess(), { cases: 1, edgeCases: false });
  assert.equal(scorecard.kind, "toolscore.mcp-scorecard");
  assert.equal(scorecard.tools.length, snapshot.tools.length);
});
