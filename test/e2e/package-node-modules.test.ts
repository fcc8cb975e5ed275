// The package a launch runs from node_modules (a bin in node_modules/.bin, or node on a file of an
// installed package), installed by npm from tarballs: recorded in the lock, and a new version with
// the same tools is pin-package-changed. A runner toolscore cannot resolve is recorded as such.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fixture, runCli, tempDir } from "../support/cli.js";
import { NOTES_NAME, notesPackageAt, npm, tarballOf } from "../support/packages.js";
import { parseLock } from "../../src/pin/lock-read.js";

const tmp = tempDir("toolscore-pkg-nm-");
after(() => tmp.remove());
// 1.0.0 is installed in the project, 1.0.1 (the same tools) in its workspace "next": both trees
// from one run of npm, each with the package-lock npm wrote.
const project = join(tmp.dir, "project");
const next = join(project, "next");
const env = { npm_config_cache: join(tmp.dir, "npm-cache"), npm_config_offline: "true" };

before(async () => {
  mkdirSync(next, { recursive: true });
  const tarball = async (version: string) => {
    const file = join(tmp.dir, `${NOTES_NAME}-${version}.tgz`);
    writeFileSync(file, await tarballOf(notesPackageAt(tmp.dir, version)));
    return file;
  };
  const manifest = (name: string, tgz: string, extra: object = {}) =>
    JSON.stringify({ name, version: "0.0.0", ...extra, dependencies: { [NOTES_NAME]: `file:${tgz}` } });
  writeFileSync(
    join(project, "package.json"),
    manifest("project", await tarball("1.0.0"), { workspaces: ["next"] }),
  );
  writeFileSync(join(next, "package.json"), manifest("next", await tarball("1.0.1")));
  await npm(["install"], project, env);
});

interface Finding {
  rule: string;
  failing: boolean;
  package?: { locked: { version: string }; found: { version: string } | null; reason: string | null };
  reason?: string;
}
const lockAt = (file: string) => parseLock(JSON.parse(readFileSync(file, "utf8")));
const integrityOf = (tree: string) => {
  const lock = JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8")) as {
    packages: Record<string, { integrity?: string }>;
  };
  return lock.packages[`${tree}node_modules/${NOTES_NAME}`]!.integrity!;
};

/** The two launch forms of the package installed in the tree at `dir`. */
const LAUNCHES = {
  bin: (dir: string) => join(dir, "node_modules", ".bin", NOTES_NAME),
  node: (dir: string) => `node ${join(dir, "node_modules", NOTES_NAME, "server.mjs")}`,
};

test("pin records the installed package of a .bin and of node …/node_modules/<pkg>/…", async () => {
  for (const [form, launch] of Object.entries(LAUNCHES)) {
    const file = join(tmp.dir, `${form}.lock.json`);
    const r = await runCli(["mcp", "pin", launch(project), "--lock", file]);
    assert.equal(r.code, 0, r.stderr);
    const lock = lockAt(file);
    assert.deepEqual(lock.package, {
      ecosystem: "npm",
      name: NOTES_NAME,
      version: "1.0.0",
      integrity: integrityOf(""),
    });
    assert.match(lock.package.integrity!, /^sha512-/);
    // verify-pin finds the same package unchanged: checked once, since each form's package is
    // resolved by verify-pin in the next test, and matching it to the lock does not depend on the form.
    if (form !== "bin") continue;
    const clean = await runCli(["mcp", "verify-pin", launch(project), "--lock", file, "--json", "-"]);
    assert.equal(clean.code, 0, clean.stdout);
  }
});

test("a new version with the same tools is pin-package-changed, for both forms", async () => {
  assert.notEqual(integrityOf("next/"), integrityOf(""));
  for (const [form, launch] of Object.entries(LAUNCHES)) {
    const r = await runCli([
      "mcp",
      "verify-pin",
      launch(next),
      "--lock",
      join(tmp.dir, `${form}.lock.json`),
      "--json",
      "-",
    ]);
    assert.equal(r.code, 1, r.stdout);
    const findings = (JSON.parse(r.stdout) as { findings: Finding[] }).findings;
    assert.deepEqual(
      findings.map((f) => f.rule),
      ["pin-package-changed"],
    );
    assert.equal(findings[0]!.package!.locked.version, "1.0.0");
    assert.equal(findings[0]!.package!.found!.version, "1.0.1");
    assert.ok(findings[0]!.failing);
    // The console report of the same run, on stderr beside the JSON.
    assert.match(
      r.stderr,
      new RegExp(`the launch runs ${NOTES_NAME}@1\\.0\\.1 .*the lock records ${NOTES_NAME}@1\\.0\\.0`),
    );
    // --fail-on never lets it pass: checked once, since it does not depend on the form.
    if (form !== "bin") continue;
    const never = await runCli([
      "mcp",
      "verify-pin",
      launch(next),
      "--lock",
      join(tmp.dir, `${form}.lock.json`),
      "--fail-on",
      "never",
    ]);
    assert.equal(never.code, 0);
  }
});

test("a launch that cannot be resolved is recorded as such and reported as not checked", async () => {
  // A uvx launch whose package uv's cache does not hold: toolscore says so instead of vouching.
  const uvEnv = { UV_CACHE_DIR: join(tmp.dir, "uv-cache") };
  mkdirSync(uvEnv.UV_CACHE_DIR);
  const bin = join(tmp.dir, "bin");
  mkdirSync(bin);
  writeFileSync(join(bin, "uvx"), `#!/bin/sh\nexec "${process.execPath}" "${fixture("three-tools.mjs")}"\n`);
  chmodSync(join(bin, "uvx"), 0o755);
  const file = join(tmp.dir, "uvx.lock.json");
  const launch = `${join(bin, "uvx")} notes-server`;
  const r = await runCli(["mcp", "pin", launch, "--lock", file], { env: uvEnv });
  assert.equal(r.code, 0, r.stderr);
  const text = readFileSync(file, "utf8");
  assert.match(
    text,
    /"package": null,\n {2}"package_reason": "no environment of uv's cache in .* holds notes-server"/,
  );
  const check = await runCli(["mcp", "verify-pin", launch, "--lock", file, "--json", "-"], { env: uvEnv });
  assert.equal(check.code, 0, check.stdout);
  const findings = (JSON.parse(check.stdout) as { findings: Finding[] }).findings;
  assert.deepEqual(
    findings.map((f) => [f.rule, f.failing]),
    [["pin-package-unchecked", false]],
  );
  // The console report of the same run, on stderr beside the JSON.
  assert.match(
    check.stderr,
    /INFO .*the package the launch runs is not checked: no environment of uv's cache in .* holds notes-server/,
  );
  assert.doesNotMatch(check.stderr, /package .*checked against/);
});

test("a lock bound to a package, checked from a saved file, says the package was not checked", async () => {
  const r = await runCli([
    "mcp",
    "verify-pin",
    join(tmp.dir, "bin.lock.json"),
    "--lock",
    join(tmp.dir, "bin.lock.json"),
    "--json",
    "-",
  ]);
  assert.equal(r.code, 0, r.stdout);
  const findings = (JSON.parse(r.stdout) as { findings: Finding[] }).findings;
  assert.deepEqual(
    findings.map((f) => f.rule),
    ["pin-package-unchecked"],
  );
});
