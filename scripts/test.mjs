// Runs every test file under test/ with node's test runner (TypeScript through tsx), each file in a
// process of its own, TOOLSCORE_TEST_CONCURRENCY of them at a time (2 by default: the machine the
// suite is sized for has two cores). `node scripts/test.mjs unit` runs only the files whose path
// contains "unit".
//
// Each file has a time limit of 180 s, or the one it states in its first lines as
// `// time limit: N s` (a file that starts many processes states more). The limit is a guard against
// a hang, not a measure: a file still running at its limit is stopped, with every process it started,
// and counts as failed. Files with the longest limits start first, so that the heavy ones do not end
// the run alone.
//
// A file's output is printed whole when it ends, so that two files never interleave. At the end, the
// slowest files are listed with their wall time and, where /usr/bin/time exists, the CPU seconds of
// the file and every process it started; TOOLSCORE_TEST_TIMES=1 lists every file.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const DEFAULT_LIMIT_S = 180;
const CONCURRENCY = Math.max(1, Number(process.env.TOOLSCORE_TEST_CONCURRENCY) || 2);
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === "fixtures" || name === "node_modules") return [];
    return statSync(p).isDirectory() ? walk(p) : p.endsWith(".test.ts") ? [p] : [];
  });
}

function limitOf(file) {
  const head = readFileSync(file, "utf8").split("\n", 8).join("\n");
  const m = /^\/\/ time limit: (\d+) s\b/m.exec(head);
  return m ? Number(m[1]) : DEFAULT_LIMIT_S;
}

const filters = process.argv.slice(2);
const files = walk("test")
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .map((file) => ({ file, limit: limitOf(file) }))
  .sort((a, b) => b.limit - a.limit || (a.file < b.file ? -1 : 1));
if (files.length === 0) {
  console.error("no test files matched");
  process.exit(1);
}

const scratch = mkdtempSync(join(tmpdir(), "toolscore-test-"));

/** Runs one file; resolves with its outcome, wall time and (where measurable) CPU seconds. */
function runFile({ file, limit }, index) {
  // The file is run as a script (node:test runs its tests and sets the exit code), not under
  // `node --test`, which would start a second Node process, with tsx, for each file.
  const node = [process.execPath, "--import", "tsx", "--test-reporter=spec", file];
  const cpuFile = join(scratch, `${index}.cpu`);
  const argv = TIME ? [TIME, "-q", "-f", "%U %S", "-o", cpuFile, ...node] : node;
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    // A process group of its own, so that a file cut off at its limit takes its servers with it.
    const child = spawn(argv[0], argv.slice(1), {
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" },
    });
    const out = [];
    child.stdout.on("data", (b) => out.push(b));
    child.stderr.on("data", (b) => out.push(b));
    let cutOff = false;
    const timer = setTimeout(() => {
      cutOff = true;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }, limit * 1000);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      let cpu;
      try {
        const [user, sys] = readFileSync(cpuFile, "utf8").trim().split("\n").pop().split(" ").map(Number);
        if (Number.isFinite(user) && Number.isFinite(sys)) cpu = user + sys;
      } catch {
        // Not measured (killed, or no /usr/bin/time).
      }
      const text = Buffer.concat(out).toString("utf8");
      const count = (what) => Number(new RegExp(`^ℹ ${what} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
      resolve({
        file,
        limit,
        ok: code === 0 && !cutOff,
        cutOff,
        code: code ?? signal,
        wall,
        cpu,
        text,
        tests: count("tests"),
        pass: count("pass"),
        fail: count("fail"),
        cancelled: count("cancelled"),
      });
    });
  });
}

const suiteStarted = Date.now();
const results = [];
let next = 0;
async function worker() {
  while (next < files.length) {
    const index = next++;
    const r = await runFile(files[index], index);
    results.push(r);
    process.stdout.write(`\n# ${r.file} (${r.wall.toFixed(1)} s)\n${r.text}`);
    if (r.cutOff) process.stdout.write(`✖ ${r.file} was stopped at its time limit of ${r.limit} s\n`);
    else if (!r.ok) process.stdout.write(`✖ ${r.file} failed (exit ${r.code})\n`);
  }
}
await Promise.all(Array.from({ length: Math.min(CONCURRENCY, files.length) }, worker));
rmSync(scratch, { recursive: true, force: true });

const sum = (k) => results.reduce((n, r) => n + r[k], 0);
const failed = results.filter((r) => !r.ok);
const wall = (Date.now() - suiteStarted) / 1000;
const cpuKnown = results.every((r) => r.cpu !== undefined);
const byTime = [...results].sort((a, b) => b.wall - a.wall);
const shown = process.env.TOOLSCORE_TEST_TIMES ? byTime : byTime.slice(0, 10);
const fmt = (n) => (n === undefined ? "    -" : n.toFixed(1).padStart(5));
console.log(`\n# slowest files (wall s, cpu s, limit s)`);
for (const r of shown) console.log(`${fmt(r.wall)} ${fmt(r.cpu)} ${String(r.limit).padStart(4)}  ${r.file}`);
console.log(
  `\n# ${results.length} files, ${sum("tests")} tests, ${sum("pass")} passed, ${sum("fail")} failed, ` +
    `${sum("cancelled")} cancelled; ${wall.toFixed(1)} s` +
    (cpuKnown ? `, ${results.reduce((n, r) => n + r.cpu, 0).toFixed(1)} cpu s` : ""),
);
for (const r of failed) console.log(`✖ ${r.file}${r.cutOff ? ` (stopped at ${r.limit} s)` : ""}`);
process.exit(failed.length > 0 ? 1 : 0);
