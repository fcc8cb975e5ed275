// The jobs of a run: the test files (each in a process of its own, or sharing one with other
// files of its tier) and the checks, in the order they start, and the times of the last run that
// give that order.
//
// Starting a process and loading the modules a file imports (the SDK, the sources, the CLI) cost
// most of a small file's time, so files share processes, imported one after another:
// - the files of test/unit/ (pure code, no servers) and of test/cli/ (the CLI run in-process), a
//   process per core in each tier;
// - the files of test/e2e/ (real servers and clients), five or so to a process, in processes
//   enough that the pool can still run one group while another waits on a server. An end-to-end
//   file that states a time limit of its own (one that starts many processes) keeps a process of
//   its own, so that its long run overlaps the others'.
// A file that needs a process of its own is one whose top-level hooks run around every test
// (beforeEach, afterEach at the top level: in a shared process they would run around the other
// files' tests), one that changes the working folder or the environment, or one that says so in
// its first lines (`// own process: REASON`, for one that looks at the process itself); a shared
// file must otherwise leave shared state (limits, the environment, the working folder) as it
// found it once its tests end. Its top-level `after` hooks run when the whole process ends.
//
// Each file has a time limit of 180 s, or the one it states in its first lines as
// `// time limit: N s` (a file that starts many processes states more). The jobs that took longest
// the last time start first, so that the heavy ones do not end the run alone: each job's wall and
// CPU seconds are kept under node_modules/.cache (a file for each checkout); a job not measured yet
// is placed by its time limit (a tenth of it), a check by the seconds scripts/checks.mjs gives it.
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkoutKey } from "../checkout-cache.mjs";

const DEFAULT_LIMIT_S = 180;
const GROUP_LIMIT_S = 300;
// The tiers whose files share processes, and how many processes each gets for `count` files.
const SHARED_TIERS = {
  unit: (count, concurrency) => Math.min(concurrency, Math.ceil(count / 2)),
  cli: (count, concurrency) => Math.min(concurrency, Math.ceil(count / 2)),
  e2e: (count) => Math.ceil(count / 5),
};

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === "fixtures" || name === "node_modules") return [];
    return statSync(p).isDirectory() ? walk(p) : p.endsWith(".test.ts") ? [p] : [];
  });
}

/** The test files under test/ whose path holds one of `filters` (every file when there is none). */
export function testFiles(filters) {
  return walk("test")
    .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
    .sort();
}

const headOf = (file) => readFileSync(file, "utf8").split("\n", 8).join("\n");
const statedLimit = (file) => /^\/\/ time limit: (\d+) s\b/m.exec(headOf(file))?.[1];
const limitOf = (file) => Number(statedLimit(file) ?? DEFAULT_LIMIT_S);

/** The tier (unit, cli, e2e) whose files share processes, or undefined. */
const tierOf = (file) => Object.keys(SHARED_TIERS).find((t) => file.startsWith(join("test", t) + "/"));

/**
 * A file of a shared tier shares a process with other files of its tier unless it has hooks at its
 * top level that run around every test (`beforeEach`, `afterEach`: in a shared process they would
 * run around the other files' tests too), changes the working folder or the environment, says in
 * its first lines that it needs a process of its own, or is an end-to-end file with a time limit
 * of its own.
 */
function shares(file) {
  const tier = tierOf(file);
  if (tier === undefined) return false;
  const text = readFileSync(file, "utf8");
  return (
    !/^(beforeEach|afterEach)\(/m.test(text) &&
    !/process\.chdir\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/.test(text) &&
    !/^\/\/ own process: /m.test(headOf(file)) &&
    !(tier === "e2e" && statedLimit(file) !== undefined)
  );
}

/**
 * The jobs for the `files` matched and the `checks` asked for, the longest first by `times` (each
 * job: name, key, and files with a limit, or a check's argv).
 */
export function planJobs(files, { concurrency, checks, times }) {
  const groups = Object.entries(SHARED_TIERS).flatMap(([tier, processes]) => {
    const members = files.filter((f) => tierOf(f) === tier && shares(f));
    const count = processes(members.length, concurrency);
    const parts = Array.from({ length: count }, (_, g) => members.filter((_, i) => i % count === g));
    return parts
      .filter((g) => g.length > 1)
      .map((files, g, all) => ({
        name: `test/${tier}, ${files.length} files in one process (${g + 1} of ${all.length})`,
        key: `test/${tier} ${g + 1} of ${all.length}`,
        files,
        // Many files' work in one process: the limit of a file that starts many processes.
        limit: Math.max(GROUP_LIMIT_S, ...files.map(limitOf)),
      }));
  });
  const grouped = new Set(groups.flatMap((g) => g.files));
  const expected = (job) => times[job.key]?.wall ?? job.estimate;
  return [
    ...checks.map((c) => ({ name: c.name, key: `check ${c.name}`, check: c.argv, estimate: c.seconds })),
    ...files
      .filter((f) => !grouped.has(f))
      .map((file) => ({ name: file, key: file, files: [file], limit: limitOf(file) })),
    ...groups,
  ]
    .map((job) => ({ estimate: job.limit / 10, ...job }))
    .sort((a, b) => expected(b) - expected(a) || (a.name < b.name ? -1 : 1));
}

/** The file of this checkout's job times, under `cache`. */
export const timesFileOf = (cache) => join(cache, `times-${checkoutKey}.json`);

/** What each job took the last time: its wall and CPU seconds, by job key ({} before a first run). */
export function readTimes(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return {};
  }
}

/**
 * Keeps what each job took, for the order of the next run. A job stopped at its limit is not a
 * measure; a whole run (`whole`) forgets the jobs it no longer has (files renamed, groups split
 * another way), though the checks' times stay when a run has no checks.
 */
export function writeTimes(file, times, results, { jobs, whole, withChecks }) {
  let kept = times;
  if (whole) {
    const keep = ([key]) => jobs.some((j) => j.key === key) || (!withChecks && key.startsWith("check "));
    kept = Object.fromEntries(Object.entries(times).filter(keep));
  }
  for (const r of results) {
    if (r.cutOff) continue;
    kept[r.key] = {
      wall: Number(r.wall.toFixed(1)),
      ...(r.cpu === undefined ? {} : { cpu: Number(r.cpu.toFixed(1)) }),
    };
  }
  const written = `${file}.${process.pid}`;
  writeFileSync(written, `${JSON.stringify(kept, null, 1)}\n`);
  renameSync(written, file);
}
