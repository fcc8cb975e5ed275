// Measures poisoning detection on labelled tool definitions, with this build's dist/index.js:
//
//   node scripts/detection.mjs                    the set in test/fixtures/detection, each split apart
//   node scripts/detection.mjs --dev [DIR]        also the development set (../shared/detection)
//   node scripts/detection.mjs --details          misses and false positives of the tune split too
//
// A poisoned tool is caught when lint reports on it a finding of severity error or warning from
// description-instruction, hidden-unicode or schema-instruction (the criterion of the development
// set's measure.sh); a clean tool with such a finding is a false positive. Each tool is linted on
// its own. The held-out split is never listed tool by tool: only its figures are printed, so that
// the rules are not tuned on it (test/fixtures/detection/README.md).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { lintTools } = await import(join(root, "dist", "index.js"));

const RULES = new Set(["description-instruction", "hidden-unicode", "schema-instruction"]);
const args = process.argv.slice(2);
const details = args.includes("--details");
const devAt = args.indexOf("--dev");

const load = (file) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

const hits = (tool) => lintTools([tool]).filter((f) => RULES.has(f.rule) && f.severity !== "info");
const pct = (n, d) => (d === 0 ? "   -  " : `${((100 * n) / d).toFixed(1).padStart(5)}%`);

function measure(title, poisoned, clean, list) {
  console.log(`\n${title}: ${poisoned.length} poisoned, ${clean.length} clean`);
  const classes = new Map();
  const misses = [];
  for (const r of poisoned) {
    const c = classes.get(r.attack) ?? { n: 0, caught: 0 };
    classes.set(r.attack, c);
    c.n++;
    if (hits(r.tool).length > 0) c.caught++;
    else misses.push(r);
  }
  console.log(`  ${"class".padEnd(22)} ${"n".padStart(4)} ${"caught".padStart(6)} ${"recall".padStart(7)}`);
  const sorted = [...classes].sort((a, b) => b[1].n - a[1].n || a[0].localeCompare(b[0]));
  for (const [cls, c] of sorted)
    console.log(
      `  ${cls.padEnd(22)} ${String(c.n).padStart(4)} ${String(c.caught).padStart(6)} ${pct(c.caught, c.n)}`,
    );
  const caught = poisoned.length - misses.length;
  console.log(
    `  ${"ALL".padEnd(22)} ${String(poisoned.length).padStart(4)} ${String(caught).padStart(6)} ${pct(caught, poisoned.length)}`,
  );
  const fps = clean.map((r) => ({ r, found: hits(r.tool) })).filter((x) => x.found.length > 0);
  for (const kind of ["real", "decoy"]) {
    const all = clean.filter((r) => r.attack === kind).length;
    const fp = fps.filter((x) => x.r.attack === kind).length;
    console.log(
      `  false positives, ${kind.padEnd(5)} ${String(fp).padStart(4)} / ${String(all).padStart(4)} ${pct(fp, all)}`,
    );
  }
  if (!list) return;
  for (const r of misses)
    console.log(
      `  miss ${r.id} [${r.attack}] ${r.tool.name}: ${JSON.stringify(String(r.tool.description)).slice(0, 200)}`,
    );
  for (const { r, found } of fps)
    console.log(`  false positive ${r.id} [${r.attack}] ${r.tool.name}: ${found[0].message.slice(0, 200)}`);
}

const dir = join(root, "test", "fixtures", "detection");
const poisoned = load(join(dir, "poisoned.jsonl"));
const clean = load(join(dir, "clean.jsonl"));
for (const split of ["tune", "held-out"]) {
  measure(
    `${split} split`,
    poisoned.filter((r) => r.split === split),
    clean.filter((r) => r.split === split),
    details && split === "tune",
  );
}
if (devAt >= 0) {
  const next = args[devAt + 1];
  const dev = resolve(next && !next.startsWith("--") ? next : join(root, "..", "shared", "detection"));
  if (!existsSync(join(dev, "poisoned.jsonl"))) console.log(`\nno development set at ${dev}`);
  else measure("development set", load(join(dev, "poisoned.jsonl")), load(join(dev, "clean.jsonl")), details);
}
