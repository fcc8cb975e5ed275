// `npx -y pkg@^1` against a real npm registry on 127.0.0.1 (verdaccio, no uplinks): the lock binds
// the version npx installed; a new version with the same tools is pin-package-changed, the guard
// refuses to serve it, and --pin-versions holds the config entry to the locked version.
// time limit: 240 s
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { openRawSession } from "../support/raw-session.js";
import { NOTES_NAME, notesPackageAt, publishTo } from "../support/packages.js";
import { parseLockSet } from "../../src/pin/lockset.js";

const CLI = join(ROOT, "dist", "cli.js");
const tmp = tempDir("toolscore-pkg-npx-");
let registry: ChildProcess | undefined;
let url = "";
const env: Record<string, string> = {};
const SET = join(tmp.dir, "toolscore.lockset.json");
const CONFIG = join(tmp.dir, "mcp.json");
const VERSIONS = join(tmp.dir, "versions.log");
const LAUNCH = ["npx", "-y", `${NOTES_NAME}@^1`];

const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

// Published by a PUT from here, as npm publish sends it: what the test is about is npx's side.
const publish = (version: string) => publishTo(url, notesPackageAt(tmp.dir, version));

before(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}/`;
  const config = join(tmp.dir, "verdaccio.yaml");
  writeFileSync(
    config,
    [
      `storage: ${join(tmp.dir, "storage")}`,
      "auth:",
      "  htpasswd:",
      `    file: ${join(tmp.dir, "htpasswd")}`,
      "uplinks: {}",
      "packages:",
      "  '**':",
      "    access: $all",
      "    publish: $all",
      "log: { type: stdout, format: json, level: error }",
      // npm needs only the registry's API: the web UI is never loaded.
      "web: { enable: false }",
      "",
    ].join("\n"),
  );
  // Its own process group, so that `after` stops it with whatever it started.
  registry = spawn(
    process.execPath,
    [
      join(ROOT, "node_modules", "verdaccio", "bin", "verdaccio"),
      "--config",
      config,
      "--listen",
      `127.0.0.1:${port}`,
    ],
    { detached: true, stdio: "ignore" },
  );
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}-/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 300) throw new Error("the registry did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  // A user config of its own, so that no other npmrc is read.
  const npmrc = join(tmp.dir, "npmrc");
  writeFileSync(npmrc, "");
  Object.assign(env, {
    npm_config_registry: url,
    npm_config_cache: join(tmp.dir, "npm-cache"),
    npm_config_userconfig: npmrc,
    npm_config_update_notifier: "false",
    npm_config_audit: "false",
    npm_config_fund: "false",
    NOTES_VERSION_LOG: VERSIONS,
  });
  await publish("1.0.0");
});

after(() => {
  if (registry?.pid !== undefined)
    try {
      process.kill(-registry.pid, "SIGKILL");
    } catch {
      // gone already
    }
  tmp.remove();
});

interface Finding {
  rule: string;
  failing: boolean;
  package?: { locked: { version: string }; found: { version: string } | null };
}
const lastRun = () => readFileSync(VERSIONS, "utf8").trim().split("\n").pop();

test("pin --config binds npx -y pkg@^1 to the version npx installed, and marks it floating", async () => {
  writeFileSync(
    CONFIG,
    JSON.stringify({ mcpServers: { notes: { command: "npx", args: LAUNCH.slice(1), env } } }, null, 2) + "\n",
  );
  const set = await runCli(["mcp", "pin", "--config", CONFIG, "--lock", SET], { env, cwd: tmp.dir });
  assert.equal(set.code, 0, set.stderr);
  assert.match(set.stdout, new RegExp(`'notes' runs ${NOTES_NAME}@\\^1, which floats`));
  const lock = parseLockSet(JSON.parse(readFileSync(SET, "utf8"))).servers.notes!;
  assert.equal(lock.package?.name, NOTES_NAME);
  assert.equal(lock.package?.version, "1.0.0");
  const meta = (await (await fetch(`${url}${NOTES_NAME}`)).json()) as {
    versions: Record<string, { dist: { integrity: string } }>;
  };
  assert.equal(lock.package?.integrity, meta.versions["1.0.0"]!.dist.integrity);
  assert.equal(lastRun(), "1.0.0");
  // mcp scan reads a project's .mcp.json (Claude Code) and marks the same entry.
  const project = join(tmp.dir, "project");
  mkdirSync(project);
  writeFileSync(join(project, ".mcp.json"), readFileSync(CONFIG));
  const scan = await runCli(["mcp", "scan", "--project", project, "--json", "-"], {
    env: { ...env, HOME: join(tmp.dir, "home") },
    cwd: project,
  });
  const rows = (JSON.parse(scan.stdout) as { servers: Array<{ name: string; floating?: string }> }).servers;
  assert.equal(rows.find((r) => r.name === "notes")?.floating, `${NOTES_NAME}@^1`);
  const text = await runCli(["mcp", "scan", "--project", project], {
    env: { ...env, HOME: join(tmp.dir, "home") },
    cwd: project,
  });
  assert.match(text.stdout, new RegExp(`floats: ${NOTES_NAME}@\\^1 \\(no exact version\\)`));
});

test("1.0.1 with the same tools: verify-pin fails with pin-package-changed", async () => {
  await publish("1.0.1");
  const r = await runCli(
    ["mcp", "verify-pin", LAUNCH.join(" "), "--lock", SET, "--server", "notes", "--json", "-"],
    { env },
  );
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const findings = (JSON.parse(r.stdout) as { findings: Finding[] }).findings;
  assert.deepEqual(
    findings.map((f) => [f.rule, f.failing]),
    [["pin-package-changed", true]],
  );
  assert.equal(findings[0]!.package!.found!.version, "1.0.1");
  assert.equal(lastRun(), "1.0.1");
});

test("the guard refuses to serve the new version", async () => {
  const g = await openRawSession(
    process.execPath,
    [CLI, "mcp", "guard", "--lock", SET, "--server", "notes", "--", ...LAUNCH],
    env,
  );
  try {
    const list = await g.request("tools/list");
    assert.equal(list.error?.code, -32002, JSON.stringify(list));
    assert.match(list.error?.message ?? "", /pin-package-changed/);
    const call = await g.request("tools/call", { name: "read_note", arguments: { id: "1" } });
    assert.match(call.error?.message ?? "", /pin-package-changed/, JSON.stringify(call));
  } finally {
    await g.close();
  }
});

test("--pin-versions holds the entry to the locked version, and the client runs 1.0.0 again", async () => {
  const r = await runCli(
    [
      "mcp",
      "guard",
      "--install",
      "--config",
      CONFIG,
      "--lock",
      SET,
      "--pin-versions",
      "--toolscore",
      `node ${CLI}`,
    ],
    { env, cwd: tmp.dir },
  );
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, new RegExp(`notes: ${NOTES_NAME}@\\^1 held to ${NOTES_NAME}@1\\.0\\.0`));
  const entry = (
    JSON.parse(readFileSync(CONFIG, "utf8")) as {
      mcpServers: {
        notes: { command: string; args: string[]; env: Record<string, string>; "x-toolscore-args": string[] };
      };
    }
  ).mcpServers.notes;
  assert.equal(entry.args.at(-1), `npx -y ${NOTES_NAME}@1.0.0`);
  assert.deepEqual(entry["x-toolscore-args"], ["-y", `${NOTES_NAME}@1.0.0`]);
  // The entry as a client launches it.
  const client = await openRawSession(entry.command, entry.args, entry.env);
  try {
    const list = await client.request("tools/list");
    assert.deepEqual(
      (list.result?.tools as Array<{ name: string }> | undefined)?.map((t) => t.name),
      ["read_note"],
      JSON.stringify(list),
    );
    const call = await client.request("tools/call", { name: "read_note", arguments: { id: "1" } });
    assert.ok(call.result, JSON.stringify(call));
  } finally {
    await client.close();
  }
  assert.equal(lastRun(), "1.0.0");
});
