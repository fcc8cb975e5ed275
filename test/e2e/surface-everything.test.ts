// The official "everything" server (prompts, resource templates, paginated resources) pinned and
// verified clean, a lock written by toolscore 0.1.0 (tools only) still read, its tools clean, and
// the two builds diffed. Each build is pinned once, in before(); the diff reads the older build's
// lock instead of listing it again.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, runCli, tempDir, type CliRun } from "../support/cli.js";

const dir = tempDir("toolscore-everything-");
after(() => dir.remove());

const EVERYTHING = `node ${JSON.stringify(join(ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js"))}`;
const EVERYTHING_2025 = `node ${JSON.stringify(join(ROOT, "node_modules/everything2025/dist/index.js"))}`;
const cli = (argv: string[]) => runCli(argv, { cwd: dir.dir });
const lockOf = (file: string) =>
  JSON.parse(readFileSync(join(dir.dir, file), "utf8")) as Record<
    string,
    Array<Record<string, unknown>> | undefined
  >;

// Each build is pinned as one client that declares every capability: what these tests read (the
// prompts, templates and resources) is the same in every profile, and a pin of every profile
// lists a server six times (guard-client-profiles pins this server that way).
const FULL_CLIENT = ["--client-capabilities", "roots,sampling,elicitation"];
let pinned: CliRun;
let pinned2025: CliRun;
before(async () => {
  [pinned, pinned2025] = await Promise.all([
    cli(["mcp", "pin", EVERYTHING, ...FULL_CLIENT, "--lock", "e.lock.json"]),
    cli(["mcp", "pin", EVERYTHING_2025, "--resources", ...FULL_CLIENT, "--lock", "e25.lock.json"]),
  ]);
});

test("server-everything: prompts and resource templates pinned, verified clean", async () => {
  assert.equal(pinned.code, 0, pinned.stderr);
  const lock = lockOf("e.lock.json");
  assert.deepEqual(
    lock.prompts!.map((p) => p.name),
    ["args-prompt", "completable-prompt", "resource-prompt", "simple-prompt"],
  );
  assert.deepEqual(
    lock.resource_templates!.map((t) => t.uriTemplate),
    ["demo://resource/dynamic/blob/{resourceId}", "demo://resource/dynamic/text/{resourceId}"],
  );
  assert.equal(lock.resources, undefined);
  const verify = await cli(["mcp", "verify-pin", EVERYTHING, "--lock", "e.lock.json"]);
  assert.equal(verify.code, 0, verify.stdout);
  assert.match(verify.stdout, /Pin check: OK \(0 failing of 0 finding\(s\)/);
});

test("server-everything 2025.9.25 with --resources: 100 resources over pages, verified clean", async () => {
  assert.equal(pinned2025.code, 0, pinned2025.stderr);
  assert.match(pinned2025.stdout, /also pinned: 3 prompts, 1 resource template, 100 resources/);
  const resources = lockOf("e25.lock.json").resources!;
  assert.equal(new Set(resources.map((r) => r.uri)).size, 100);
  // Contents (text, blob) are never pinned.
  assert.ok(
    resources.every((r) => !("text" in (r.definition as object)) && !("blob" in (r.definition as object))),
  );
  const verify = await cli(["mcp", "verify-pin", EVERYTHING_2025, "--lock", "e25.lock.json"]);
  assert.equal(verify.code, 0, verify.stdout);
  assert.match(verify.stdout, /Pin check: OK \(0 failing of 0 finding\(s\)/);
});

test("a tools-only lock (toolscore 0.1.0) still reads: its tools verify clean, and prompts and templates it lacks are new", async () => {
  const fixture = join(ROOT, "test/fixtures/locks/everything-0.1.0.lock.json");
  const lock = JSON.parse(readFileSync(fixture, "utf8")) as Record<string, unknown>;
  assert.deepEqual(
    ["prompts", "resource_templates", "resources"].filter((k) => k in lock),
    [],
  );
  const r = await cli(["mcp", "verify-pin", EVERYTHING, "--lock", fixture, "--json", "-"]);
  assert.equal(r.code, 1, r.stderr);
  const report = JSON.parse(r.stdout) as {
    findings: Array<{ severity: string; rule: string; tool: string | null; item?: { key: string } }>;
  };
  // A lock without prompts or templates cannot tell a server that gained them from one that had
  // them: both are shown as new, for review, and no tool is drift. Resources were never pinned.
  assert.deepEqual(
    report.findings.filter((f) => f.severity === "error").map((f) => [f.rule, f.tool ?? f.item?.key]),
    [
      ["pin-prompt-added", "args-prompt"],
      ["pin-prompt-added", "completable-prompt"],
      ["pin-prompt-added", "resource-prompt"],
      ["pin-prompt-added", "simple-prompt"],
      ["pin-resource-added", "demo://resource/dynamic/blob/{resourceId}"],
      ["pin-resource-added", "demo://resource/dynamic/text/{resourceId}"],
    ],
  );
});

test("server-everything's two builds diffed (the older as pinned): removed prompts and template are breaking", async () => {
  const r = await cli(["mcp", "diff", "e25.lock.json", EVERYTHING, "--json", "-", "--fail-on", "breaking"]);
  assert.equal(r.code, 1, r.stderr);
  const d = JSON.parse(r.stdout) as {
    surface: Array<{ kind: string; added: string[]; removed: string[] }>;
    breaking: Array<{ kind: string; item?: { key: string } }>;
  };
  const prompts = d.surface.find((s) => s.kind === "prompt")!;
  assert.deepEqual(prompts.removed, ["complex_prompt", "resource_prompt", "simple_prompt"]);
  assert.deepEqual(prompts.added, ["args-prompt", "completable-prompt", "resource-prompt", "simple-prompt"]);
  assert.equal(d.surface.find((s) => s.kind === "resource")!.removed.length, 100);
  assert.deepEqual(
    d.breaking.filter((b) => b.item).map((b) => `${b.kind} ${b.item!.key}`),
    [
      "prompt-removed complex_prompt",
      "prompt-removed resource_prompt",
      "prompt-removed simple_prompt",
      "resource-template-removed test://static/resource/{id}",
    ],
  );
});
