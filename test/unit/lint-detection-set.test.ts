// The detection set of test/fixtures/detection: its records are well formed and split as its
// README says (a seeded hash of the id, fixed before any tuning), and the published servers'
// snapshots of test/fixtures/real draw no poisoning finding worse than info.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { lintMessage } from "../../src/report/lint-messages.js";
import { realServers } from "../support/real-servers.js";

const FIXTURES = join(import.meta.dirname, "..", "fixtures");
const load = (name: string) =>
  readFileSync(join(FIXTURES, "detection", name), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);

test("every record of the detection set has its source, licence, class and the split its id gives", () => {
  const poisoned = load("poisoned.jsonl");
  const clean = load("clean.jsonl");
  const ids = new Set<unknown>();
  for (const r of [...poisoned, ...clean]) {
    assert.ok(!ids.has(r.id), `duplicate id ${String(r.id)}`);
    ids.add(r.id);
    for (const k of ["source", "licence", "attack"])
      assert.equal(typeof r[k], "string", `${String(r.id)}: ${k}`);
    const bits = parseInt(
      createHash("sha256")
        .update(`toolscore-detection-held-out-v1:${String(r.id)}`)
        .digest("hex")
        .slice(0, 8),
      16,
    );
    assert.equal(r.split, bits % 2 ? "held-out" : "tune", String(r.id));
    assert.equal(typeof (r.tool as { name?: unknown }).name, "string", String(r.id));
  }
  assert.ok(clean.every((r) => r.attack === "real" || r.attack === "decoy"));
  assert.ok(poisoned.every((r) => r.attack !== "real" && r.attack !== "decoy"));
  assert.ok(poisoned.some((r) => r.split === "held-out") && poisoned.some((r) => r.split === "tune"));
});

test("no published server's snapshot draws a poisoning error or warning", () => {
  const real = realServers();
  assert.ok(real.length >= 11);
  for (const { file, findings } of real) {
    const found = findings.filter(
      (f) =>
        ["description-instruction", "schema-instruction", "hidden-unicode"].includes(f.rule) &&
        f.severity !== "info",
    );
    assert.deepEqual(
      found.map((f) => `${f.tool ?? ""} ${f.path}: ${lintMessage(f)}`),
      [],
      file,
    );
  }
});
