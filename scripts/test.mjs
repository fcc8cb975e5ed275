// Runs every test file under test/ with node's test runner. `node scripts/test.mjs unit` runs only
// the files whose path contains "unit". With --check (as `npm test` runs it) the bundle is built
// first (without its type declarations, which the package test makes when it needs them), and the
// checks of scripts/checks.mjs (typecheck, ESLint, Prettier, knip) run in the same pool as the test
// files, each one a job like a file.
//
// - The jobs (scripts/test/jobs.mjs): the files of test/unit/ and test/cli/ share a process per
//   core, those of test/e2e/ five or so to a process, and the rest (and a file that needs it) run
//   in a process of their own; each with a time limit (180 s, or the one it states in its first
//   lines as `// time limit: N s`), a guard against a hang, not a measure: a file still running
//   at its limit is stopped, with every process it started, and counts as failed. The jobs that
//   took longest the last time start first.
// - The pool (scripts/test/pool.mjs): two jobs at a time (TOOLSCORE_TEST_CONCURRENCY, 2 by default:
//   the machine the suite is sized for has two cores). Many files spend much of their time waiting
//   (on a timeout, a server's exit), so the pool starts one more job, up to twice that number,
//   while the cores have been mostly idle for the last second: on a quiet machine the waits
//   are filled, on a busy one nothing is added. A TOOLSCORE_TEST_CONCURRENCY set by hand is kept
//   exactly.
// - The sources (scripts/test/compile.mjs): src/ and test/ are compiled once, up front, into a
//   folder of plain JavaScript under node_modules/.cache, a folder of its own for each run, and
//   each file runs there with plain node. TOOLSCORE_TEST_TSX=1 runs the sources through tsx instead.
//
// A job's output is printed whole when it ends, so that two never interleave. At the end, the
// slowest jobs are listed with their wall time and, where /usr/bin/time exists, the CPU seconds of
// the job and every process it started (TOOLSCORE_TEST_TIMES=1 lists every job), then every check
// and file that failed.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CHECKS, runCaptured } from "./checks.mjs";
import { compileCheckout } from "./test/compile.mjs";
import { planJobs, readTimes, testFiles, timesFileOf, writeTimes } from "./test/jobs.mjs";
import { running, runPool } from "./test/pool.mjs";

const FIXED = Number(process.env.TOOLSCORE_TEST_CONCURRENCY) || 0;
const CONCURRENCY = Math.max(1, FIXED || 2);
// Up to twice as many while the cores idle (never when the number was set by hand).
const MOST = FIXED ? CONCURRENCY : CONCURRENCY * 2;

const args = process.argv.slice(2);
const withChecks = args.includes("--check");
const filters = args.filter((a) => !a.startsWith("--"));
const matched = testFiles(filters);
if (matched.length === 0) {
  console.error("no test files matched");
  process.exit(1);
}

const ROOT = resolve(import.meta.dirname, "..");
const CACHE = join(ROOT, "node_modules", ".cache", "toolscore-test");
const timesFile = timesFileOf(CACHE);
const times = readTimes(timesFile);
const jobs = planJobs(matched, { concurrency: CONCURRENCY, checks: withChecks ? CHECKS : [], times });

const scratch = mkdtempSync(join(tmpdir(), "toolscore-test-"));
const configHome = join(scratch, "config");
mkdirSync(configHome);

// Under node_modules, which every tool ignores, so that the compiled files find the packages the
// sources import; a folder of its own for each run.
const TSX = process.env.TOOLSCORE_TEST_TSX === "1";
mkdirSync(CACHE, { recursive: true });
const compiled = TSX ? undefined : mkdtempSync(join(CACHE, "run-"));
const cleanUp = () => {
  rmSync(scratch, { recursive: true, force: true });
  if (compiled) rmSync(compiled, { recursive: true, force: true });
};

// Interrupted, the run stops the jobs running (with what they started) and removes its folders.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    for (const pid of running) {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    cleanUp();
    process.exit(130);
  });
}

const suiteStarted = Date.now();
if (withChecks) {
  // The tests run the bundle, and the checks read the validators the build generates.
  const built = await runCaptured([process.execPath, "scripts/build.mjs", "--no-types"]);
  process.stdout.write(
    `# build: ${built.ok ? "ok" : "FAILED"} (${built.seconds.toFixed(1)} s)\n${built.text}`,
  );
  if (!built.ok) {
    cleanUp();
    process.exit(1);
  }
}
if (compiled) await compileCheckout(ROOT, compiled);

const results = await runPool(jobs, {
  concurrency: CONCURRENCY,
  most: MOST,
  root: ROOT,
  compiled,
  scratch,
  configHome,
  onResult(job, r) {
    const members = job.files?.length > 1 ? `# ${job.files.join(", ")}\n` : "";
    process.stdout.write(`\n# ${r.name} (${r.wall.toFixed(1)} s)\n${members}${r.text}`);
    if (r.cutOff) process.stdout.write(`✖ ${r.name} was stopped at its time limit of ${r.limit} s\n`);
    else if (!r.ok) process.stdout.write(`✖ ${r.name} failed (exit ${r.code})\n`);
  },
});
cleanUp();
writeTimes(timesFile, times, results, { jobs, whole: filters.length === 0, withChecks });

const files = results.filter((r) => !r.check);
const sum = (k) => files.reduce((n, r) => n + r[k], 0);
const failed = results.filter((r) => !r.ok);
const wall = (Date.now() - suiteStarted) / 1000;
const cpuKnown = results.every((r) => r.cpu !== undefined);
const byTime = [...results].sort((a, b) => b.wall - a.wall);
const shown = process.env.TOOLSCORE_TEST_TIMES ? byTime : byTime.slice(0, 10);
const fmt = (n) => (n === undefined ? "    -" : n.toFixed(1).padStart(5));
console.log(`\n# slowest jobs (wall s, cpu s, limit s)`);
for (const r of shown)
  console.log(`${fmt(r.wall)} ${fmt(r.cpu)} ${String(r.limit ?? "-").padStart(4)}  ${r.name}`);
const checks = results.filter((r) => r.check);
console.log(
  `\n# ${matched.length} files in ${files.length} processes, ${sum("tests")} tests, ${sum("pass")} passed, ${sum("fail")} failed, ` +
    `${sum("cancelled")} cancelled` +
    (checks.length > 0 ? `; ${checks.filter((r) => r.ok).length} of ${checks.length} checks passed` : "") +
    `; ${wall.toFixed(1)} s` +
    (cpuKnown ? `, ${results.reduce((n, r) => n + r.cpu, 0).toFixed(1)} cpu s` : ""),
);
for (const r of failed) console.log(`✖ ${r.name}${r.cutOff ? ` (stopped at ${r.limit} s)` : ""}`);
process.exit(failed.length > 0 ? 1 : 0);
