// Runs every test file under test/ with node's test runner (TypeScript through tsx).
// `node scripts/test.mjs unit` runs only the files whose path contains "unit".
// Each file has a time limit of 120 s, or the one it states in its first lines as
// `// time limit: N s` (a file of heavy runs, such as test/e2e/hostile-large.test.ts, states more,
// so that a busy machine does not cut it off). Files with the same limit run together, two at a time.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const DEFAULT_LIMIT_S = 120;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === "fixtures" || name === "node_modules") return [];
    return statSync(p).isDirectory() ? walk(p) : p.endsWith(".test.ts") ? [p] : [];
  });
}

function limitOf(file) {
  const head = readFileSync(file, "utf8").split("\n", 8).join("\n");
  const m = /^\/\/ time limit: (\d+) s$/m.exec(head);
  return m ? Number(m[1]) : DEFAULT_LIMIT_S;
}

const filters = process.argv.slice(2);
const files = walk("test")
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error("no test files matched");
  process.exit(1);
}
const groups = new Map();
for (const f of files) {
  const limit = limitOf(f);
  groups.set(limit, [...(groups.get(limit) ?? []), f]);
}
// The longest first: heavy files start while the machine is fresh, the many short ones follow.
let status = 0;
for (const [limit, group] of [...groups].sort((a, b) => b[0] - a[0])) {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "--test", "--test-concurrency=2", `--test-timeout=${limit * 1000}`, ...group],
    { stdio: "inherit" },
  );
  if (result.status !== 0) status = result.status ?? 1;
}
process.exit(status);
